import { readFileSync } from 'node:fs';
import { type EpwYear, parseEpw } from './epw.ts';

/**
 * The nationwide dataset's reference-year weather: the measured Uccle typical year
 * (TMYx 2007–2021, climate.onebuilding.org; data/sources/brussels/NOTICE.md), the same
 * hours the Brussels package's weather.epw gives its city. The generator's climatology is
 * Uccle's (RMI's reference station) with static offsets for terrain and coast, so the
 * measured year takes its place the same way; and a city on that file and the nationwide
 * cells around it then share their hours (the zone edge stays seamless hour by hour, and
 * a heat island is the city's difference from its countryside in the same weather).
 */
const UCCLE_TMYX = new URL(
  '../../../../data/sources/brussels/BEL_VLG_Uccle.064470_TMYx.2007-2021.epw',
  import.meta.url,
).pathname.replace('/dist/', '/');

let parsed: EpwYear | undefined;

export function nationalReferenceWeather(): EpwYear {
  parsed ??= parseEpw(readFileSync(UCCLE_TMYX, 'utf8'));
  return parsed;
}
