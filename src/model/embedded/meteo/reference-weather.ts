import type { EpwYear } from './epw.ts';
import { EPW_HOURS } from './epw.ts';
import type { Weather } from './weather.ts';

/**
 * A city's own weather for its reference year (docs/cities.md, `weather.epw`): the EPW
 * row for the hour replaces the generated temperature, humidity, wind, radiation and
 * cloud, and the air mass follows the measured calm spells (`stagnation`); what an EPW
 * does not carry otherwise (sun position, the heat-wave driver of ozone) and any field the
 * EPW marks missing stay as generated. Rows are matched by
 * day and hour of the year in the file's local standard time, whatever year the EPW
 * names (typical years mix years); a leap year's 29 February reads 28 February.
 */
const HOUR_MS = 3_600_000;

function rowOf(epw: EpwYear, hourMs: number): number {
  // the record of [hourMs, hourMs + 1 h) UTC is EPW hour-ending (local standard) + 1
  const local = new Date(hourMs + epw.timeZoneH * HOUR_MS);
  const year = local.getUTCFullYear();
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  let day = Math.floor((local.getTime() - Date.UTC(year, 0, 1)) / 86_400_000);
  if (leap && day >= 59) day -= 1; // 29 February reads 28 February, then the rest shifts back
  return (day * 24 + local.getUTCHours()) % EPW_HOURS;
}

/** hours over which a stagnant air mass builds up: a multi-day anticyclone */
const STAGNATION_HOURS = 72;
const stagnationOf = new WeakMap<EpwYear, Float32Array>();

/**
 * The air-mass anomaly (standard normal, high = stagnant) of each EPW row, from the
 * measured wind: minus the log of the mean wind over the previous three days, standardised
 * over the year. Pollution builds up in long calm spells (anticyclones), so the regional
 * episodes fall on the measured year's calm spells rather than on the generator's air
 * masses, which know nothing of the measured wind (v1.4).
 */
function stagnation(epw: EpwYear): Float32Array {
  let z = stagnationOf.get(epw);
  if (z) return z;
  const n = EPW_HOURS;
  const raw = new Float64Array(n);
  let sum = 0;
  let filled = 0;
  // the year wraps: its first hours follow its last (a typical year has no before)
  for (let i = n - STAGNATION_HOURS; i < n; i++) sum += windAt(epw, i);
  for (let i = 0; i < n; i++) {
    sum += windAt(epw, i) - windAt(epw, (i - STAGNATION_HOURS + n) % n);
    raw[i] = -Math.log(Math.max(0.5, sum / STAGNATION_HOURS));
    filled += raw[i]!;
  }
  const mean = filled / n;
  let variance = 0;
  for (let i = 0; i < n; i++) variance += (raw[i]! - mean) ** 2;
  const sd = Math.sqrt(variance / n) || 1;
  z = new Float32Array(n);
  for (let i = 0; i < n; i++) z[i] = (raw[i]! - mean) / sd;
  stagnationOf.set(epw, z);
  return z;
}

/** a row's wind, a missing value read as the year's typical 3.5 m/s */
function windAt(epw: EpwYear, i: number): number {
  const v = epw.wind10Ms[i]!;
  return Number.isNaN(v) ? 3.5 : v;
}

function pick(value: number, fallback: number): number {
  return Number.isNaN(value) ? fallback : value;
}

export function referenceWeather(epw: EpwYear, hourMs: number, generated: Weather): Weather {
  const i = rowOf(epw, hourMs);
  return {
    ...generated,
    taC: pick(epw.taC[i]!, generated.taC),
    rhPct: pick(epw.rhPct[i]!, generated.rhPct),
    wind10Ms: pick(epw.wind10Ms[i]!, generated.wind10Ms),
    windDirDeg: pick(epw.windDirDeg[i]!, generated.windDirDeg),
    cloud: pick(epw.cloud[i]!, generated.cloud),
    ghiWm2: pick(epw.ghiWm2[i]!, generated.ghiWm2),
    pollutionZ: stagnation(epw)[i]!,
  };
}
