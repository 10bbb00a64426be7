import { fixture, type ReplayAnswer, type ReplayHandler } from './feed-replay.ts';

/**
 * A recognisable live series served in the providers' exact formats, relative to the
 * real clock: a warm 20 ± 6 °C daily swing, wind 8 m/s from the south-west, NO2
 * 50 ± 30 µg/m³ at every station, CAMS NO2 40. One hour of each carries an implausible
 * value (999 °C, 9999 µg/m³) that must never show.
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

/** the hour carrying an implausible value: an observed hour, fixed for the whole run */
export const BAD_HOUR = Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR;

const gmt = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** IRCEL getData: every asked series over the asked timespan (`PT36H/…Z`), stamped at the hour's end */
export const ircelData: ReplayHandler = ({ body }) => {
  const asked = JSON.parse(body) as { timeseries: string[]; timespan: string };
  const [, hours, end] = /^PT(\d+)H\/(.+)$/.exec(asked.timespan)!;
  const endMs = Math.min(Date.parse(end!), Math.floor(Date.now() / HOUR) * HOUR);
  const answer: Record<string, { values: Array<{ timestamp: number; value: number | null }> }> = {};
  for (const id of asked.timeseries) {
    const values: Array<{ timestamp: number; value: number | null }> = [];
    for (let t = endMs - Number(hours) * HOUR; t <= endMs; t += HOUR) {
      const hourMs = t - HOUR;
      const no2Like = id === '6522' || id === '10744' || id === '10741';
      const value = no2Like ? (hourMs === BAD_HOUR ? 9999 : fed.no2(hourMs)) : id === '6523' ? 40 : 12;
      values.push({ timestamp: t, value: Math.round(value * 10) / 10 });
    }
    answer[id] = { values };
  }
  return { body: JSON.stringify(answer) };
};

export const ircelStations: ReplayAnswer = { body: fixture('ircel-stations.json') };

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

function gridded(url: URL, build: (lat: number, lon: number, times: number[]) => object): ReplayAnswer {
  const lats = url.searchParams.get('latitude')!.split(',').map(Number);
  const lons = url.searchParams.get('longitude')!.split(',').map(Number);
  const first = Math.floor(Date.now() / HOUR) * HOUR - 24 * HOUR;
  const times = Array.from({ length: 24 + 49 }, (_, i) => first + i * HOUR);
  const locations = lats.map((lat, i) => build(lat, lons[i]!, times));
  return { body: JSON.stringify(locations.length === 1 ? locations[0] : locations) };
}

export const openMeteoForecast: ReplayHandler = ({ url }) =>
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
        temperature_2m: times.map((t) => (t === BAD_HOUR ? 999 : Math.round(fed.temperatureC(t) * 10) / 10)),
        relative_humidity_2m: times.map(() => 60),
        wind_speed_10m: times.map(() => fed.windMs),
        wind_direction_10m: times.map(() => fed.windDirDeg),
        wind_gusts_10m: times.map(() => 13.5),
        shortwave_radiation: times.map(() => 0.0),
        cloud_cover: times.map(() => 90),
      },
    ),
  );

export const openMeteoAirQuality: ReplayHandler = ({ url }) =>
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
