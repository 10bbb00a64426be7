import { fixture, type ReplayAnswer, type ReplayHandler } from './feed-replay.ts';

/**
 * A recognisable live series served in the providers' exact formats, relative to a
 * clock (the real one unless a test injects its own): a warm 20 ± 6 °C daily swing,
 * wind 8 m/s from the south-west, NO2 50 ± 30 µg/m³ at every station (times the
 * station's own factor when a test lists its stations), CAMS NO2 40. One hour of each
 * carries an implausible value (999 °C, 9999 µg/m³) that must never show.
 */
const HOUR = 3_600_000;
const TAU = 2 * Math.PI;

export const fed = {
  temperatureC: (hourMs: number) => 20 + 6 * Math.sin((TAU * (hourMs / HOUR)) / 24),
  windMs: 8,
  windDirDeg: 225,
  no2: (hourMs: number) => 50 + 30 * Math.sin((TAU * (hourMs / HOUR + 6)) / 24),
  camsNo2: 40,
};

/** a station a test lists in place of the fixture's, with NO2 at `factor` times the fed series */
export interface FedStation {
  /** the EoI code and name, as IRCEL labels a station ("41B004 - Sainte-Catherine") */
  label: string;
  lat: number;
  lon: number;
  factor: number;
}

/** the fixture's NO2 series (Uccle, Molenbeek, Antwerp): the fed series as it is */
const FIXTURE_NO2_SERIES = ['6522', '10744', '10741'];
const OZONE_SERIES = '6523';
/** timeseries ids of listed stations: beyond the fixture's */
const ADDED_SERIES_BASE = 91_000;

const gmt = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;

export interface FedFeeds {
  /** the hour carrying an implausible value: an observed hour, fixed at creation */
  badHour: number;
  /** what a station's NO2 series reads at an hour (the implausible hour aside) */
  no2Of(station: FedStation | 'fixture', hourMs: number): number;
  ircelStations: ReplayAnswer;
  /** IRCEL getData: every asked series over the asked timespan (`PT36H/…Z`), stamped at the hour's end */
  ircelData: ReplayHandler;
  openMeteoForecast: ReplayHandler;
  openMeteoAirQuality: ReplayHandler;
}

export function fedFeeds(options: { clock?: () => number; stations?: readonly FedStation[] } = {}): FedFeeds {
  const clock = options.clock ?? Date.now;
  const added = options.stations ?? [];
  const badHour = floorHour(clock()) - 5 * HOUR;
  const no2Of = (station: FedStation | 'fixture', hourMs: number) =>
    fed.no2(hourMs) * (station === 'fixture' ? 1 : station.factor);
  const addedBySeries = new Map(added.map((s, i) => [String(ADDED_SERIES_BASE + i), s]));

  const stationsBody = (): Buffer => {
    const features: unknown[] = [];
    added.forEach((station, i) => {
      const series = String(ADDED_SERIES_BASE + i);
      features.push({
        properties: {
          id: ADDED_SERIES_BASE + i,
          label: station.label,
          timeseries: {
            [series]: {
              phenomenon: { id: '8', label: 'Nitrogen dioxide' },
              category: { id: '8', label: 'Nitrogen dioxide' },
            },
          },
        },
        geometry: { coordinates: [station.lon, station.lat, 'NaN'], type: 'Point' },
        type: 'Feature',
      });
    });
    return Buffer.from(JSON.stringify(features), 'utf8');
  };

  const ircelData: ReplayHandler = ({ body }) => {
    const asked = JSON.parse(body) as { timeseries: string[]; timespan: string };
    const [, hours, end] = /^PT(\d+)H\/(.+)$/.exec(asked.timespan)!;
    const endMs = Math.min(Date.parse(end!), floorHour(clock()));
    const answer: Record<string, { values: Array<{ timestamp: number; value: number | null }> }> = {};
    for (const id of asked.timeseries) {
      const values: Array<{ timestamp: number; value: number | null }> = [];
      for (let t = endMs - Number(hours) * HOUR; t <= endMs; t += HOUR) {
        const hourMs = t - HOUR;
        const station = addedBySeries.get(id);
        const no2Like = station !== undefined || FIXTURE_NO2_SERIES.includes(id);
        const value = no2Like
          ? hourMs === badHour
            ? 9999
            : no2Of(station ?? 'fixture', hourMs)
          : id === OZONE_SERIES
            ? 40
            : 12;
        values.push({ timestamp: t, value: Math.round(value * 10) / 10 });
      }
      answer[id] = { values };
    }
    return { body: JSON.stringify(answer) };
  };

  function gridded(url: URL, build: (lat: number, lon: number, times: number[]) => object): ReplayAnswer {
    const lats = url.searchParams.get('latitude')!.split(',').map(Number);
    const lons = url.searchParams.get('longitude')!.split(',').map(Number);
    const first = floorHour(clock()) - 24 * HOUR;
    const times = Array.from({ length: 24 + 49 }, (_, i) => first + i * HOUR);
    const locations = lats.map((lat, i) => build(lat, lons[i]!, times));
    return { body: JSON.stringify(locations.length === 1 ? locations[0] : locations) };
  }

  const openMeteoForecast: ReplayHandler = ({ url }) =>
    gridded(url, (lat, lon, times) =>
      location(
        lat,
        lon,
        {
          temperature_2m: '°C',
          relative_humidity_2m: '%',
          wind_speed_10m: 'm/s',
          wind_direction_10m: '°',
          wind_gusts_10m: 'm/s',
          shortwave_radiation: 'W/m²',
          cloud_cover: '%',
        },
        {
          time: times.map(gmt),
          temperature_2m: times.map((t) => (t === badHour ? 999 : Math.round(fed.temperatureC(t) * 10) / 10)),
          relative_humidity_2m: times.map(() => 60),
          wind_speed_10m: times.map(() => fed.windMs),
          wind_direction_10m: times.map(() => fed.windDirDeg),
          wind_gusts_10m: times.map(() => 13.5),
          shortwave_radiation: times.map(() => 0.0),
          cloud_cover: times.map(() => 90),
        },
      ),
    );

  const openMeteoAirQuality: ReplayHandler = ({ url }) =>
    gridded(url, (lat, lon, times) =>
      location(
        lat,
        lon,
        { nitrogen_dioxide: 'μg/m³', pm2_5: 'μg/m³', pm10: 'μg/m³', ozone: 'μg/m³' },
        {
          time: times.map(gmt),
          // CAMS stops after a few days: the last hours come as null
          nitrogen_dioxide: times.map((_, i) => (i > times.length - 4 ? null : fed.camsNo2)),
          pm2_5: times.map(() => 9.5),
          pm10: times.map(() => 15.2),
          ozone: times.map(() => 45.0),
        },
      ),
    );

  return {
    badHour,
    no2Of,
    ircelStations: { body: added.length === 0 ? fixture('ircel-stations.json') : stationsBody() },
    ircelData,
    openMeteoForecast,
    openMeteoAirQuality,
  };
}

function location(
  lat: number,
  lon: number,
  units: Record<string, string>,
  hourly: Record<string, unknown[]>,
) {
  return {
    latitude: Math.round(lat * 100) / 100,
    longitude: Math.round(lon * 100) / 100,
    generationtime_ms: 0.21,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 58.0,
    hourly_units: { time: 'iso8601', ...units },
    hourly,
  };
}

/** the series on the real clock, for the tests and benchmarks that run a real server process */
const onTheRealClock = fedFeeds();
export const BAD_HOUR = onTheRealClock.badHour;
export const { ircelData, ircelStations, openMeteoForecast, openMeteoAirQuality } = onTheRealClock;
