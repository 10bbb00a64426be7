import type { FeedReplay, ReplayAnswer, ReplayHandler } from './feed-replay.ts';

/**
 * The providers' archives, as `svc feeds backfill` reads them, served by the local
 * stand-in (feed-replay.ts) in their exact formats: Open-Meteo's `/v1/archive` (every
 * asked day, hourly, one location per asked point, GMT, m/s) and IRCEL-CELINE's
 * `stations` and `timeseries/getData` with a `start/end` timespan (values stamped at
 * the end of their hour). What is served follows a pattern the test chooses, so that its
 * expectations are computed from the served values.
 */
const HOUR = 3_600_000;

export interface ArchivePattern {
  temperatureC(hourMs: number): number;
  /** NO2 at the Grand-Place test station; Uccle's is 0.7 of it */
  no2(hourMs: number): number;
  /** an hour the providers have no value for (null in the body) */
  missing?(hourMs: number): boolean;
  /** answers this instead of an archive month (a provider failing mid-way) */
  failMonth?(month: number): ReplayAnswer | undefined;
}

/** a station on the Grand-Place's own cell: the statistics there are its measurements */
export const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
const STATIONS = [
  {
    id: 9101,
    label: '41TST1 - Grand-Place (test)',
    ...GRAND_PLACE,
    series: { '91011': '8', '91012': '5', '91013': '6001', '91014': '7' },
  },
  { id: 9102, label: '41R012 - Uccle', lat: 50.7963, lon: 4.3585, series: { '91021': '8' } },
];
const PHENOMENON: Record<string, string> = {
  '8': 'Nitrogen dioxide',
  '5': 'Particulate Matter < 10 µm',
  '6001': 'Particulate Matter < 2.5 µm',
  '7': 'Ozone',
};

const round = (v: number) => Math.round(v * 10) / 10;

function seriesValue(pattern: ArchivePattern, id: string, hourMs: number): number | null {
  if (pattern.missing?.(hourMs)) return null;
  if (id === '91011') return round(pattern.no2(hourMs));
  if (id === '91021') return round(0.7 * pattern.no2(hourMs));
  if (id === '91012') return 18;
  if (id === '91013') return 11;
  return 45;
}

function stationsBody(): string {
  return JSON.stringify(
    STATIONS.map((s) => ({
      properties: {
        id: s.id,
        label: s.label,
        timeseries: Object.fromEntries(
          Object.entries(s.series).map(([id, phenomenon]) => [
            id,
            {
              phenomenon: { id: phenomenon, label: PHENOMENON[phenomenon] },
              category: { id: phenomenon, label: PHENOMENON[phenomenon] },
            },
          ]),
        ),
      },
      geometry: { coordinates: [s.lon, s.lat, 'NaN'], type: 'Point' },
      type: 'Feature',
    })),
  );
}

function getData(pattern: ArchivePattern): ReplayHandler {
  return ({ body }) => {
    const asked = JSON.parse(body) as { timeseries: string[]; timespan: string };
    const [start, end] = asked.timespan.split('/').map((t) => Date.parse(t));
    const answer: Record<string, { values: Array<{ timestamp: number; value: number | null }> }> = {};
    for (const id of asked.timeseries) {
      const values: Array<{ timestamp: number; value: number | null }> = [];
      for (let t = start!; t <= end!; t += HOUR)
        values.push({ timestamp: t, value: seriesValue(pattern, id, t - HOUR) });
      answer[id] = { values };
    }
    return { body: JSON.stringify(answer) };
  };
}

function archive(pattern: ArchivePattern): ReplayHandler {
  return ({ url }) => {
    const q = url.searchParams;
    const first = Date.parse(`${q.get('start_date')}T00:00:00Z`);
    const failed = pattern.failMonth?.(new Date(first).getUTCMonth());
    if (failed) return failed;
    const last = Date.parse(`${q.get('end_date')}T23:00:00Z`);
    const times: number[] = [];
    for (let t = first; t <= last; t += HOUR) times.push(t);
    const value = (t: number, v: number) => (pattern.missing?.(t) ? null : round(v));
    const lats = q.get('latitude')!.split(',').map(Number);
    const lons = q.get('longitude')!.split(',').map(Number);
    const locations = lats.map((lat, i) => ({
      latitude: Math.round(lat * 100) / 100,
      longitude: Math.round(lons[i]! * 100) / 100,
      generationtime_ms: 12.5,
      utc_offset_seconds: 0,
      timezone: 'GMT',
      timezone_abbreviation: 'GMT',
      elevation: 58.0,
      hourly_units: {
        time: 'iso8601',
        temperature_2m: '°C',
        relative_humidity_2m: '%',
        wind_speed_10m: 'm/s',
        wind_direction_10m: '°',
        wind_gusts_10m: 'm/s',
        shortwave_radiation: 'W/m²',
        cloud_cover: '%',
      },
      hourly: {
        time: times.map((t) => new Date(t).toISOString().slice(0, 16)),
        temperature_2m: times.map((t) => value(t, pattern.temperatureC(t))),
        relative_humidity_2m: times.map((t) => value(t, 70)),
        wind_speed_10m: times.map((t) => value(t, 3)),
        wind_direction_10m: times.map((t) => value(t, 225)),
        wind_gusts_10m: times.map((t) => value(t, 6)),
        shortwave_radiation: times.map((t) => {
          const h = new Date(t).getUTCHours();
          return value(t, h >= 6 && h <= 18 ? 500 * Math.sin((Math.PI * (h - 6)) / 12) : 0);
        }),
        cloud_cover: times.map((t) => value(t, 50)),
      },
    }));
    return { body: JSON.stringify(locations.length === 1 ? locations[0] : locations) };
  };
}

/** serves `pattern` at `/v1/archive` (FEED_OPENMETEO_ARCHIVE_URL = replay.url) and under `ircelRoot` */
export function serveArchive(replay: FeedReplay, pattern: ArchivePattern, ircelRoot = '/ircel'): void {
  replay.on('/v1/archive', archive(pattern));
  replay.on(`${ircelRoot}/stations`, { body: stationsBody() });
  replay.on(`${ircelRoot}/timeseries/getData`, getData(pattern));
}
