import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  type FeedSite,
  POLLUTANTS,
  type Pollutant,
  plausible,
  type Reading,
} from '../../domain/live/readings.ts';
import { type FeedClient, FeedError, type FeedRead } from '../../services/live/feeds-port.ts';
import { DEFAULT_HTTP_POLICY, type HttpPolicy, httpText, parseJsonBody } from './http-get.ts';
import { firstSchemaError } from './schema-error.ts';

/**
 * IRCEL-CELINE's 52°North timeseries API (FEEDS.md §1): the stations with their series,
 * then one POST for the look-back window of every NO2, PM10, PM2.5 and O3 series.
 *
 * Time convention (not documented by the provider): a value's timestamp is taken as the
 * END of its averaging hour, as European air-quality reporting does, so the value stamped
 * 10:00 is the record of the hour 09:00–10:00 (hourMs 09:00) and arrives just after
 * 10:00, when that hour is the latest observed one (model/…/time-steps.ts).
 */
const HOUR_MS = 3_600_000;
/** EU pollutant codes (confirmed against /phenomena) */
export const IRCEL_PHENOMENA: Record<string, Pollutant> = {
  '8': 'no2',
  '5': 'pm10',
  '6001': 'pm25',
  '7': 'o3',
};
/** Belgium with a margin: stations of neighbouring networks sometimes appear */
const AREA = { west: 2.3, south: 49.3, east: 6.6, north: 51.7 };

const StationsSchema = Type.Array(
  Type.Object({
    properties: Type.Object({
      id: Type.Union([Type.Number(), Type.String()]),
      label: Type.String(),
      timeseries: Type.Record(
        Type.String(),
        Type.Object({ phenomenon: Type.Object({ id: Type.Union([Type.String(), Type.Number()]) }) }),
      ),
    }),
    geometry: Type.Object({ coordinates: Type.Array(Type.Union([Type.Number(), Type.String()])) }),
  }),
);
const DataSchema = Type.Record(
  Type.String(),
  Type.Object({
    values: Type.Array(
      Type.Object({
        timestamp: Type.Number(),
        // a value the provider could not measure comes as null (or "NaN"): dropped alone
        value: Type.Union([Type.Number(), Type.Null(), Type.String()]),
      }),
    ),
  }),
);
const stationsCheck = Compile(StationsSchema);
const dataCheck = Compile(DataSchema);

export interface IrcelSeries {
  id: string;
  station: string;
  /** the station's name after its code ("Uccle"); absent: the code */
  name?: string;
  lat: number;
  lon: number;
  pollutant: Pollutant;
}

/** every NO2, PM10, PM2.5 and O3 series of a station in Belgium (`/stations?expanded=true`) */
export async function fetchIrcelSeries(
  root: string,
  http: HttpPolicy = DEFAULT_HTTP_POLICY,
): Promise<IrcelSeries[]> {
  const body = parseJsonBody(await httpText(`${root}/stations?expanded=true`, {}, http), 'stations');
  if (!stationsCheck.Check(body))
    throw new FeedError('invalid_body', `stations: ${firstSchemaError(stationsCheck.Errors(body))}`);
  const found: IrcelSeries[] = [];
  for (const feature of body) {
    const [lon, lat] = feature.geometry.coordinates;
    if (typeof lon !== 'number' || typeof lat !== 'number') continue;
    if (lon < AREA.west || lon > AREA.east || lat < AREA.south || lat > AREA.north) continue;
    // "41R012 - Uccle": the EoI code names the station in every answer
    const [code, ...rest] = feature.properties.label.split(' - ');
    const station = code!.trim();
    if (station === '') continue;
    const name = rest.join(' - ').trim() || station;
    for (const [id, ts] of Object.entries(feature.properties.timeseries)) {
      const pollutant = IRCEL_PHENOMENA[String(ts.phenomenon.id)];
      if (pollutant) found.push({ id, station, name, lat, lon, pollutant });
    }
  }
  if (found.length === 0) throw new FeedError('invalid_body', 'stations: no NO2, PM or O3 series in Belgium');
  return found;
}

/**
 * One POST of `getData` for `wanted` over `timespan` (52°North: `PT36H/…Z`, or
 * `start/end`), each value checked; a value stamped after `nowMs` (+5 min) is dropped.
 */
export async function fetchIrcelData(
  root: string,
  wanted: readonly IrcelSeries[],
  timespan: string,
  nowMs: number,
  http: HttpPolicy = DEFAULT_HTTP_POLICY,
): Promise<FeedRead> {
  const text = await httpText(
    `${root}/timeseries/getData`,
    { method: 'POST', body: JSON.stringify({ timeseries: wanted.map((s) => s.id), timespan }) },
    http,
  );
  const body = parseJsonBody(text, 'getData');
  if (!dataCheck.Check(body))
    throw new FeedError('invalid_body', `getData: ${firstSchemaError(dataCheck.Errors(body))}`);
  const readings: Reading[] = [];
  let dropped = 0;
  for (const s of wanted) {
    for (const { timestamp, value } of body[s.id]?.values ?? []) {
      const hourMs = timestamp - HOUR_MS;
      if (timestamp % HOUR_MS !== 0 || timestamp > nowMs + 5 * 60_000 || !plausible(s.pollutant, value)) {
        dropped++;
        continue;
      }
      readings.push({
        feed: 'ircel-celine',
        site: s.station,
        lat: s.lat,
        lon: s.lon,
        quantity: s.pollutant,
        hourMs,
        value,
      });
    }
  }
  if (readings.length === 0)
    throw new FeedError('invalid_body', `getData: no usable value (${dropped} dropped)`);
  return { readings, dropped };
}

export interface IrcelOptions {
  root: string;
  lookbackHours?: number;
  http?: HttpPolicy;
}

export function createIrcelClient(options: IrcelOptions): FeedClient {
  const root = options.root.replace(/\/+$/, '');
  const lookback = options.lookbackHours ?? 36;
  const http = options.http ?? DEFAULT_HTTP_POLICY;

  return {
    feed: 'ircel-celine',
    root,
    cadenceMs: 10 * 60_000,
    normalLagMs: 3 * HOUR_MS,
    async read(nowMs): Promise<FeedRead> {
      const wanted = await fetchIrcelSeries(root, http);
      const end = new Date(Math.ceil(nowMs / HOUR_MS) * HOUR_MS).toISOString().replace('.000Z', 'Z');
      const read = await fetchIrcelData(root, wanted, `PT${lookback}H/${end}`, nowMs, http);
      return { ...read, sites: stationsOf(wanted) };
    },
  };
}

/** the stations behind the series, each with the pollutants it measures */
export function stationsOf(series: readonly IrcelSeries[]): FeedSite[] {
  const byCode = new Map<string, FeedSite>();
  for (const s of series) {
    let site = byCode.get(s.station);
    if (!site) {
      site = {
        feed: 'ircel-celine',
        site: s.station,
        name: s.name ?? s.station,
        lat: s.lat,
        lon: s.lon,
        quantities: [],
      };
      byCode.set(s.station, site);
    }
    if (!site.quantities.includes(s.pollutant)) site.quantities.push(s.pollutant);
  }
  for (const site of byCode.values()) site.quantities = POLLUTANTS.filter((p) => site.quantities.includes(p));
  return [...byCode.values()];
}
