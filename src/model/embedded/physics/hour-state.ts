import { normalsAt } from '../meteo/climatology.ts';
import type { DomainClimate } from '../meteo/domain-climate.ts';
import { dayOfYear } from '../meteo/local-time.ts';
import { skyEmissivity, splitRadiation } from '../meteo/solar.ts';
import type { Weather } from '../meteo/weather.ts';
import { emissionProfiles } from './emission-profiles.ts';
import { foldUtciByVapour, saturationVapourPressureHpa, UTCI_LOCAL_SIZE, vapourPressureKpa } from './utci.ts';

/**
 * Everything about an hour that is the same for all cells of a domain, computed once
 * per hour and stored column-wise so that a cell's year is a tight loop over arrays:
 * meteorology, radiation split, sky longwave, the folded UTCI polynomial, and the
 * pollution levels before local (cell) factors.
 *
 * Pollution model (µg/m³), calibrated to Brussels annual means (DOMAIN.md §4.4):
 * - ventilation = wind × mixing, mixing deep on sunny afternoons, shallow at night and
 *   in winter; dilution ∝ ventilation^-0.75;
 * - regional background (imported; seasonal, air-mass episodes);
 * - urban background per unit of urbanisation (city-wide traffic and heating);
 * - traffic increment per unit of road exposure (hourly traffic profile);
 * - ozone: regional ozone (photochemistry: sun, summer, heat waves) titrated by local NO2.
 */
const SIGMA = 5.670374419e-8;
/**
 * the ventilation (m/s) at which the dilution is 1. The constants below were calibrated
 * to DOMAIN.md §4.4 with 1.6 on the generated weather, whose wind is below 1.5 m/s in
 * 30 % of hours; the measured Uccle year (TMYx 2007–2021) is so calm in 8 %. 2.61 gives
 * the measured year, screened and with the ventilation floor, the calibrated
 * traffic-weighted mean of dilution × stagnation (1.36; derived by
 * scripts/model-validation/dilution-reference.ts); 2.65 keeps the annual NO2 means at the
 * Brussels stations where v1.4 had them (±0.2 µg/m³), since the screening also took the
 * October gap's stagnation out of the air mass (v1.5, was 2.33 in v1.4; docs/model.md)
 */
export const DILUTION_REFERENCE_VENTILATION = 2.65;
/**
 * The least ventilation (m/s, wind × mixing) an hour disperses with (v1.5, issue #46). A
 * measured calm is not still air: on calm nights over a city, meandering and the
 * turbulence that buildings and traffic make keep mixing the street air (the dispersion
 * models used for Brussels, RIO-IFDM and OSPM, floor their wind and turbulence likewise),
 * so one calm hour never multiplies the local emissions by the full stagnant factor.
 */
export const VENTILATION_FLOOR_MS = 1.0;
/** the reference ventilation the constants were calibrated with on the generated weather */
export const GENERATED_WEATHER_REFERENCE_VENTILATION = 1.6;

export const HOUR_FIELDS = [
  'hourMs',
  'taC',
  'rhPct',
  'wind10',
  'windDir',
  'cloud',
  'ghi',
  'sunElev',
  'sunAz',
  'sinElev',
  'cosElev',
  'directNormal',
  'diffuse',
  'skyLongwave',
  'no2Regional',
  'no2Urban',
  'no2Traffic',
  'pm25Regional',
  'pm25Urban',
  'pm25Traffic',
  'pm10Coarse',
  'pm10Traffic',
  'o3Regional',
  'uhiC',
  'gustiness',
  'storedHeatC',
  'taNormalC',
  'winter',
  'vapourHpa',
  'lnEs0',
  'lnEs1',
  'lnEs2',
  'dewPointC',
] as const;
export type HourField = (typeof HOUR_FIELDS)[number];

export type HourTable = Record<HourField, Float64Array> & { length: number; utci: Float32Array };

export function createHourTable(length: number): HourTable {
  const table = { length, utci: new Float32Array(length * UTCI_LOCAL_SIZE) } as HourTable;
  for (const f of HOUR_FIELDS) table[f] = new Float64Array(length);
  return table;
}

/**
 * How the hour disperses local emissions: `dilution` (∝ ventilation^-0.75, ventilation =
 * wind × mixing depth, deep on sunny afternoons, shallow at night and in winter) and
 * `stagnation` (a stagnant air mass also holds the city's own emissions, and a forecast's
 * error in the air mass reaches the local increments, as it does in real forecasts).
 * `winter` is +1 mid-January, −1 mid-July.
 */
export function dispersion(
  w: Pick<Weather, 'sunElevationDeg' | 'cloud' | 'wind10Ms' | 'pollutionZ'>,
  winter: number,
  referenceVentilation = DILUTION_REFERENCE_VENTILATION,
  ventilationFloor = VENTILATION_FLOOR_MS,
): { convective: number; dilution: number; stagnation: number } {
  const sinH = Math.max(0, Math.sin((w.sunElevationDeg * Math.PI) / 180));
  const convective = Math.min(1, Math.max(0, sinH * (1 - 0.6 * w.cloud) * 1.6));
  const mixing = (0.42 + 0.58 * convective) * (1 - 0.12 * winter);
  const ventilation = Math.max(ventilationFloor, Math.max(0.7, w.wind10Ms) * mixing);
  return {
    convective,
    dilution: Math.min(3, Math.max(0.25, (referenceVentilation / ventilation) ** 0.75)),
    stagnation: Math.exp(0.22 * w.pollutionZ),
  };
}

/** +1 mid-January, −1 mid-July */
export function winterOf(doy: number): number {
  return Math.cos((2 * Math.PI * (doy - 15)) / 365.25);
}

export function fillHour(
  table: HourTable,
  i: number,
  hourMs: number,
  w: Weather,
  climate: DomainClimate,
): void {
  const { doy } = dayOfYear(hourMs);
  const sinH = Math.max(0, Math.sin((w.sunElevationDeg * Math.PI) / 180));
  const { diffuse, directNormal } = splitRadiation(w.ghiWm2, w.sunElevationDeg, doy, w.taC, w.rhPct);
  const winter = winterOf(doy);
  const spring = Math.exp(-(((doy - 95) / 30) ** 2)); // March–April nitrate episodes

  const { convective, dilution, stagnation } = dispersion(w, winter);
  const airMass = Math.exp(0.33 * w.pollutionZ);
  const { traffic, heating } = emissionProfiles(hourMs, climate.timeZone);
  const heatingSeason = Math.max(0, 0.55 + 0.45 * winter);

  table.hourMs[i] = hourMs;
  table.taC[i] = w.taC;
  table.rhPct[i] = w.rhPct;
  table.wind10[i] = w.wind10Ms;
  table.windDir[i] = w.windDirDeg;
  table.cloud[i] = w.cloud;
  table.ghi[i] = w.ghiWm2;
  table.sunElev[i] = w.sunElevationDeg;
  table.sunAz[i] = w.sunAzimuthDeg;
  table.sinElev[i] = sinH;
  table.cosElev[i] = Math.cos((w.sunElevationDeg * Math.PI) / 180);
  table.directNormal[i] = directNormal;
  table.diffuse[i] = diffuse;
  table.skyLongwave[i] = skyEmissivity(w.taC, w.rhPct, w.cloud) * SIGMA * (w.taC + 273.15) ** 4;

  table.no2Regional[i] = 9.5 * (1 + 0.3 * winter) * airMass * (0.7 + 0.3 * dilution);
  table.no2Urban[i] = 7.2 * (0.5 * traffic + 0.5 * heating * heatingSeason) * dilution * stagnation;
  table.no2Traffic[i] = 9.5 * traffic * dilution * stagnation;
  // secondary-aerosol episodes (late winter and spring anticyclones: ammonium nitrate,
  // 24-h PM10 above 50 µg/m³ a few days a year in Brussels)
  const episode = 22 * Math.max(0, w.pollutionZ - 1.5) ** 1.5 * (0.6 + 0.4 * Math.max(winter, spring));
  // 5.7 (5.3 before v1.5): the screened year lost the October gap's invented episode, and
  // with it 0.5 µg/m³ of annual PM2.5; 5.7 gives the parks and busy streets their v1.4 means
  table.pm25Regional[i] =
    5.7 * (1 + 0.22 * winter + 0.35 * spring) * airMass ** 1.6 * (0.75 + 0.25 * dilution) + episode;
  table.pm25Urban[i] = 1.2 * (0.3 * traffic + heating * heatingSeason) * dilution;
  table.pm25Traffic[i] = 0.75 * traffic * dilution;
  // coarse particles: sea salt, soil and construction dust, lifted more on windy days
  table.pm10Coarse[i] = 4.4 * (1 + 0.05 * Math.max(0, w.wind10Ms - 6)) * (0.8 + 0.2 * airMass);
  table.pm10Traffic[i] = 1.5 * traffic * dilution; // exhaust plus resuspended road dust
  const photochem = (0.55 + 0.45 * convective) * (1 - 0.28 * winter) + 0.045 * w.heatWaveC;
  // summer smog: photochemical production climbs steeply above ~25 °C on sunny
  // afternoons (heat-wave peaks of 150–220 µg/m³ in Belgium)
  const smog = 5.2 * Math.max(0, w.taC - 24) * convective;
  table.o3Regional[i] = 72 * photochem * (1.05 - 0.1 * Math.min(1, dilution - 0.25)) + smog;

  // nocturnal heat island: strongest on calm clear nights
  const night = w.sunElevationDeg < 0 ? 1 : w.sunElevationDeg < 10 ? 1 - w.sunElevationDeg / 10 : 0;
  const calm = Math.exp(-w.wind10Ms / 4);
  // (Brussels: ≈ 1–1.5 K annual, 2–4 K on calm clear nights, 5–7 K at most; per unit of
  // built-up share, scaled in the kernel)
  table.uhiC[i] = (0.7 + 5.5 * night * calm * (1 - 0.7 * w.cloud)) * (0.5 + 0.5 * (1 - 0.3 * winter));
  table.gustiness[i] = 0.9 + 0.2 * convective;
  // heat stored in walls and paving by the day's sun, released at night: a sunny summer
  // day leaves canyon surfaces ~5 K above the air in the evening (clouds persist for
  // days in the weather model, so the current cloud cover stands in for the day's)
  const sunnyDay = Math.max(0, (0.55 - 0.45 * winter) * (1 - 0.8 * w.cloud));
  table.storedHeatC[i] = 8 * sunnyDay * night;
  table.taNormalC[i] = normalsAt(hourMs, climate.monthlyNormals).meanTempC;
  table.winter[i] = winter;
  const vapour = vapourPressureKpa(w.taC, w.rhPct) * 10;
  table.vapourHpa[i] = vapour;
  // ln es(Ta + δ) to second order in δ (error < 0.05 % for δ ≤ 8 K): a cell's RH costs one exp
  const lnEs = (dt: number) => Math.log(saturationVapourPressureHpa(w.taC + dt));
  const [lm, l0, lp] = [lnEs(-1), lnEs(0), lnEs(1)];
  table.lnEs0[i] = l0;
  table.lnEs1[i] = (lp - lm) / 2;
  table.lnEs2[i] = lp - 2 * l0 + lm;
  table.dewPointC[i] = dewPointOf(vapour, w.taC);

  foldUtciByVapour(vapourPressureKpa(w.taC, w.rhPct), table.utci, i * UTCI_LOCAL_SIZE);
}

/** temperature at which the vapour pressure saturates (Newton on Hardy's es) */
function dewPointOf(vapourHpa: number, taC: number): number {
  let t = taC;
  for (let k = 0; k < 6; k++) {
    const es = saturationVapourPressureHpa(t);
    const slope = (saturationVapourPressureHpa(t + 0.01) - es) / 0.01;
    t -= (es - vapourHpa) / slope;
  }
  return t;
}
