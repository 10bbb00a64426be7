import type {
  BuildingFootprint,
  CallOptions,
  CellLocation,
  CellSeries,
  DomainId,
  DomainInfo,
  LayerRange,
  LayerWindow,
  LonLatWindow,
  MicroclimateModel,
  NearestOutdoor,
  SeriesSpan,
  TimedLayer,
} from '../port.ts';
import { ModelUnavailableError } from '../port.ts';
import { forecastSteps, latestObservedHour } from './compute/time-steps.ts';
import { cellCentreLonLat } from './grid/geometry.ts';
import { DOMAIN_IDS } from './morphology/domains.ts';
import { type Morphology, transferOf } from './morphology/morphology.ts';
import { loadOrGenerate } from './morphology/store.ts';
import { WorkRegistry } from './pool/work-registry.ts';
import { WorkerPool } from './pool/worker-pool.ts';
import {
  buildingsIn,
  locate,
  maxRectRowSpan,
  nearestOutdoor,
  outdoorCellsWithin,
} from './spatial/queries.ts';
import { MODEL_SEED, MODEL_VERSION } from './version.ts';

/**
 * The embedded microclimate model: loads (or generates once) the morphology of every
 * domain from DATA_DIR, shares it with a worker-thread pool, and answers the port.
 */
export interface EmbeddedModelOptions {
  dataDir: string;
  /** worker threads, default 2, minimum 1 */
  workers?: number;
}

export async function loadDomains(dataDir: string): Promise<Map<DomainId, Morphology>> {
  const domains = new Map<DomainId, Morphology>();
  for (const id of DOMAIN_IDS) domains.set(id, (await loadOrGenerate(dataDir, id)).morphology);
  return domains;
}

export async function createEmbeddedModel(options: EmbeddedModelOptions): Promise<MicroclimateModel> {
  const domains = await loadDomains(options.dataDir);
  const size = Math.max(1, Math.floor(options.workers ?? 2));
  const pool = new WorkerPool(size, {
    seed: MODEL_SEED,
    morphologies: [...domains.values()].map(transferOf),
  });
  // ready means fast: the workers hold each domain's reference-year tables before we answer
  await pool.warm();
  return new EmbeddedModel(domains, pool);
}

class EmbeddedModel implements MicroclimateModel {
  readonly version = MODEL_VERSION;
  private readonly registry = new WorkRegistry();
  private readonly rowSpans = new Map<DomainId, number>();

  constructor(
    private readonly morphologies: Map<DomainId, Morphology>,
    private readonly pool: WorkerPool,
  ) {
    for (const [id, m] of morphologies) this.rowSpans.set(id, maxRectRowSpan(m));
  }

  domains(): readonly DomainInfo[] {
    return [...this.morphologies.values()].map((m) => m.info);
  }

  domain(id: DomainId): DomainInfo {
    return this.get(id).info;
  }

  locate(domain: DomainId, lat: number, lon: number): CellLocation | null {
    return locate(this.get(domain), lat, lon);
  }

  nearestOutdoor(domain: DomainId, lat: number, lon: number): NearestOutdoor | null {
    return nearestOutdoor(this.get(domain), lat, lon);
  }

  outdoorCellsWithin(domain: DomainId, lat: number, lon: number, radiusM: number): number[] {
    return outdoorCellsWithin(this.get(domain), lat, lon, radiusM);
  }

  cellCentre(domain: DomainId, cell: number): [number, number] {
    return cellCentreLonLat(this.get(domain).info.grid, cell);
  }

  latestObservedHour(nowMs: number): number {
    return latestObservedHour(nowMs);
  }

  forecastSteps(issuedMs: number, ceilingHours: number): number[] {
    return forecastSteps(issuedMs, ceilingHours);
  }

  series(
    domain: DomainId,
    cells: readonly number[],
    span: SeriesSpan,
    opts?: CallOptions,
  ): Promise<CellSeries[]> {
    this.get(domain);
    const key =
      opts?.workKey && `${opts.workKey}|series|${domain}|${JSON.stringify(span)}|${cells.join(',')}`;
    return this.registry.run(key, opts?.workKey, opts?.deadlineMs, async () => {
      // spread many cells over the workers; one cell stays on one worker
      const chunks = Math.min(this.pool.size, Math.ceil(cells.length / 4));
      if (chunks <= 1)
        return this.pool.run<CellSeries[]>({ method: 'series', domain, cells: [...cells], span });
      const per = Math.ceil(cells.length / chunks);
      const parts = await Promise.all(
        Array.from({ length: chunks }, (_, k) =>
          this.pool.run<CellSeries[]>({
            method: 'series',
            domain,
            cells: cells.slice(k * per, (k + 1) * per),
            span,
          }),
        ),
      );
      return parts.flat();
    });
  }

  layerWindow(
    domain: DomainId,
    layer: TimedLayer,
    hour: { hourMs: number; issuedMs?: number },
    window: LonLatWindow,
    opts?: CallOptions,
  ): Promise<LayerWindow> {
    this.get(domain);
    const key =
      opts?.workKey &&
      `${opts.workKey}|window|${domain}|${layer}|${JSON.stringify(hour)}|${JSON.stringify(window)}`;
    return this.registry.run(key, opts?.workKey, opts?.deadlineMs, () =>
      this.pool.run<LayerWindow>({
        method: 'layerWindow',
        domain,
        layer,
        hour: { ...hour },
        window: { ...window },
      }),
    );
  }

  buildings(domain: DomainId, window: LonLatWindow): BuildingFootprint[] {
    return buildingsIn(this.get(domain), window, this.rowSpans.get(domain) ?? 0);
  }

  layerRange(
    domain: DomainId,
    layer: TimedLayer,
    hours: ReadonlyArray<{ hourMs: number; issuedMs?: number }>,
    opts?: CallOptions,
  ): Promise<LayerRange[]> {
    this.get(domain);
    const key = opts?.workKey && `${opts.workKey}|range|${domain}|${layer}|${JSON.stringify(hours)}`;
    return this.registry.run(key, opts?.workKey, opts?.deadlineMs, async () => {
      // hours are independent: split them over the workers
      const list = hours.map((h) => ({ ...h }));
      const chunks = Math.min(this.pool.size, list.length);
      if (chunks <= 1)
        return this.pool.run<LayerRange[]>({ method: 'layerRange', domain, layer, hours: list });
      const per = Math.ceil(list.length / chunks);
      const parts = await Promise.all(
        Array.from({ length: chunks }, (_, k) =>
          this.pool.run<LayerRange[]>({
            method: 'layerRange',
            domain,
            layer,
            hours: list.slice(k * per, (k + 1) * per),
          }),
        ),
      );
      return parts.flat();
    });
  }

  workers(): { alive: number; total: number } {
    return { alive: this.pool.alive, total: this.pool.size };
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private get(id: DomainId): Morphology {
    const m = this.morphologies.get(id);
    if (!m) throw new ModelUnavailableError(`unknown model domain ${id}`);
    return m;
  }
}
