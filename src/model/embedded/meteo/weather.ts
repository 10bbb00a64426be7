import { normalCdf, normalQuantile } from '../noise/normal.ts';
import { smoothNoise1 } from '../noise/smooth-noise.ts';
import { normalsAt } from './climatology.ts';
import type { DomainClimate } from './domain-climate.ts';
import { activeEpisodes, envelope } from './events.ts';
import { dayOfYear } from './local-time.ts';
import { cloudyGhi, sunPosition } from './solar.ts';

/**
 * Hourly weather for any UTC hour: the climate's normals plus deterministic anomalies. The
 * anomalies are smooth random processes of absolute time at several time scales
 * (synoptic ~2–3 days, slow ~2 weeks, fast ~hours) plus drawn episodes (heat waves,
 * cold spells, storms), so every hour is computable on its own and consecutive hours
 * persist. One weather state serves a whole domain; cells adjust it locally.
 */
export interface Weather {
  taC: number;
  rhPct: number;
  wind10Ms: number;
  windDirDeg: number;
  cloud: number;
  ghiWm2: number;
  sunElevationDeg: number;
  sunAzimuthDeg: number;
  /** air-mass anomaly for regional pollution, standard normal */
  pollutionZ: number;
  /** heat-wave envelope in °C (0 outside heat waves), drives ozone */
  heatWaveC: number;
}

const HOUR_MS = 3_600_000;
const WEIBULL_K = 1.5;
const GAMMA_1_PLUS_INV_K = 0.9027; // Γ(1 + 1/1.5): Weibull mean = c · Γ
const cdfOf = (rose: readonly number[]) => {
  const total = rose.reduce((a, b) => a + b, 0);
  let acc = 0;
  return rose.map((p) => {
    acc += p / total;
    return acc;
  });
};

/** the cumulative wind roses of a climate (data/national/climate.json `wind_rose`), once per climate */
const roseCdfs = new WeakMap<DomainClimate['windRose'], { all: number[]; strong: number[] }>();
function cdfsOf(rose: DomainClimate['windRose']): { all: number[]; strong: number[] } {
  let cdfs = roseCdfs.get(rose);
  if (!cdfs) {
    cdfs = { all: cdfOf(rose.all), strong: cdfOf(rose.strong) };
    roseCdfs.set(rose, cdfs);
  }
  return cdfs;
}

enum Stream {
  CloudSyn = 1,
  CloudFast,
  TempSyn,
  TempSlow,
  TempFast,
  WindSyn,
  WindFast,
  DirSyn,
  DirFast,
  HumFast,
  Pollution,
}

/** a direction from the rose, tilted towards the storm rose by `storminess` in [0, 1] */
function windDirectionFromUniform(u: number, storminess: number, rose: DomainClimate['windRose']): number {
  const { all, strong } = cdfsOf(rose);
  let lower = 0;
  for (let k = 0; k < all.length; k++) {
    const upper = all[k]! + storminess * (strong[k]! - all[k]!);
    if (u <= upper || k === all.length - 1) {
      const f = (u - lower) / Math.max(1e-9, upper - lower);
      return (((k * 45 - 22.5 + f * 45) % 360) + 360) % 360;
    }
    lower = upper;
  }
  return 270;
}

/** diurnal shape in [-1, 1]: minimum near 05 h solar time, maximum near 14:30 */
function diurnalShape(solarHour: number): number {
  const h = ((solarHour % 24) + 24) % 24;
  if (h >= 5 && h <= 14.5) return -Math.cos((Math.PI * (h - 5)) / 9.5);
  const since = h > 14.5 ? h - 14.5 : h + 9.5;
  return Math.cos((Math.PI * since) / 14.5);
}

function magnusDewPointDepression(taC: number, rh: number): number {
  const g = Math.log(rh / 100) + (17.62 * taC) / (243.12 + taC);
  return taC - (243.12 * g) / (17.62 - g);
}

/** the "true" (observed) weather at the start of an hour, for a location */
export function observedWeather(
  seed: number,
  hourMs: number,
  lat: number,
  lon: number,
  climate: DomainClimate,
): Weather {
  const t = hourMs / HOUR_MS;
  const normals = normalsAt(hourMs, climate.monthlyNormals);
  const { doy } = dayOfYear(hourMs);
  const episodes = activeEpisodes(seed, hourMs);
  const heat = envelope(episodes.heat, hourMs, 30 * HOUR_MS);
  const cold = envelope(episodes.cold, hourMs, 36 * HOUR_MS);
  const storm = envelope(episodes.storms, hourMs, 8 * HOUR_MS);

  // mid-hour sun: a record describes its hour
  const sun = sunPosition(hourMs + HOUR_MS / 2, lat, lon);
  const solarHour = ((hourMs % 86_400_000) / HOUR_MS + 0.5 + lon / 15 + 24) % 24;

  // clouds: U-shaped distribution (clear and overcast hours are the common ones)
  const zCloudSyn = smoothNoise1(seed, Stream.CloudSyn, t, 54);
  const zc = 0.85 * zCloudSyn + 0.53 * smoothNoise1(seed, Stream.CloudFast, t, 9);
  const a = 1.4;
  const b = normalQuantile(normals.cloud) * Math.sqrt(1 + a * a);
  const cloud = normalCdf(a * zc + b - 0.45 * heat - 0.25 * cold);

  // wind: Weibull speeds from a Gaussian process linked to cloudy (cyclonic) weather
  const zw =
    (0.75 * smoothNoise1(seed, Stream.WindSyn, t, 48) +
      0.45 * smoothNoise1(seed, Stream.WindFast, t, 6) +
      0.35 * zCloudSyn) /
      0.942 +
    storm -
    0.5 * (heat > 0 ? 1 : 0) * Math.min(1, heat / 4) -
    0.3 * Math.min(1, cold / 4);
  const c = normals.wind10Ms / GAMMA_1_PLUS_INV_K;
  const diurnalWind =
    1 +
    (0.12 - 0.1 * Math.cos((2 * Math.PI * (doy - 15)) / 365.25)) *
      Math.cos((2 * Math.PI * (solarHour - 14)) / 24);
  const u = Math.min(0.999999, normalCdf(zw));
  const wind10Ms = Math.max(0, c * (-Math.log(1 - u)) ** (1 / WEIBULL_K) * diurnalWind * 0.955);

  // temperature: normals + diurnal cycle widened on clear days + anomalies
  const seasonal = Math.cos((2 * Math.PI * (doy - 15)) / 365.25); // +1 mid-winter, −1 mid-summer
  const clearness = normals.cloud - cloud; // > 0 when clearer than usual
  // radiative cooling and heating need light wind: a windy night stays mixed (no
  // inversion), so a clear sky widens the daily range and chills winter days less
  const mixed = Math.min(1, Math.max(0, (wind10Ms - 3) / 5));
  const range =
    normals.dailyRangeC * ((1.45 - 0.85 * cloud) / (1.45 - 0.85 * normals.cloud)) * (1 - 0.35 * mixed);
  const anomaly =
    2.3 * smoothNoise1(seed, Stream.TempSyn, t, 72) +
    1.3 * smoothNoise1(seed, Stream.TempSlow, t, 300) +
    0.35 * smoothNoise1(seed, Stream.TempFast, t, 10) +
    heat -
    cold -
    2.2 * clearness * seasonal * (1 - 0.6 * mixed);
  // −0.2: the seeded anomalies of the reference year run slightly warm; keep its mean near the normal
  const dailyMean = normals.meanTempC - 0.2 + anomaly;
  const taC = dailyMean + (range / 2) * diurnalShape(solarHour);

  // humidity: dew point follows the daily mean; RH then swings with the diurnal cycle
  const depression = magnusDewPointDepression(normals.meanTempC, Math.min(97, normals.relHumidityPct + 1));
  const dew =
    dailyMean -
    depression * (1 + 0.9 * clearness + 0.05 * heat) +
    0.7 * smoothNoise1(seed, Stream.HumFast, t, 7);
  const rh = 100 * Math.exp((17.62 * dew) / (243.12 + dew) - (17.62 * taC) / (243.12 + taC));
  const rhPct = Math.min(100, Math.max(22, rh));

  const zd =
    (0.9 * smoothNoise1(seed, Stream.DirSyn, t, 40) + 0.44 * smoothNoise1(seed, Stream.DirFast, t, 8)) /
    1.0018;
  // the faster the wind, the more it blows from the storm sectors
  const storminess = Math.min(1, Math.max(0, (zw - 0.6) / 1.1));
  const windDirDeg = windDirectionFromUniform(normalCdf(zd), storminess, climate.windRose);

  const ghiWm2 = cloudyGhi(sun.elevationDeg, cloud);
  return {
    taC,
    rhPct,
    wind10Ms,
    windDirDeg,
    cloud,
    ghiWm2,
    sunElevationDeg: sun.elevationDeg,
    sunAzimuthDeg: sun.azimuthDeg,
    pollutionZ: smoothNoise1(seed, Stream.Pollution, t, 80),
    heatWaveC: heat,
  };
}
