import { ModelUnavailableError } from '../../../domain/errors/failures.ts';
import type {
  CellSeries,
  DomainId,
  LayerRanges,
  LayerWindow,
  LonLatWindow,
  SeriesSpan,
  TimedLayer,
} from '../../../domain/grid/model-data.ts';
import { LAYER_FIELDS, NATIONAL_DOMAIN, PHYSICS, type Physics } from '../../../domain/grid/model-data.ts';
import { type LiveInputs, NO_LIVE_INPUTS } from '../../../domain/live/live-inputs.ts';
import type { ReferenceYear, ReferenceYears } from '../../../domain/live/reference-year.ts';
import { TIMED_LAYERS } from '../../../domain/map/layers.ts';
import { DEFAULT_REGISTRY } from '../../../domain/metrics/registry.ts';
import { cellCentreLonLat } from '../grid/geometry.ts';
import type { AirCorrection } from '../live/air-correction.ts';
import { type DomainRun, stationCorrection } from '../live/station-residuals.ts';
import { SURFACE } from '../morphology/layout.ts';
import type { Morphology } from '../morphology/morphology.ts';
import { type CellOutput, computeCell, type KernelWants, type OutputField } from '../physics/cell-kernel.ts';
import type { HourTable } from '../physics/hour-state.ts';
import { outdoorCellsWithin } from '../spatial/queries.ts';
import { type Background, cityBackground, nationalBackground } from './background.ts';
import { type HourSpec, HourTables } from './hour-tables.ts';
import { LiveFieldCache, liveFieldKey } from './live-fields.ts';
import { allocateOutput, type HourSlice, seriesOutput, sliceBounds } from './series-output.ts';
import { sharedBackground, sharedTable, type WarmTransfer } from './shared-warm.ts';
import { FORECAST_CEILING_HOURS, forecastSteps, hourRange, yearHours } from './time-steps.ts';
import { windowToCells } from './window.ts';

/**
 * The computations behind the port's heavy calls, free of threads: the worker runs
 * them, tests call them directly. Pure functions of (morphology, seed, arguments).
 */
const ALL = wantsOf(PHYSICS);
/** the kernel's warm-up (exercise): cells per domain, rounds, each round a slice of the year */
const EXERCISE_CELLS = 3;
const EXERCISE_ROUNDS = 4;
const EXERCISE_SLICES = 6;
const EXERCISE_RADIUS_M = 1_500;

function wantsOf(physics: readonly Physics[]): KernelWants {
  return Object.fromEntries(PHYSICS.map((name) => [name, physics.includes(name)])) as Record<
    Physics,
    boolean
  >;
}

/**
 * layer field → kernel output, and what the kernel must compute for it: the layer's
 * metric's physics, and each tile property's column (its module's map layer)
 */
const LAYER_OUTPUT = Object.fromEntries(
  TIMED_LAYERS.map((layer) => {
    const metric = DEFAULT_REGISTRY.find(layer);
    if (!metric?.mapLayer) throw new Error(`map layer ${layer} is no registered metric's`);
    const fields = Object.fromEntries(metric.mapLayer.fields.map((field) => [field.name, field.column]));
    return [layer, { wants: wantsOf(metric.physics), fields }];
  }),
) as Record<TimedLayer, { wants: KernelWants; fields: Record<string, OutputField> }>;

/**
 * One run of a domain over some hours: its table, and — built only when a cell outside
 * a city's zone asks for it — the nationwide one.
 */
class Run implements DomainRun {
  private nationalTable: HourTable | undefined;
  /** measured concentrations spread over the grid (live hours with station data or CAMS) */
  correction: AirCorrection | undefined;
  readonly national: DomainRun['national'];

  constructor(
    readonly m: Morphology,
    readonly table: HourTable,
    readonly bg: Background,
    national: { m: Morphology; bg: Background; table: () => HourTable } | undefined,
  ) {
    this.national = national && {
      m: national.m,
      bg: national.bg,
      table: () => {
        this.nationalTable ??= national.table();
        return this.nationalTable;
      },
    };
  }

  compute(cell: number, from: number, to: number, out: CellOutput, offset: number, wants: KernelWants): void {
    this.computeModelled(cell, from, to, out, offset, wants);
    if (this.correction && wants.dispersion) {
      // a cell outside the zone answers its nationwide cell, corrected where that cell is:
      // a station standing there answers its measurement on every city cell of it
      const outside = this.bg.nationalCell?.[cell] ?? -1;
      const [lon, lat] =
        outside >= 0 && this.national
          ? cellCentreLonLat(this.national.m.info.grid, outside)
          : cellCentreLonLat(this.m.info.grid, cell);
      this.correction.apply(lat, lon, from, to, out, offset);
    }
  }

  private computeModelled(
    cell: number,
    from: number,
    to: number,
    out: CellOutput,
    offset: number,
    wants: KernelWants,
  ): void {
    const outside = this.bg.nationalCell?.[cell] ?? -1;
    if (outside >= 0 && this.national) {
      computeCell(
        this.national.m,
        outside,
        this.national.table(),
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
  private live: LiveInputs = NO_LIVE_INPUTS;
  /** observed and forecast runs, once per domain and span, shared by every location */
  readonly liveFields = new LiveFieldCache<Run>();
  private reference = new Map<DomainId, ReferenceYear>();
  /** a backfilled year's station correction, per domain, revision and year version */
  private readonly referenceCorrections = new Map<string, AirCorrection | undefined>();

  constructor(
    private readonly domains: ReadonlyMap<DomainId, Morphology>,
    seed: number,
  ) {
    this.tables = new HourTables(seed);
  }

  /** what the feeds read (services/live/model-observations-port.ts, setLiveInputs): observed and forecast hours follow it */
  setLive(inputs: LiveInputs): void {
    this.live = inputs;
    this.tables.setLive(inputs);
    this.liveFields.clear();
  }

  /**
   * the backfilled reference years (services/live/model-observations-port.ts, setReferenceYears): a listed domain's
   * reference series run over that year, with its archive meteorology and its stations
   */
  setReference(years: ReferenceYears): void {
    this.reference = new Map(years.years.map((y) => [y.domain, y]));
    this.tables.setReference(years);
    this.referenceCorrections.clear();
  }

  /** the year a domain's reference series cover: the backfilled one, else its package's */
  referenceYearOf(m: Morphology): number {
    return this.reference.get(m.info.id)?.year ?? m.info.referenceYear;
  }

  morphology(id: DomainId): Morphology {
    const m = this.domains.get(id);
    // a domain detached while a request for it was on its way: the model cannot answer it
    if (!m) throw new ModelUnavailableError(`unknown domain ${id}`);
    return m;
  }

  /** warm the reference-year hour table so the first request does not pay for it */
  warm(id: DomainId): void {
    const m = this.morphology(id);
    this.tables.year(m, yearHours(this.referenceYearOf(m)));
    this.background(id);
  }

  /**
   * Runs the kernel of a reference year over a few outdoor cells of each domain, a few
   * times: V8 compiles a thread's hot loops only after running them, and the first cold
   * requests after a start took several times their later time while it did
   * (docs/performance.md, "Cold historical statistics").
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
    const hours = yearHours(this.referenceYearOf(m));
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
      const national = this.morphology(NATIONAL_DOMAIN);
      bg =
        id === NATIONAL_DOMAIN
          ? nationalBackground(national)
          : cityBackground(m, national, this.background(NATIONAL_DOMAIN));
      this.backgrounds.set(this.backgroundKey(m), bg);
    }
    return bg;
  }

  private run(id: DomainId, table: (m: Morphology) => HourTable): Run {
    const m = this.morphology(id);
    const national = id === NATIONAL_DOMAIN ? undefined : this.domains.get(NATIONAL_DOMAIN);
    return new Run(
      m,
      table(m),
      this.background(id),
      national && { m: national, bg: this.background(NATIONAL_DOMAIN), table: () => table(national) },
    );
  }

  /**
   * A run of observed or forecast hours: fed meteorology in its tables and, where stations
   * or CAMS have values, the measured concentrations spread over the grid.
   */
  private liveRun(
    id: DomainId,
    hours: readonly HourSpec[],
    table: (m: Morphology) => HourTable,
    live: LiveInputs = this.live,
  ): Run {
    const m = this.morphology(id);
    const compute = () => {
      const run = this.run(id, table);
      if (live.stations.length === 0 && live.cams.length === 0) return run;
      run.correction = stationCorrection({
        run,
        hours,
        live,
        observedRun: (hourMs) => this.run(id, (d) => this.tables.single(d, { hourMs })),
      });
      return run;
    };
    // a stored day of history (inputs of its own) is asked once: kept, it would push out
    // the spans every location and tile of the live hours share
    if (live !== this.live) return compute();
    return this.liveFields.of(liveFieldKey(id, m.info.revision, live.version, hours), compute);
  }

  /**
   * A backfilled year's measured air, as in the live product (docs/live-data.md): the
   * stations' residuals against the model at their cells, over the whole year, spread
   * over the grid; computed once per domain and year version (every slice of a cell's
   * year reads the same one)
   */
  private referenceCorrection(id: DomainId, run: Run, hours: readonly number[]): AirCorrection | undefined {
    const year = this.reference.get(id);
    if (!year || year.stations.length === 0) return undefined;
    const key = `${id}@${run.m.info.revision}:${year.version}`;
    if (this.referenceCorrections.has(key)) return this.referenceCorrections.get(key);
    const correction = stationCorrection({
      run,
      hours: hours.map((hourMs) => ({ hourMs })),
      live: { version: year.version, meteo: year.meteo, stations: year.stations, cams: [] },
      observedRun: () => {
        throw new Error('a reference year has no forecast hours');
      },
    });
    this.referenceCorrections.set(key, correction);
    return correction;
  }

  /** the series of `cells` over `span`, or over one slice of its hours (the pool joins the slices) */
  series(id: DomainId, cells: readonly number[], span: SeriesSpan, slice?: HourSlice): CellSeries[] {
    const m = this.morphology(id);
    let hours: readonly number[];
    let run: Run;
    if (span.kind === 'reference') {
      hours = yearHours(this.referenceYearOf(m));
      const yearHoursOf = hours;
      run = this.run(id, (d) => this.tables.year(d, yearHoursOf));
      run.correction = this.referenceCorrection(id, run, hours);
    } else if (span.kind === 'observed') {
      hours = hourRange(span.fromMs, span.toMs);
      const specs = hours.map((hourMs) => ({ hourMs }));
      const inputs = span.inputs ?? this.live;
      run = this.liveRun(id, specs, (d) => this.tables.build(d, specs, span.inputs ?? true), inputs);
    } else {
      const issuedMs = span.issuedMs;
      hours = forecastSteps(issuedMs, FORECAST_CEILING_HOURS);
      const specs = hours.map((hourMs) => ({ hourMs, issuedMs }));
      run = this.liveRun(id, specs, (d) => this.tables.build(d, specs, true));
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
    const run = this.liveRun(id, [hour], (d) => this.tables.single(d, hour));
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

  /**
   * Each hour's min and max of the asked layers' first fields over the outdoor cells, in
   * one pass over the cells per hour: the kernel computes a cell once for all the layers
   * (thermal needs the cell's wind anyway, and the hour's run is the same), where a pass
   * per layer computed every cell again.
   */
  layerRanges(id: DomainId, layers: readonly TimedLayer[], hours: readonly HourSpec[]): LayerRanges[] {
    const m = this.morphology(id);
    const fields = layers.map((layer) => LAYER_OUTPUT[layer].fields[LAYER_FIELDS[layer][0]!]!);
    const wants = wantsOf(PHYSICS.filter((name) => layers.some((layer) => LAYER_OUTPUT[layer].wants[name])));
    const n = m.info.grid.cols * m.info.grid.rows;
    const surface = m.rasters.surface;
    const out = allocateOutput(1);
    const columns = fields.map((field) => out[field]);
    const min = new Float64Array(layers.length);
    const max = new Float64Array(layers.length);
    return hours.map((hour) => {
      const run = this.liveRun(id, [hour], (d) => this.tables.single(d, hour));
      min.fill(Number.POSITIVE_INFINITY);
      max.fill(Number.NEGATIVE_INFINITY);
      for (let cell = 0; cell < n; cell++) {
        if (surface[cell] === SURFACE.building) continue;
        run.compute(cell, 0, 1, out, 0, wants);
        for (let k = 0; k < columns.length; k++) {
          const v = columns[k]![0]!;
          if (v < min[k]!) min[k] = v;
          if (v > max[k]!) max[k] = v;
        }
      }
      const ranges: LayerRanges = {};
      layers.forEach((layer, k) => {
        ranges[layer] = Number.isFinite(min[k]!)
          ? { min: min[k]!, max: max[k]! }
          : { min: Number.NaN, max: Number.NaN };
      });
      return ranges;
    });
  }

  private checkCell(m: Morphology, cell: number): void {
    const n = m.info.grid.cols * m.info.grid.rows;
    if (!Number.isInteger(cell) || cell < 0 || cell >= n)
      throw new RangeError(`cell ${cell} is not in domain ${m.info.id}`);
  }
}
