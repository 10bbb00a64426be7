import { RECORDS_DEFAULT_RADIUS_M } from '../../../domain/data/location-input.ts';
import { type LiveInputs, type LiveStation, valueAt } from '../../../domain/live/live-inputs.ts';
import { POLLUTANTS, type Pollutant } from '../../../domain/live/readings.ts';
import type { Background } from '../compute/background.ts';
import type { HourSpec } from '../compute/hour-tables.ts';
import { allocateOutput } from '../compute/series-output.ts';
import { cellCentreLonLat, METRES_PER_DEGREE_LAT, metresPerDegreeLon } from '../grid/geometry.ts';
import type { Morphology } from '../morphology/morphology.ts';
import { computeCell, type KernelWants } from '../physics/cell-kernel.ts';
import type { HourTable } from '../physics/hour-state.ts';
import { locate, nearestOutdoor, outdoorCellsWithin } from '../spatial/queries.ts';
import { AirCorrection, type CorrectionSite, clampCamsOffset, emptyColumns } from './air-correction.ts';
import { distanceKm, nearestPoint } from './live-weather.ts';
import { stationKind } from './station-kinds.ts';

/**
 * The residuals behind AirCorrection for one run of hours of one domain.
 *
 * Observed hours: r_s = ln(measured_s / modelled_s) at each station's cell.
 * Forecast hours (lead ℓ from the issue hour t0): the air forecast starts from CAMS and
 * carries the latest observed bias, fading with e^(−ℓ/6 h):
 *   c(h)   = ln(CAMS(h) / modelled background at the CAMS point (1 km cell))
 *   r_s(h) = c(h) + e^(−ℓ/6h) · (r_s(t0) − c(t0))
 * without CAMS, c ≡ 0 (the bias fades on the synthetic forecast); without stations, the
 * correction is c(h) everywhere.
 */
/** the stations measure pollutants: their residuals need the dispersion alone */
const DISPERSION: KernelWants = { dispersion: true, flow: false, utci: false };
const HOUR_MS = 3_600_000;
const FADE_HOURS = 6;
/** stations further than this from a city's centre do not correct it */
const CITY_RADIUS_KM = 40;
/** a station's latest measurement may be this many hours before the issue hour */
const BIAS_LOOKBACK_HOURS = 3;
const CAMS_HOLD_HOURS = 12;

export interface DomainRun {
  m: Morphology;
  bg: Background;
  table: HourTable;
  /** the nationwide grid (absent when `m` is it) */
  national?: { m: Morphology; bg: Background; table: () => HourTable };
}

export interface ResidualContext {
  run: DomainRun;
  hours: readonly HourSpec[];
  live: LiveInputs;
  /** the run of a domain for one observed hour (the issue hour of a forecast) */
  observedRun(hourMs: number): DomainRun;
}

/**
 * where a station's modelled value is read: its footprint in the zone (the outdoor cells
 * a real-time answer at the station averages), or its cell of the nationwide grid
 */
interface Site extends CorrectionSite {
  station: LiveStation;
  national: boolean;
  cells: readonly number[];
}

/** the cells an answer at a point in the zone averages: as the records do (services/data/records.ts) */
function footprintOf(m: Morphology, lat: number, lon: number): { cells: number[]; radiusM: number } {
  const cells = outdoorCellsWithin(m, lat, lon, RECORDS_DEFAULT_RADIUS_M);
  if (cells.length > 0) return { cells, radiusM: RECORDS_DEFAULT_RADIUS_M };
  const nearest = nearestOutdoor(m, lat, lon);
  if (!nearest) return { cells: [], radiusM: 0 };
  const g = m.info.grid;
  const cellM = Math.min(g.dLon * metresPerDegreeLon(lat), g.dLat * METRES_PER_DEGREE_LAT);
  return { cells: nearest.cells, radiusM: nearest.distanceM + cellM / 2 };
}

/** a nationwide site stands for its whole cell: the circle inside it */
function halfCellKm(m: Morphology): number {
  return (m.info.grid.dLat * METRES_PER_DEGREE_LAT) / 2000;
}

function outdoorCell(m: Morphology, lat: number, lon: number): number | null {
  const at = locate(m, lat, lon);
  if (!at) return null;
  return at.isBuilding ? (nearestOutdoor(m, lat, lon)?.cells[0] ?? null) : at.cell;
}

function nationalSite(m: Morphology, station: LiveStation, cell: number): Site {
  const [lon, lat] = cellCentreLonLat(m.info.grid, cell);
  return { station, lat, lon, national: true, cells: [cell], footprintKm: halfCellKm(m) };
}

function siteOf(run: DomainRun, station: LiveStation): Site | null {
  const cell = outdoorCell(run.m, station.lat, station.lon);
  if (cell !== null) {
    const outside = run.bg.nationalCell?.[cell] ?? -1;
    // a city-grid cell outside the zone answers the nationwide cell (compute/background.ts)
    if (outside >= 0 && run.national) return nationalSite(run.national.m, station, outside);
    if (run.national) {
      const footprint = footprintOf(run.m, station.lat, station.lon);
      const inZone = footprint.cells.filter((c) => (run.bg.nationalCell?.[c] ?? -1) < 0);
      if (inZone.length > 0)
        return {
          station,
          lat: station.lat,
          lon: station.lon,
          national: false,
          cells: inZone,
          footprintKm: footprint.radiusM / 1000,
        };
    }
    // the nationwide grid itself: the station's cell
    const [lon, lat] = cellCentreLonLat(run.m.info.grid, cell);
    return { station, lat, lon, national: false, cells: [cell], footprintKm: halfCellKm(run.m) };
  }
  if (!run.national) return null;
  const nationalCell = outdoorCell(run.national.m, station.lat, station.lon);
  if (nationalCell === null) return null;
  return nationalSite(run.national.m, station, nationalCell);
}

/** the modelled pollutants at a site over a run's hours: the mean over its cells */
function modelled(run: DomainRun, site: Site, hours: number) {
  const out = allocateOutput(hours);
  const one = site.cells.length === 1 ? out : allocateOutput(hours);
  for (const cell of site.cells) {
    if (site.national && run.national)
      computeCell(run.national.m, cell, run.national.table(), 0, hours, one, 0, DISPERSION, run.national.bg);
    else computeCell(run.m, cell, run.table, 0, hours, one, 0, DISPERSION, run.bg);
    if (one === out) break;
    for (const p of POLLUTANTS) for (let i = 0; i < hours; i++) out[p][i]! += one[p][i]! / site.cells.length;
  }
  return out;
}

function sitesFor(run: DomainRun, live: LiveInputs): Site[] {
  const city = run.national !== undefined;
  const sites: Site[] = [];
  for (const station of live.stations) {
    if (city && distanceKm(run.m.centre.lat, run.m.centre.lon, station.lat, station.lon) > CITY_RADIUS_KM)
      continue;
    const site = siteOf(run, station);
    if (!site) continue;
    const grid = site.national && run.national ? run.national : run;
    sites.push({ ...site, kind: stationKind(grid.m, grid.bg, site.cells) });
  }
  return sites;
}

export function stationCorrection(ctx: ResidualContext): AirCorrection | undefined {
  const { run, hours, live } = ctx;
  const sites = sitesFor(run, live);
  const cams = nearestPoint(live.cams, run.m.centre.lat, run.m.centre.lon);
  if (sites.length === 0 && !cams) return undefined;
  const n = hours.length;
  const residuals = emptyColumns(n * sites.length);
  const means = emptyColumns(n);
  const forecast = hours.some((h) => h.issuedMs !== undefined && h.issuedMs < h.hourMs);
  const models = sites.map((site) => modelled(run, site, n));
  if (!forecast) {
    for (const p of POLLUTANTS)
      for (let i = 0; i < n; i++) {
        sites.forEach((site, s) => {
          const measured = valueAt(site.station.series[p], hours[i]!.hourMs);
          const model = models[s]![p][i]!;
          if (measured === undefined || !(model > 0)) return;
          residuals[p][i * sites.length + s] = Math.log(Math.max(measured, 0.1) / model);
        });
        means[p][i] = meanOf(residuals[p], i, sites);
      }
    return new AirCorrection(sites, n, residuals, means);
  }
  const issuedMs = hours.find((h) => h.issuedMs !== undefined)!.issuedMs!;
  const camsOffset = cams ? camsResiduals(ctx, cams, hours) : undefined;
  // the latest measured bias of each station, up to a few hours before the issue
  const bias = emptyColumns(sites.length);
  const biasCams = emptyColumns(sites.length);
  for (let back = 0; back <= BIAS_LOOKBACK_HOURS; back++) {
    const t0 = issuedMs - back * HOUR_MS;
    const observed = ctx.observedRun(t0);
    const t0Cams = cams ? camsResidualAt(observed, cams, t0) : undefined;
    sites.forEach((site, s) => {
      const needed = POLLUTANTS.filter(
        (p) => Number.isNaN(bias[p][s]!) && valueAt(site.station.series[p], t0) !== undefined,
      );
      if (needed.length === 0) return;
      const model = modelled(observed, site, 1);
      for (const p of needed) {
        const measured = valueAt(site.station.series[p], t0)!;
        if (!(model[p][0]! > 0)) continue;
        bias[p][s] = Math.log(Math.max(measured, 0.1) / model[p][0]!);
        biasCams[p][s] = t0Cams?.[p] ?? Number.NaN;
      }
    });
  }
  for (const p of POLLUTANTS)
    for (let i = 0; i < n; i++) {
      const lead = (hours[i]!.hourMs - issuedMs) / HOUR_MS;
      const fade = Math.exp(-lead / FADE_HOURS);
      const c = camsOffset?.[p][i];
      const cNow = c !== undefined && !Number.isNaN(c) ? c : 0;
      sites.forEach((_, s) => {
        const b = bias[p][s]!;
        if (Number.isNaN(b)) return;
        const c0 = biasCams[p][s]!;
        residuals[p][i * sites.length + s] = Number.isNaN(c0)
          ? fade * b + (1 - fade) * cNow
          : cNow + fade * (b - c0);
      });
      const mean = meanOf(residuals[p], i, sites);
      means[p][i] = Number.isNaN(mean) ? (c !== undefined && !Number.isNaN(c) ? c : Number.NaN) : mean;
    }
  return new AirCorrection(sites, n, residuals, means);
}

/**
 * the hour's mean residual: of the background stations (station-kinds.ts), or of all
 * when no background station measured that hour
 */
function meanOf(column: Float64Array, i: number, sites: readonly Site[]): number {
  const n = sites.length;
  let sum = 0;
  let count = 0;
  let sumAll = 0;
  let countAll = 0;
  for (let s = 0; s < n; s++) {
    const r = column[i * n + s]!;
    if (Number.isNaN(r)) continue;
    sumAll += r;
    countAll++;
    if (sites[s]!.kind === 'traffic') continue;
    sum += r;
    count++;
  }
  if (count > 0) return sum / count;
  return countAll === 0 ? Number.NaN : sumAll / countAll;
}

/** the background a CAMS value (an ~11 km cell) stands for: the nationwide 1 km cell under it */
function backgroundSite(run: DomainRun, lat: number, lon: number): Site | null {
  const grid = run.national ?? { m: run.m, bg: run.bg, table: () => run.table };
  const cell = outdoorCell(grid.m, lat, lon);
  if (cell === null) return null;
  return {
    station: { id: 'cams', lat, lon, series: {} },
    lat,
    lon,
    national: run.national !== undefined,
    cells: [cell],
    footprintKm: 0,
  };
}

function camsResiduals(ctx: ResidualContext, cams: LiveInputs['cams'][number], hours: readonly HourSpec[]) {
  const site = backgroundSite(ctx.run, cams.lat, cams.lon);
  if (!site) return undefined;
  const model = modelled(ctx.run, site, hours.length);
  const out = emptyColumns(hours.length);
  for (const p of POLLUTANTS)
    hours.forEach((h, i) => {
      const value = valueAt(cams.series[p], h.hourMs);
      if (value !== undefined && model[p][i]! > 0)
        out[p][i] = clampCamsOffset(Math.log(Math.max(value, 0.1) / model[p][i]!));
    });
  // CAMS ends in nulls a few days ahead: its last offset holds for up to 12 h rather than
  // the forecast jumping back to the model's own level
  for (const p of POLLUTANTS) {
    let last = Number.NaN;
    let lastMs = 0;
    hours.forEach((h, i) => {
      const offset = out[p][i]!;
      if (!Number.isNaN(offset)) {
        last = offset;
        lastMs = h.hourMs;
      } else if (!Number.isNaN(last) && h.hourMs - lastMs <= CAMS_HOLD_HOURS * HOUR_MS) out[p][i] = last;
    });
  }
  return out;
}

function camsResidualAt(run: DomainRun, cams: LiveInputs['cams'][number], hourMs: number) {
  const site = backgroundSite(run, cams.lat, cams.lon);
  if (!site) return undefined;
  const model = modelled(run, site, 1);
  const out: Partial<Record<Pollutant, number>> = {};
  for (const p of POLLUTANTS) {
    const value = valueAt(cams.series[p], hourMs);
    if (value !== undefined && model[p][0]! > 0)
      out[p] = clampCamsOffset(Math.log(Math.max(value, 0.1) / model[p][0]!));
  }
  return out;
}
