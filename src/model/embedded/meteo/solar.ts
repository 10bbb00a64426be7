import { getPosition } from 'suncalc';

/**
 * Sun and radiation. Sun position from suncalc (degrees, azimuth clockwise from north);
 * clear-sky radiation from the Haurwitz model; cloud attenuation in the form of Kasten & Czeplak (our coefficients, tuned to Uccle's ~965 kWh/m² a year);
 * diffuse/direct split after Reindl et al. (1990).
 */
export interface SunPosition {
  elevationDeg: number;
  azimuthDeg: number;
}

export function sunPosition(ms: number, lat: number, lon: number): SunPosition {
  const p = getPosition(new Date(ms), lat, lon);
  return { elevationDeg: p.altitude, azimuthDeg: ((p.azimuth % 360) + 360) % 360 };
}

/** clear-sky global horizontal irradiance, W/m² */
export function clearSkyGhi(elevationDeg: number): number {
  const s = Math.sin((elevationDeg * Math.PI) / 180);
  if (s <= 0.01) return 0;
  return 1098 * s * Math.exp(-0.057 / s);
}

/** global horizontal irradiance under a cloud fraction in [0, 1] */
export function cloudyGhi(elevationDeg: number, cloud: number): number {
  return clearSkyGhi(elevationDeg) * (1 - 0.9 * cloud ** 1.7);
}

/** extraterrestrial normal irradiance for a day of year */
export function extraterrestrial(doy: number): number {
  return 1361 * (1 + 0.033 * Math.cos((2 * Math.PI * doy) / 365.25));
}

/** split global irradiance into diffuse horizontal and direct normal (W/m²) */
export function splitRadiation(
  ghi: number,
  elevationDeg: number,
  doy: number,
  taC: number,
  rhPct: number,
): { diffuse: number; directNormal: number } {
  const sinH = Math.sin((elevationDeg * Math.PI) / 180);
  if (ghi <= 0 || sinH <= 0.05) return { diffuse: Math.max(0, ghi), directNormal: 0 };
  const kt = ghi / (extraterrestrial(doy) * sinH);
  const rh = rhPct / 100;
  let ratio: number;
  if (kt <= 0.3) ratio = 1 - 0.232 * kt + 0.0239 * sinH - 0.000682 * taC + 0.0195 * rh;
  else if (kt < 0.78) ratio = 1.329 - 1.716 * kt + 0.267 * sinH - 0.00357 * taC + 0.106 * rh;
  else ratio = 0.426 * kt - 0.256 * sinH + 0.00349 * taC + 0.0734 * rh;
  ratio = Math.min(1, Math.max(0.1, ratio));
  const diffuse = ghi * ratio;
  return { diffuse, directNormal: Math.min(1050, (ghi - diffuse) / sinH) };
}

/** clear-sky emissivity (Jonsson et al. 2006), corrected towards 1 with cloud cover */
export function skyEmissivity(taC: number, rhPct: number, cloud: number): number {
  const ea = 6.107 * 10 ** ((7.5 * taC) / (237.3 + taC)) * (rhPct / 100);
  const w = (46.5 * ea) / (taC + 273.15);
  const clear = 1 - (1 + w) * Math.exp(-Math.sqrt(1.2 + 3 * w));
  return clear + (1 - clear) * cloud * 0.85;
}
