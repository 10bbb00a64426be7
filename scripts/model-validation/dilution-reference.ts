import { loadNationalClimate } from '../../src/adapters/cities/national-climate.ts';
import { domainClimate } from '../../src/model/embedded/meteo/domain-climate.ts';
import { dayOfYear } from '../../src/model/embedded/meteo/local-time.ts';
import { referenceWeather } from '../../src/model/embedded/meteo/reference-weather.ts';
import { parseScreenedEpw } from '../../src/model/embedded/meteo/screened-epw.ts';
import { observedWeather, type Weather } from '../../src/model/embedded/meteo/weather.ts';
import { emissionProfiles } from '../../src/model/embedded/physics/emission-profiles.ts';
import {
  DILUTION_REFERENCE_VENTILATION,
  dispersion,
  GENERATED_WEATHER_REFERENCE_VENTILATION,
  VENTILATION_FLOOR_MS,
  winterOf,
} from '../../src/model/embedded/physics/hour-state.ts';
import { MODEL_SEED } from '../../src/model/embedded/version.ts';

/**
 * `node --import tsx scripts/model-validation/dilution-reference.ts`: derives the
 * dilution's reference ventilation for the measured Uccle year (docs/model.md, v1.4). The
 * pollution constants were calibrated on the generated weather with 1.6 m/s; the value
 * printed gives the measured year the same traffic-weighted annual mean of
 * dilution × stagnation in central Brussels, the factor every local increment carries:
 * the screened year (meteo/screened-epw.ts) with the ventilation floor against the
 * generated year without it, on which the constants were calibrated.
 */
const YEAR = 2025;
const CENTRE = { lat: 50.8467, lon: 4.3525 };
// the nationwide reference year's weather file and climate (data/national/climate.json)
const national = loadNationalClimate();
const climate = domainClimate(national);
const epw = parseScreenedEpw(national.referenceWeatherEpw);

const hours = Array.from({ length: 8760 }, (_, h) => Date.UTC(YEAR, 0, 1) + h * 3_600_000);
const generated = hours.map((t) => observedWeather(MODEL_SEED, t, CENTRE.lat, CENTRE.lon, climate));
const measured = hours.map((t, i) => referenceWeather(epw, t, generated[i]!));

function trafficWeightedMean(
  year: readonly Weather[],
  referenceVentilation: number,
  ventilationFloor = VENTILATION_FLOOR_MS,
): number {
  let sum = 0;
  let weight = 0;
  year.forEach((w, i) => {
    const { traffic } = emissionProfiles(hours[i]!, climate.timeZone);
    const winter = winterOf(dayOfYear(hours[i]!).doy);
    const { dilution, stagnation } = dispersion(w, winter, referenceVentilation, ventilationFloor);
    sum += traffic * dilution * stagnation;
    weight += traffic;
  });
  return sum / weight;
}

const share = (year: readonly Weather[], below: number) =>
  year.filter((w) => w.wind10Ms < below).length / year.length;
// the constants were calibrated on the generated weather before the ventilation floor (v1.5)
const target = trafficWeightedMean(generated, GENERATED_WEATHER_REFERENCE_VENTILATION, 0);
// the mean rises with the reference ventilation: bisect
let low = 1;
let high = 5;
for (let k = 0; k < 40; k++) {
  const mid = (low + high) / 2;
  if (trafficWeightedMean(measured, mid) < target) low = mid;
  else high = mid;
}
console.log(
  [
    `hours with U10 < 1.5 m/s: generated ${(100 * share(generated, 1.5)).toFixed(1)} %, measured ${(100 * share(measured, 1.5)).toFixed(1)} %`,
    `traffic-weighted dilution × stagnation, generated year at ${GENERATED_WEATHER_REFERENCE_VENTILATION} m/s: ${target.toFixed(3)}`,
    `measured year at ${GENERATED_WEATHER_REFERENCE_VENTILATION} m/s: ${trafficWeightedMean(measured, GENERATED_WEATHER_REFERENCE_VENTILATION).toFixed(3)}`,
    `reference ventilation giving the measured year the same mean: ${low.toFixed(3)} m/s (in use: ${DILUTION_REFERENCE_VENTILATION})`,
  ].join('\n'),
);
