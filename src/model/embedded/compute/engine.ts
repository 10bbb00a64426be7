import type {
  CellSeries,
  DomainId,
  LayerRange,
  LayerWindow,
  LonLatWindow,
  SeriesSpan,
  TimedLayer,
} from '../../port.ts';
import { LAYER_FIELDS } from '../../port.ts';
import { SURFACE } from '../morphology/layout.ts';
import type { Morphology } from '../morphology/morphology.ts';
import { type CellOutput, computeCell, type KernelWants, type OutputField } from '../physics/cell-kernel.ts';
import type { HourTable } from '../physics/hour-state.ts';
import { outdoorCellsWithin } from '../spatial/queries.ts';
import { type Background, cityBackground, nationalBackground } from './background.ts';
import { type HourSpec, HourTables } from './hour-tables.ts';
import { allocateOutput, type HourSlice, seriesOutput, sliceBounds } from './series-output.ts';
import { sharedBackground, sharedTable, type WarmTransfer } from './shared-warm.ts';
import { FORECAST_CEILING_HOURS, forecastSteps, hourRange, yearHours } from './time-steps.ts';
import { windowToCells } from './window.ts';

/**
 * The computations behind the port's heavy calls, free of threads: the worker runs
 * them, tests call them directly. Pure functions of (morphology, seed, arguments).
 */
const ALL: KernelWants = { air: true, wind: true, thermal: true };
/** the kernel's warm-up (exercise): cells per domain, rounds, each round a slice of the year */
const EXERCISE_CELLS = 3;
const EXERCISE_ROUNDS = 4;
const EXERCISE_SLICES = 6;
const EXERCISE_RADIUS_M = 1_500;
/** layer field → kernel output, and what the kernel must compute for it */
const LAYER_OUTPUT: Record<TimedLayer, { wants: KernelWants; fields: Record<string, OutputField> }> = {
  thermal: { wants: { air: false, wind: false, thermal: true }, fields: { UTCI: 'utci' } },
  wind: {
    wants: { air: false, wind: true, thermal: false },
    fields: { Ucomfort: 'ucomfort', Ugust: 'ugust' },
  },
  air: {
    wants: { air: true, wind: false, thermal: false },
    fields: { C: 'no2', C_PM25: 'pm25', C_PM10: 'pm10' },
  },
};

/**
 * One run of a domain over some hours: its table, and — built only when a cell outside
 * a city's zone asks for it — the nationwide one.
 */
class Run {
  private nationalTable: HourTable | undefined;

  constructor(
    readonly m: Morphology,
    readonly table: HourTable,
    readonly bg: Background,
    private readonly national: { m: Morphology; bg: Background; table: () => HourTable } | undefined,
  ) {}

  compute(cell: number, from: number, to: number, out: CellOutput, offset: number, wants: KernelWants): void {
    const outside = this.bg.nationalCell?.[cell] ?? -1;
    if (outside >= 0 && this.national) {
      this.nationalTable ??= this.national.table();
      computeCell(
        this.national.m,
        outside,
        this.nationalTable,
        from,
        to,
        out,
        offset,
        wants,
        this.national.bg,
      );
    } else {
      computeCell(this.m, cell, this.table, from, to, out, offset, wants, this.bg);
    }
  }
}

export class ModelEngine {
  private readonly tables: HourTables;
  /** by domain and revision: a re-imported city gets its own */
  private readonly backgrounds = new Map<string, Background>();

  constructor(
    private readonly domains: ReadonlyMap<DomainId, Morphology>,
    seed: number,
  ) {
    this.tables = new HourTables(seed);
  }

  morphology(id: DomainId): Morphology {
    const m = this.domains.get(id);
    if (!m) throw new Error(`unknown domain ${id}`);
    return m;
  }

  /** warm the reference-year hour table so the first request does not pay for it */
  warm(id: DomainId): void {
    const m = this.morphology(id);
    this.tables.year(m, yearHours(m.info.referenceYear));
    this.background(id);
  }

  /**
   * Runs the kernel of a reference year over a few outdoor cells of each domain, a few
   * times: V8 compiles a thread's hot loops only after running them, and the first cold
   * requests after a start took 5–15 times their later time while it did (docs/performance.md).
   * Nothing is kept.
   */
  exercise(ids: readonly DomainId[]): void {
    const cellsOf = ids.map((id) => ({ id, cells: this.outdoorSample(id) }));
    // domains in turn within each round: the kernel's code must settle for all of their
    // morphologies (a domain met only after the others deoptimised it again)
    for (let round = 0; round < EXERCISE_ROUNDS; round++)
      for (const { id, cells } of cellsOf)
        this.series(id, cells, { kind: 'reference' }, { index: round, of: EXERCISE_SLICES });
  }

  /** a few outdoor cells around a domain's centre, where its requests mostly are */
  private outdoorSample(id: DomainId): number[] {
    const m = this.morphology(id);
    return outdoorCellsWithin(m, m.centre.lat, m.centre.lon, EXERCISE_RADIUS_M).slice(0, EXERCISE_CELLS);
  }

  /**
   * Warms the domain and hands its results over in shared memory (shared-warm.ts), using
   * the shared copies itself from now on.
   */
  warmShared(id: DomainId): WarmTransfer {
    const m = this.morphology(id);
    const hours = yearHours(m.info.referenceYear);
    const yearKey = this.tables.yearKey(m, hours);
    const year = sharedTable(this.tables.year(m, hours));
    const background = sharedBackground(this.background(id));
    this.tables.adoptYear(yearKey, year);
    this.backgrounds.set(this.backgroundKey(m), background);
    return { domain: id, revision: m.info.revision, yearKey, year, background };
  }

  /** takes over what another thread warmed, if it was computed for the revision held here */
  adopt(transfer: WarmTransfer): void {
    const m = this.domains.get(transfer.domain);
    if (!m || m.info.revision !== transfer.revision) return;
    this.tables.adoptYear(transfer.yearKey, transfer.year);
    this.backgrounds.set(this.backgroundKey(m), transfer.background);
  }

  private backgroundKey(m: Morphology): string {
    return `${m.info.id}@${m.info.revision}`;
  }

  background(id: DomainId): Background {
    const m = this.morphology(id);
    let bg = this.backgrounds.get(this.backgroundKey(m));
    if (!bg) {
      const national = this.morphology('belgium');
      bg =
        id === 'belgium'
          ? nationalBackground(national)
          : cityBackground(m, national, this.background('belgium'));
      this.backgrounds.set(this.backgroundKey(m), bg);
    }
    return bg;
  }

  private run(id: DomainId, table: (m: Morphology) => HourTable): Run {
    const m = this.morphology(id);
    const national = id === 'belgium' ? undefined : this.domains.get('belgium');
    return new Run(
      m,
      table(m),
      this.background(id),
      national && { m: national, bg: this.background('belgium'), table: () => table(national) },
    );
  }

  /** the series of `cells` over `span`, or over one slice of its hours (the pool joins the slices) */
  series(id: DomainId, cells: readonly number[], span: SeriesSpan, slice?: HourSlice): CellSeries[] {
    const m = this.morphology(id);
    let hours: readonly number[];
    let run: Run;
    if (span.kind === 'reference') {
      hours = yearHours(m.info.referenceYear);
      run = this.run(id, (d) => this.tables.year(d, hours));
    } else if (span.kind === 'observed') {
      hours = hourRange(span.fromMs, span.toMs);
      run = this.run(id, (d) =>
        this.tables.build(
          d,
          hours.map((hourMs) => ({ hourMs })),
        ),
      );
    } else {
      const issuedMs = span.issuedMs;
      hours = forecastSteps(issuedMs, FORECAST_CEILING_HOURS);
      run = this.run(id, (d) =>
        this.tables.build(
          d,
          hours.map((hourMs) => ({ hourMs, issuedMs })),
        ),
      );
    }
    const { from, to } = sliceBounds(hours.length, slice);
    const hourArray = new Float64Array(to - from);
    for (let i = from; i < to; i++) hourArray[i - from] = hours[i]!;
    return cells.map((cell) => {
      this.checkCell(m, cell);
      const out = seriesOutput(to - from);
      run.compute(cell, from, to, out, 0, ALL);
      return { cell, hours: hourArray.slice(), ...out };
    });
  }

  layerWindow(id: DomainId, layer: TimedLayer, hour: HourSpec, window: LonLatWindow): LayerWindow {
    const m = this.morphology(id);
    const sub = windowToCells(m.info.grid, window);
    const spec = LAYER_OUTPUT[layer];
    const fields: Record<string, Float32Array> = {};
    for (const name of LAYER_FIELDS[layer]) fields[name] = new Float32Array(sub.cols * sub.rows);
    if (sub.cols === 0 || sub.rows === 0) return { ...sub, fields };
    const run = this.run(id, (d) => this.tables.single(d, hour));
    const out = allocateOutput(sub.cols * sub.rows);
    const { cols } = m.info.grid;
    for (let r = 0; r < sub.rows; r++) {
      for (let c = 0; c < sub.cols; c++) {
        const cell = (sub.row0 + r) * cols + sub.col0 + c;
        run.compute(cell, 0, 1, out, r * sub.cols + c, spec.wants);
      }
    }
    for (const [name, field] of Object.entries(spec.fields)) fields[name] = out[field];
    return { ...sub, fields };
  }

  layerRange(id: DomainId, layer: TimedLayer, hours: readonly HourSpec[]): LayerRange[] {
    const m = this.morphology(id);
    const spec = LAYER_OUTPUT[layer];
    const first = LAYER_FIELDS[layer][0]!;
    const field = spec.fields[first]!;
    const n = m.info.grid.cols * m.info.grid.rows;
    const surface = m.rasters.surface;
    const out = allocateOutput(1);
    return hours.map((hour) => {
      const run = this.run(id, (d) => this.tables.single(d, hour));
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      for (let cell = 0; cell < n; cell++) {
        if (surface[cell] === SURFACE.building) continue;
        run.compute(cell, 0, 1, out, 0, spec.wants);
        const v = out[field][0]!;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      return Number.isFinite(min) ? { min, max } : { min: Number.NaN, max: Number.NaN };
    });
  }

  private checkCell(m: Morphology, cell: number): void {
    const n = m.info.grid.cols * m.info.grid.rows;
    if (!Number.isInteger(cell) || cell < 0 || cell >= n)
      throw new RangeError(`cell ${cell} is not in domain ${m.info.id}`);
  }
}
