import { type LiveInputs, type LivePoint, valueAt } from '../../../domain/live/live-inputs.ts';
import type { MeteoQuantity } from '../../../domain/live/readings.ts';
import { cloudyGhi } from '../meteo/solar.ts';
import type { Weather } from '../meteo/weather.ts';

/**
 * Fed meteorology in place of the generated weather: the point of the feed nearest the
 * domain's centre (within `MAX_KM`) gives each quantity it holds for the hour; a quantity
 * it lacks keeps the generator's value, so a gap in one series never blanks the others.
 * The sun's position, the air-mass and heat-wave terms stay the generator's (the station
 * correction, station-correction.ts, sets the concentrations).
 */
const MAX_KM = 60;

export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const kx = 111.32 * Math.cos((((aLat + bLat) / 2) * Math.PI) / 180);
  const dx = (aLon - bLon) * kx;
  const dy = (aLat - bLat) * 110.57;
  return Math.sqrt(dx * dx + dy * dy);
}

export function nearestPoint<Q extends string>(
  points: readonly LivePoint<Q>[],
  lat: number,
  lon: number,
  maxKm = MAX_KM,
): LivePoint<Q> | undefined {
  let best: LivePoint<Q> | undefined;
  let bestKm = maxKm;
  for (const p of points) {
    const km = distanceKm(lat, lon, p.lat, p.lon);
    if (km <= bestKm) {
      best = p;
      bestKm = km;
    }
  }
  return best;
}

/** the weather of the hour with the fed values laid over it; `fed` tells whether any was */
export function withFedMeteorology(
  inputs: LiveInputs,
  centre: { lat: number; lon: number },
  hourMs: number,
  synthetic: Weather,
): { weather: Weather; fed: boolean } {
  const point = nearestPoint(inputs.meteo, centre.lat, centre.lon);
  if (!point) return { weather: synthetic, fed: false };
  const at = (q: MeteoQuantity) => valueAt(point.series[q], hourMs);
  const taC = at('ta_c');
  const rhPct = at('rh_pct');
  const wind = at('wind_ms');
  const dir = at('wind_dir_deg');
  const cloudPct = at('cloud_pct');
  const ghi = at('ghi_wm2');
  if ([taC, rhPct, wind, dir, cloudPct, ghi].every((v) => v === undefined))
    return { weather: synthetic, fed: false };
  const cloud = cloudPct === undefined ? synthetic.cloud : cloudPct / 100;
  const weather: Weather = {
    ...synthetic,
    taC: taC ?? synthetic.taC,
    // the model's humidity formulas need a little vapour
    rhPct: rhPct === undefined ? synthetic.rhPct : Math.min(100, Math.max(5, rhPct)),
    wind10Ms: wind ?? synthetic.wind10Ms,
    windDirDeg: dir === undefined ? synthetic.windDirDeg : dir % 360,
    cloud,
    // measured radiation when given; else the clear-sky sun through the fed clouds
    ghiWm2: ghi ?? (cloudPct === undefined ? synthetic.ghiWm2 : cloudyGhi(synthetic.sunElevationDeg, cloud)),
  };
  return { weather, fed: true };
}
