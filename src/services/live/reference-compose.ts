import type { LivePoint, LiveStation } from '../../domain/live/live-inputs.ts';
import { hourValues } from '../../domain/live/reading-pack.ts';
import {
  METEO_QUANTITIES,
  type MeteoQuantity,
  POLLUTANTS,
  type Pollutant,
  type Reading,
} from '../../domain/live/readings.ts';
import { type ReferenceYear, referenceVersion } from '../../domain/live/reference-year.ts';
import {
  accountOf,
  fillShortGaps,
  hoursInYear,
  type InputAccount,
  yearStartMs,
} from '../../domain/live/year-validation.ts';
import {
  type ScreeningReport,
  screenWeather,
  type WeatherColumns,
} from '../../domain/weather-screening/index.ts';
import type { FeedPoint } from './feeds-port.ts';

/**
 * One model domain's reference year from the archive readings of a backfill: the
 * reanalysis at the point read for the domain, every station within `radiusKm` of it
 * (the reference stations for the nationwide grid), the meteorology screened (its faults
 * flagged and repaired, domain/weather-screening), each series gap-filled, and an account per input —
 * each meteorological quantity, and each pollutant as "some station measured the hour".
 */
const HOUR_MS = 3_600_000;
/** stations this close to a city's centre are its stations (as the live correction uses) */
export const STATION_RADIUS_KM = 40;
/**
 * The nationwide grid's reference stations: at most this many, spread over the country
 * (each held year-long in every model thread: ~0.5 MB per series and thread, so the whole
 * network's ~250 series would cost over 100 MB per thread)
 */
export const NATIONAL_STATIONS = 16;

export interface BackfillTarget {
  /** a city id, or `belgium` */
  domain: string;
  /** where the reanalysis is read (the domain's centre) */
  point: FeedPoint;
  /** null: the nationwide grid's reference stations (referenceStations) */
  radiusKm: number | null;
}

/**
 * Up to `count` stations spread over the country: the one nearest `centre` first, then
 * each time the station farthest from those chosen (ties by code: the same list on every
 * run). Codes, ascending.
 */
export function referenceStations(
  stations: ReadonlyArray<{ station: string; lat: number; lon: number }>,
  centre: FeedPoint,
  count = NATIONAL_STATIONS,
): string[] {
  const unique = [...new Map(stations.map((s) => [s.station, s])).values()].sort((a, b) =>
    a.station.localeCompare(b.station),
  );
  if (unique.length === 0) return [];
  const chosen = [unique.reduce((best, s) => (distanceKm(centre, s) < distanceKm(centre, best) ? s : best))];
  while (chosen.length < Math.min(count, unique.length)) {
    let far = unique[0]!;
    let farKm = -1;
    for (const s of unique) {
      const km = Math.min(...chosen.map((c) => distanceKm(c, s)));
      if (km > farKm) {
        far = s;
        farKm = km;
      }
    }
    chosen.push(far);
  }
  return chosen.map((s) => s.station).sort();
}

export interface ComposedYear {
  year: ReferenceYear;
  accounts: InputAccount[];
  stations: string[];
  /** the quality control of the archive meteorology (domain/weather-screening) */
  screening: ScreeningReport;
}

export function distanceKm(a: FeedPoint, b: FeedPoint): number {
  const kx = 111.32 * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot((a.lon - b.lon) * kx, (a.lat - b.lat) * 110.57);
}

export function siteOfPoint(point: FeedPoint): string {
  return `${point.lat.toFixed(4)},${point.lon.toFixed(4)}`;
}

function yearColumn(readings: readonly Reading[], start: number, hours: number): Float64Array {
  const column = new Float64Array(hours).fill(Number.NaN);
  for (const r of readings) {
    const i = (r.hourMs - start) / HOUR_MS;
    if (Number.isInteger(i) && i >= 0 && i < hours) column[i] = r.value;
  }
  return column;
}

/** `national`: the nationwide grid's reference stations (a target with no radius uses them) */
export function composeYear(
  target: BackfillTarget,
  year: number,
  meteo: readonly Reading[],
  airReadings: readonly Reading[],
  national: ReadonlySet<string> = new Set(),
): ComposedYear {
  const start = yearStartMs(year);
  const hours = hoursInYear(year);
  const accounts: InputAccount[] = [];
  const site = siteOfPoint(target.point);
  const point: LivePoint<MeteoQuantity> = { lat: target.point.lat, lon: target.point.lon, series: {} };
  let newestMeteoMs: number | null = null;
  const atSite = meteo.filter((r) => r.site === site);
  const raw: WeatherColumns = {};
  for (const q of METEO_QUANTITIES)
    raw[q] = yearColumn(
      atSite.filter((r) => r.quantity === q),
      start,
      hours,
    );
  // the archive's faults flagged and repaired first, its missing hours filled after
  const { columns, report: screening } = screenWeather(raw);
  for (const q of METEO_QUANTITIES) {
    const filled = fillShortGaps(columns[q]!, { circular: q === 'wind_dir_deg' });
    accounts.push(accountOf(`meteorology ${q}`, year, filled.values, filled.interpolated));
    point.series[q] = hourValues(start, filled.values);
    const last = point.series[q]!.at(-1);
    if (last && (newestMeteoMs === null || last[0] > newestMeteoMs)) newestMeteoMs = last[0];
  }
  // stations: per station and pollutant, filled; a pollutant's hour counts as measured
  // when any station of the area has it
  const near = airReadings.filter((r) =>
    target.radiusKm === null ? national.has(r.site) : distanceKm(target.point, r) <= target.radiusKm,
  );
  const byStation = new Map<string, Reading[]>();
  for (const r of near) {
    const list = byStation.get(r.site);
    if (list) list.push(r);
    else byStation.set(r.site, [r]);
  }
  const stations: LiveStation[] = [];
  const covered: Partial<Record<Pollutant, { any: Uint8Array; interpolated: number }>> = {};
  let newestAirMs: number | null = null;
  for (const [id, list] of [...byStation.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const station: LiveStation = { id, lat: list[0]!.lat, lon: list[0]!.lon, series: {} };
    for (const p of POLLUTANTS) {
      const own = list.filter((r) => r.quantity === p);
      if (own.length === 0) continue;
      const filled = fillShortGaps(yearColumn(own, start, hours));
      covered[p] ??= { any: new Uint8Array(hours), interpolated: 0 };
      const cover = covered[p];
      filled.values.forEach((v, i) => {
        if (!Number.isNaN(v)) cover.any[i] = 1;
      });
      cover.interpolated += filled.interpolated;
      station.series[p] = hourValues(start, filled.values);
      const last = station.series[p]!.at(-1);
      if (last && (newestAirMs === null || last[0] > newestAirMs)) newestAirMs = last[0];
    }
    if (Object.keys(station.series).length > 0) stations.push(station);
  }
  for (const p of POLLUTANTS) {
    const cover = covered[p];
    if (!cover) continue;
    const column = Float64Array.from(cover.any, (v) => (v ? 1 : Number.NaN));
    accounts.push(accountOf(`air ${p}`, year, column, cover.interpolated));
  }
  const body = {
    domain: target.domain,
    year,
    meteo: [point],
    stations,
    newestMeteoMs,
    newestAirMs,
  };
  return {
    year: { ...body, version: referenceVersion(body) },
    accounts,
    stations: stations.map((s) => s.id),
    screening,
  };
}
