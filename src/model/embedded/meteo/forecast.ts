import { smoothNoise1 } from '../noise/smooth-noise.ts';
import type { DomainClimate } from './domain-climate.ts';
import { cloudyGhi } from './solar.ts';
import { observedWeather, type Weather } from './weather.ts';

/**
 * A forecast is the weather that will be observed, plus an error that grows with lead
 * time. The error is a smooth process of the target hour seeded by the issue time, so a
 * forecast is coherent across its steps, differs between issues, and drifts from what
 * is later observed for the same hour: about 0.6 °C and 10 % of wind speed at +1 h,
 * 1.8 °C and 30 % at +48 h.
 */
const HOUR_MS = 3_600_000;

export function forecastWeather(
  seed: number,
  hourMs: number,
  issuedMs: number,
  lat: number,
  lon: number,
  climate: DomainClimate,
): Weather {
  const truth = observedWeather(seed, hourMs, lat, lon, climate);
  const lead = Math.max(0, (hourMs - issuedMs) / HOUR_MS);
  if (lead === 0) return truth;
  const issue = Math.floor(issuedMs / HOUR_MS);
  const t = hourMs / HOUR_MS;
  const err = (stream: number, period: number) => smoothNoise1(seed ^ 0x0f0f, issue * 16 + stream, t, period);
  const grow = Math.sqrt(lead / 48);
  const taC = truth.taC + (0.5 + 1.3 * grow) * err(1, 18);
  const rhPct = Math.min(100, Math.max(20, truth.rhPct + (3 + 7 * grow) * err(2, 18)));
  const wind10Ms = truth.wind10Ms * Math.exp((0.08 + 0.24 * grow) * err(3, 15));
  const windDirDeg = (((truth.windDirDeg + (8 + 35 * grow) * err(4, 20)) % 360) + 360) % 360;
  const cloud = Math.min(1, Math.max(0, truth.cloud + (0.05 + 0.22 * grow) * err(5, 10)));
  return {
    ...truth,
    taC,
    rhPct,
    wind10Ms,
    windDirDeg,
    cloud,
    ghiWm2: cloudyGhi(truth.sunElevationDeg, cloud),
    // air-quality forecasts miss emissions, boundary-layer depth and chemistry: hourly
    // NO2 errors of 30–50 % RMS are usual even on day one (CAMS/IRCEL evaluations)
    pollutionZ: truth.pollutionZ + (1.0 + 0.6 * grow) * err(6, 24),
  };
}
