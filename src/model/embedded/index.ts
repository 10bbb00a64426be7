import { createHash } from 'node:crypto';
import type { NationalClimate } from '../../domain/coverage/national-climate.ts';
import { ModelUnavailableError } from '../../domain/errors/failures.ts';
import type {
  BuildingFootprint,
  CellLocation,
  CellSeries,
  DomainId,
  DomainInfo,
  LayerRanges,
  LayerWindow,
  LonLatWindow,
  NearestOutdoor,
  SeriesSpan,
  TimedLayer,
} from '../../domain/grid/model-data.ts';
import { NATIONAL_DOMAIN, spanKey } from '../../domain/grid/model-data.ts';
import { type LiveInputs, NO_LIVE_INPUTS } from '../../domain/live/live-inputs.ts';
import { NO_REFERENCE_YEARS, type ReferenceYears } from '../../domain/live/reference-year.ts';
import { layerTileCut } from '../../domain/map/layer-tile.ts';
import type { TileAddress } from '../../domain/map/mercator.ts';
import type { CityDomainSpec } from '../../services/city-domains-port.ts';
import type { CallOptions } from '../../services/ports/model-domains-port.ts';
import type { MicroclimateModel } from '../microclimate-model.ts';
import { joinSeriesSlices } from './compute/series-output.ts';
import { forecastSteps, latestObservedHour } from './compute/time-steps.ts';
import { cellAt, cellCentreLonLat } from './grid/geometry.ts';
import { type Morphology, transferOf } from './morphology/morphology.ts';
import { loadOrBuildCity, loadOrGenerateNational } from './morphology/store.ts';
import type { Task } from './pool/protocol.ts';
import { spreadOverThreads } from './pool/spread.ts';
import { WorkRegistry } from './pool/work-registry.ts';
import { WorkerPool } from './pool/worker-pool.ts';
import { DomainFootprints } from './spatial/domain-footprints.ts';
import { locate, nearestOutdoor, outdoorCellsWithin } from './spatial/queries.ts';
import { MODEL_SEED, MODEL_VERSION } from './version.ts';

/**
 * The embedded microclimate model: loads (or generates once) the morphology of the
 * nationwide grid and of every city it is given (through the city domains port:
 * CityDomainSpec) from DATA_DIR, shares it with a worker-thread pool, and answers the
 * model's ports (MicroclimateModel, microclimate-model.ts).
 */
export interface EmbeddedModelOptions {
  dataDir: string;
  /** worker threads, default 2, minimum 1 */
  workers?: number;
  /** the city domains at start; setCities changes them later */
  cities: readonly CityDomainSpec[];
  /** the national climate (data/national/climate.json): the weather's normals, civil clock and the nationwide year */
  climate: NationalClimate;
}

export async function loadDomains(
  dataDir: string,
  cities: readonly CityDomainSpec[],
  climate: NationalClimate,
): Promise<Map<DomainId, Morphology>> {
  const domains = new Map<DomainId, Morphology>();
  const national = (await loadOrGenerateNational(dataDir, climate)).morphology;
  // cities without cached rasters are built side by side, each in a process of its own
  const built = await Promise.all(cities.map((city) => loadOrBuildCity(dataDir, city, national)));
  for (const [i, city] of cities.entries()) domains.set(city.id, built[i]!.morphology);
  domains.set(NATIONAL_DOMAIN, national);
  return domains;
}

export async function createEmbeddedModel(options: EmbeddedModelOptions): Promise<MicroclimateModel> {
  const domains = await loadDomains(options.dataDir, options.cities, options.climate);
  const size = Math.max(1, Math.floor(options.workers ?? 2));
  const pool = new WorkerPool(size, {
    seed: MODEL_SEED,
    morphologies: [...domains.values()].map(transferOf),
  });
  // ready means fast: the workers hold each domain's reference-year tables before we answer
  await pool.warm();
  // the climate is data: a changed descriptor changes the numbers, so the version too
  const climate = createHash('sha256').update(JSON.stringify(options.climate)).digest('hex').slice(0, 10);
  return new EmbeddedModel(options.dataDir, domains, pool, climate);
}

/** the model version plus the revisions of the cities it runs on and of its climate (and the backfilled years it uses) */
function versionOf(
  morphologies: ReadonlyMap<DomainId, Morphology>,
  reference: ReferenceYears,
  climate: string,
): string {
  const revisions = [...morphologies.values()]
    .filter((m) => m.info.id !== NATIONAL_DOMAIN)
    .map((m) => `${m.info.id}@${m.info.revision}`)
    .sort();
  const digest = createHash('sha256')
    .update(`${revisions.join(',')};climate@${climate}`)
    .digest('hex')
    .slice(0, 10);
  return reference === NO_REFERENCE_YEARS
    ? `${MODEL_VERSION}+${digest}`
    : `${MODEL_VERSION}+${digest}+${reference.version}`;
}

class EmbeddedModel implements MicroclimateModel {
  version: string;
  inputsVersion = NO_LIVE_INPUTS.version;
  private reference: ReferenceYears = NO_REFERENCE_YEARS;
  private readonly registry = new WorkRegistry();
  private readonly footprints: DomainFootprints;
  private changing: Promise<void> = Promise.resolve();
  /** aborted by close(): a city's build under way is killed, so that no process outlives the model */
  private readonly builds = new AbortController();

  constructor(
    private readonly dataDir: string,
    private readonly morphologies: Map<DomainId, Morphology>,
    private readonly pool: WorkerPool,
    /** digest of the national climate descriptor the domains run in */
    private readonly climate: string,
  ) {
    this.footprints = new DomainFootprints(morphologies);
    this.version = versionOf(morphologies, this.reference, climate);
  }

  async setReferenceYears(years: ReferenceYears): Promise<void> {
    // after any city change under way; the threads first, then the version the caches key on
    const next = this.changing.then(async () => {
      await this.pool.broadcast({ method: 'reference', years });
      const changed = new Set<string>();
      for (const y of years.years)
        if (this.reference.years.find((o) => o.domain === y.domain)?.version !== y.version)
          changed.add(y.domain);
      for (const o of this.reference.years)
        if (!years.years.some((y) => y.domain === o.domain)) changed.add(o.domain);
      const warm = [...changed].filter((id) => this.morphologies.has(id));
      // ready means fast: the threads hold the new year's tables before it is announced
      if (warm.length > 0) await this.pool.broadcast({ method: 'warm', domains: warm });
      this.reference = years;
      this.version = versionOf(this.morphologies, years, this.climate);
    });
    this.changing = next.catch(() => {});
    return next;
  }

  /** the domain's info, with its backfilled reference year when one is loaded */
  private infoOf(m: Morphology): DomainInfo {
    const year = this.reference.years.find((y) => y.domain === m.info.id)?.year;
    return year === undefined ? m.info : { ...m.info, referenceYear: year };
  }

  async setLiveInputs(inputs: LiveInputs): Promise<void> {
    await this.pool.broadcast({ method: 'live', inputs });
    this.inputsVersion = inputs.version;
  }

  setCities(cities: readonly CityDomainSpec[]): Promise<void> {
    // one change at a time, in the order asked
    const next = this.changing.then(() => this.applyCities(cities));
    this.changing = next.catch(() => {});
    return next;
  }

  private async applyCities(cities: readonly CityDomainSpec[]): Promise<void> {
    const national = this.get(NATIONAL_DOMAIN);
    const wanted = new Set(cities.map((c) => c.id));
    const changed = cities.filter((spec) => this.morphologies.get(spec.id)?.info.revision !== spec.revision);
    const added: Morphology[] = (
      await Promise.all(
        changed.map((spec) => loadOrBuildCity(this.dataDir, spec, national, this.builds.signal)),
      )
    ).map((loaded) => loaded.morphology);
    const removed = [...this.morphologies.keys()].filter((id) => id !== NATIONAL_DOMAIN && !wanted.has(id));
    if (added.length === 0 && removed.length === 0) return;
    if (added.length > 0) {
      await this.pool.broadcast({ method: 'attach', morphologies: added.map(transferOf) });
      await this.pool.broadcast({ method: 'warm', domains: added.map((m) => m.info.id) });
    }
    // the main thread switches only once every worker holds the new rasters
    for (const m of added) this.morphologies.set(m.info.id, m);
    for (const id of removed) this.morphologies.delete(id);
    this.version = versionOf(this.morphologies, this.reference, this.climate);
    if (removed.length > 0) await this.pool.broadcast({ method: 'detach', domains: removed });
  }

  domains(): readonly DomainInfo[] {
    return [...this.morphologies.values()].map((m) => this.infoOf(m));
  }

  domain(id: DomainId): DomainInfo {
    return this.infoOf(this.get(id));
  }

  geometryAt(id: DomainId, lat: number, lon: number): 'mapped' | 'estimated' | null {
    const m = this.get(id);
    if (!m.info.hasBuildings) return null;
    const cell = cellAt(m.info.grid, lat, lon);
    if (cell < 0) return null;
    return m.rasters.geometryEstimated[cell] === 1 ? 'estimated' : 'mapped';
  }

  referenceWeather(id: DomainId): 'epw' | 'synthetic' {
    return this.get(id).referenceWeather ? 'epw' : 'synthetic';
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
    const key = opts?.workKey && `${opts.workKey}|series|${domain}|${spanKey(span)}|${cells.join(',')}`;
    return this.registry.run(key, opts?.workKey, opts?.deadlineMs, async () => {
      // a reference year is milliseconds of kernel per cell, far more than a thread hop: fewer
      // cells than threads are cut into slices of hours (the kernel carries nothing from
      // hour to hour), more are spread cell by cell; a few hours per cell (observed,
      // forecast) are not worth a hop below four cells
      if (span.kind === 'reference' && cells.length < this.pool.size) {
        const of = Math.floor(this.pool.size / cells.length);
        const slices = await Promise.all(
          cells.map((cell) =>
            Promise.all(
              Array.from({ length: of }, (_, index) =>
                this.pool.run<CellSeries[]>({
                  method: 'series',
                  domain,
                  cells: [cell],
                  span,
                  slice: { index, of },
                }),
              ),
            ),
          ),
        );
        return slices.map((parts) => joinSeriesSlices(parts.flat()));
      }
      return spreadOverThreads(cells, this.pool.size, span.kind === 'reference' ? 1 : 4, (part) =>
        this.pool.run<CellSeries[]>({ method: 'series', domain, cells: part, span }),
      );
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
    return this.footprints.inWindow(domain, window);
  }

  layerTile(
    domain: DomainId,
    layer: TimedLayer,
    hour: { hourMs: number; issuedMs?: number },
    tile: TileAddress,
    opts?: CallOptions,
  ): Promise<Uint8Array | null> {
    // a tile off the grid has nothing to cut: answered here, without waiting for a thread
    if (layerTileCut(this.get(domain).info.grid, tile) === null) return Promise.resolve(null);
    const address = { z: tile.z, x: tile.x, y: tile.y };
    return this.tileWork(`${domain}|${layer}|${JSON.stringify(hour)}`, address, opts, {
      method: 'layerTile',
      domain,
      layer,
      hour: { ...hour },
      tile: address,
    });
  }

  buildingsTile(domain: DomainId, tile: TileAddress, opts?: CallOptions): Promise<Uint8Array | null> {
    if (!this.get(domain).info.hasBuildings) return Promise.resolve(null);
    const address = { z: tile.z, x: tile.x, y: tile.y };
    return this.tileWork(`${domain}|buildings`, address, opts, {
      method: 'buildingsTile',
      domain,
      tile: address,
    });
  }

  /** a tile cut on a thread, with the call's deadline, and kept under its workKey like the other calls */
  private tileWork(what: string, tile: TileAddress, opts: CallOptions | undefined, task: Task) {
    const key = opts?.workKey && `${opts.workKey}|tile|${what}|${tile.z}/${tile.x}/${tile.y}`;
    return this.registry.run(key, opts?.workKey, opts?.deadlineMs, () =>
      this.pool.run<Uint8Array | null>(task),
    );
  }

  layerRanges(
    domain: DomainId,
    layers: readonly TimedLayer[],
    hours: ReadonlyArray<{ hourMs: number; issuedMs?: number }>,
    opts?: CallOptions,
  ): Promise<LayerRanges[]> {
    this.get(domain);
    const key =
      opts?.workKey && `${opts.workKey}|range|${domain}|${layers.join(',')}|${JSON.stringify(hours)}`;
    // hours are independent: split them over the workers (an hour's layers stay together)
    const list = hours.map((h) => ({ ...h }));
    return this.registry.run(key, opts?.workKey, opts?.deadlineMs, () =>
      spreadOverThreads(list, this.pool.size, 1, (part) =>
        this.pool.run<LayerRanges[]>({ method: 'layerRanges', domain, layers: [...layers], hours: part }),
      ),
    );
  }

  exercise(): Promise<void> {
    return this.pool.broadcast({ method: 'exercise' });
  }

  workers(): { alive: number; total: number } {
    return { alive: this.pool.alive, total: this.pool.size };
  }

  pendingTasks(): number {
    return this.pool.pending;
  }

  close(): Promise<void> {
    this.builds.abort();
    return this.pool.close();
  }

  private get(id: DomainId): Morphology {
    const m = this.morphologies.get(id);
    if (!m) throw new ModelUnavailableError(`unknown model domain ${id}`);
    return m;
  }
}
