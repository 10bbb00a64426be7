import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { plausible, type Quantity, type Reading } from '../../domain/live/readings.ts';
import { type FeedClient, FeedError, type FeedPoint, type FeedRead } from '../../services/live/feeds-port.ts';
import { DEFAULT_HTTP_POLICY, type HttpPolicy, httpText, parseJsonBody } from './http-get.ts';
import { firstSchemaError } from './schema-error.ts';

/**
 * Open-Meteo's forecast and air-quality APIs (FEEDS.md §2): one call for every point
 * (comma-separated coordinates answer an array), the past day and the next two, in GMT
 * and m/s. Units are read from `hourly_units` and normalised, times from
 * `utc_offset_seconds`; a null or implausible value is dropped alone.
 */
const HOUR_MS = 3_600_000;

const LocationSchema = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  utc_offset_seconds: Type.Number(),
  hourly_units: Type.Record(Type.String(), Type.String()),
  hourly: Type.Intersect([
    Type.Object({ time: Type.Array(Type.String()) }),
    Type.Record(Type.String(), Type.Array(Type.Union([Type.Number(), Type.Null(), Type.String()]))),
  ]),
});
const BodySchema = Type.Union([LocationSchema, Type.Array(LocationSchema)]);
const bodyCheck = Compile(BodySchema);

/** a provider variable, the quantity it gives and whether its value describes the hour ending at its time */
export interface Variable {
  name: string;
  quantity: Quantity;
  /** `shortwave_radiation` is the preceding hour's mean, `wind_gusts_10m` its maximum */
  precedingHour?: boolean;
}

/** unit → factor to the service's unit, per kind of quantity; an unknown unit drops the variable */
const SPEED: Record<string, (v: number) => number> = {
  'm/s': (v) => v,
  'km/h': (v) => v / 3.6,
  mph: (v) => v * 0.44704,
  kn: (v) => v * 0.514444,
};
const UNITS: Partial<Record<Quantity, Record<string, (v: number) => number>>> = {
  ta_c: { '°C': (v) => v, '°F': (v) => ((v - 32) * 5) / 9 },
  rh_pct: { '%': (v) => v },
  cloud_pct: { '%': (v) => v },
  wind_dir_deg: { '°': (v) => v },
  wind_ms: SPEED,
  gust_ms: SPEED,
  ghi_wm2: { 'W/m²': (v) => v },
};
const MASS = { 'µg/m³': (v: number) => v };

/** Open-Meteo writes the Greek mu (U+03BC), IRCEL the micro sign (U+00B5): one spelling */
function normaliseUnit(unit: string): string {
  return unit
    .replace(/\u03bc/g, '\u00b5')
    .replace('m^3', 'm³')
    .replace('m2', 'm²')
    .trim();
}

function converter(variable: Variable, unit: string | undefined): ((v: number) => number) | undefined {
  if (unit === undefined) return undefined;
  const table = UNITS[variable.quantity] ?? MASS;
  return (table as Record<string, (v: number) => number>)[normaliseUnit(unit)];
}

/** `2026-11-26T00:00` at a UTC offset → epoch ms; NaN when not a whole hour */
function hourOf(time: string, offsetS: number): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(time);
  if (match?.[5] !== '00') return Number.NaN;
  const [, y, mo, d, h] = match!;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h)) - offsetS * 1000;
}

export interface OpenMeteoOptions {
  host: string;
  http?: HttpPolicy;
}

/** a provider host as configured: the base the calls go to, and its query (a customer `apikey`) */
export function openMeteoHost(host: string): { base: string; search: string } {
  // a commercial customer host carries its key in the query (`…?apikey=…`): kept for the
  // calls, never shown (`feeds status`, logs)
  const configured = new URL(host);
  return {
    base: `${configured.origin}${configured.pathname.replace(/\/+$/, '')}`,
    search: configured.search,
  };
}

/**
 * One call of an Open-Meteo API (`path` under the host) for every point, with `extra`
 * query parameters (a window: past/forecast hours, or the archive's start and end dates):
 * the body checked strictly, units normalised, each value range-checked. Shared by the
 * live clients and the archive backfill (services/live/backfill.ts).
 */
export async function fetchOpenMeteo(request: {
  feed: 'open-meteo' | 'open-meteo-air-quality';
  host: { base: string; search: string };
  path: string;
  variables: readonly Variable[];
  extra: string;
  points: readonly FeedPoint[];
  http: HttpPolicy;
}): Promise<FeedRead> {
  const { feed, host, path, variables, points } = request;
  if (points.length === 0) return { readings: [], dropped: 0 };
  const coordinate = (v: number) => v.toFixed(4);
  const query = new URLSearchParams(host.search);
  query.set('latitude', points.map((p) => coordinate(p.lat)).join(','));
  query.set('longitude', points.map((p) => coordinate(p.lon)).join(','));
  query.set('hourly', variables.map((v) => v.name).join(','));
  for (const [k, v] of new URLSearchParams(request.extra)) query.set(k, v);
  const text = await httpText(
    `${host.base}${path}?${query.toString().replace(/%2C/g, ',')}`,
    {},
    request.http,
  );
  const body = parseJsonBody(text, path);
  if (!bodyCheck.Check(body))
    throw new FeedError('invalid_body', `${path}: ${firstSchemaError(bodyCheck.Errors(body))}`);
  const locations = Array.isArray(body) ? body : [body];
  if (locations.length !== points.length)
    throw new FeedError('invalid_body', `${path}: ${locations.length} locations for ${points.length} points`);
  const readings: Reading[] = [];
  let dropped = 0;
  locations.forEach((location, index) => {
    const point = points[index]!;
    const site = `${coordinate(point.lat)},${coordinate(point.lon)}`;
    const hours = location.hourly.time.map((t) => hourOf(t, location.utc_offset_seconds));
    for (const variable of variables) {
      const values = location.hourly[variable.name];
      const convert = converter(variable, location.hourly_units[variable.name]);
      if (!values || !convert) {
        dropped += values?.length ?? 0;
        continue;
      }
      values.forEach((raw, i) => {
        const at = hours[i];
        const value = typeof raw === 'number' ? convert(raw) : Number.NaN;
        if (at === undefined || Number.isNaN(at) || !plausible(variable.quantity, value)) {
          dropped++;
          return;
        }
        const hourMs = variable.precedingHour ? at - HOUR_MS : at;
        readings.push({
          feed,
          site,
          lat: point.lat,
          lon: point.lon,
          quantity: variable.quantity,
          hourMs,
          value,
        });
      });
    }
  });
  if (readings.length === 0)
    throw new FeedError('invalid_body', `${path}: no usable value (${dropped} dropped)`);
  return { readings, dropped };
}

function createClient(
  feed: 'open-meteo' | 'open-meteo-air-quality',
  path: string,
  variables: readonly Variable[],
  extra: string,
  cadenceMs: number,
  options: OpenMeteoOptions,
): FeedClient {
  const host = openMeteoHost(options.host);
  const http = options.http ?? DEFAULT_HTTP_POLICY;
  return {
    feed,
    root: host.base,
    cadenceMs,
    normalLagMs: 0,
    read: (_nowMs, points: readonly FeedPoint[]) =>
      fetchOpenMeteo({ feed, host, path, variables, extra, points, http }),
  };
}

/** the meteorological variables the service reads (forecast and archive alike) */
export const OPEN_METEO_WEATHER: readonly Variable[] = [
  { name: 'temperature_2m', quantity: 'ta_c' },
  { name: 'relative_humidity_2m', quantity: 'rh_pct' },
  { name: 'wind_speed_10m', quantity: 'wind_ms' },
  { name: 'wind_direction_10m', quantity: 'wind_dir_deg' },
  { name: 'wind_gusts_10m', quantity: 'gust_ms', precedingHour: true },
  { name: 'shortwave_radiation', quantity: 'ghi_wm2', precedingHour: true },
  { name: 'cloud_cover', quantity: 'cloud_pct' },
];

export function createOpenMeteoClient(options: OpenMeteoOptions): FeedClient {
  return createClient(
    'open-meteo',
    '/v1/forecast',
    OPEN_METEO_WEATHER,
    'wind_speed_unit=ms&timezone=GMT&past_hours=24&forecast_hours=49',
    15 * 60_000,
    options,
  );
}

export function createOpenMeteoAirQualityClient(options: OpenMeteoOptions): FeedClient {
  return createClient(
    'open-meteo-air-quality',
    '/v1/air-quality',
    [
      { name: 'nitrogen_dioxide', quantity: 'no2' },
      { name: 'pm2_5', quantity: 'pm25' },
      { name: 'pm10', quantity: 'pm10' },
      { name: 'ozone', quantity: 'o3' },
    ],
    'domains=cams_europe&timezone=GMT&past_hours=24&forecast_hours=49',
    60 * 60_000,
    options,
  );
}
