import type { EpwYear } from './epw.ts';
import { EPW_HOURS } from './epw.ts';
import type { Weather } from './weather.ts';

/**
 * A city's own weather for its reference year (docs/cities.md, `weather.epw`): the EPW
 * row for the hour replaces the generated temperature, humidity, wind, radiation and
 * cloud; what an EPW does not carry (sun position, air-mass and heat-wave drivers of
 * pollution) and any field the EPW marks missing stay as generated. Rows are matched by
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
  };
}
