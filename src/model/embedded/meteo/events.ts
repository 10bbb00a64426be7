import { uniform } from '../noise/hash.ts';

/**
 * Weather episodes the smooth noise alone would make too rare: summer heat waves,
 * winter cold spells and autumn/winter storms. Each year draws its own episodes from
 * the seed; an episode is a smooth envelope in [0, 1] over its days.
 */
export interface Episode {
  startMs: number;
  endMs: number;
  /** strength: °C for heat and cold, standard deviations of wind for storms */
  amplitude: number;
}

export interface YearEpisodes {
  heat: Episode[];
  cold: Episode[];
  storms: Episode[];
}

const DAY_MS = 86_400_000;
const HEAT = 101;
const COLD = 102;
const STORM = 103;

function draw(
  seed: number,
  kind: number,
  year: number,
  count: number,
  pick: (k: number) => Episode,
): Episode[] {
  const out: Episode[] = [];
  for (let k = 0; k < count; k++) out.push(pick(k));
  // a later episode that overlaps an earlier one merges into it by sharing the envelope max
  return out
    .sort((a, b) => a.startMs - b.startMs)
    .filter((e) => Number.isFinite(e.startMs + kind + year + seed));
}

const cache = new Map<string, YearEpisodes>();

export function episodesOfYear(seed: number, year: number): YearEpisodes {
  const key = `${seed}:${year}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const u = (kind: number, k: number, field: number) => uniform(seed, kind * 10_000 + year, k, field);
  const heatCount = 1 + Math.floor(u(HEAT, 99, 0) * 2.6);
  const heat = draw(seed, HEAT, year, heatCount, (k) => {
    const start = Date.UTC(year, 5, 12) + Math.floor(u(HEAT, k, 1) * 70) * DAY_MS;
    const days = 3 + Math.floor(u(HEAT, k, 2) * 5);
    return { startMs: start, endMs: start + days * DAY_MS, amplitude: 5 + 3.5 * u(HEAT, k, 3) };
  });
  const coldCount = Math.floor(u(COLD, 99, 0) * 2.4);
  const cold = draw(seed, COLD, year, coldCount, (k) => {
    // mid-December of the year before to late February
    const start = Date.UTC(year - 1, 11, 10) + Math.floor(u(COLD, k, 1) * 70) * DAY_MS;
    const days = 4 + Math.floor(u(COLD, k, 2) * 6);
    return { startMs: start, endMs: start + days * DAY_MS, amplitude: 4 + 4 * u(COLD, k, 3) };
  });
  const stormCount = 3 + Math.floor(u(STORM, 99, 0) * 4);
  const storms = draw(seed, STORM, year, stormCount, (k) => {
    // October of the year before to March
    const start = Date.UTC(year - 1, 9, 1) + Math.floor(u(STORM, k, 1) * 180 * 24) * 3_600_000;
    const hours = 14 + Math.floor(u(STORM, k, 2) * 26);
    return { startMs: start, endMs: start + hours * 3_600_000, amplitude: 1.7 + 1.3 * u(STORM, k, 3) };
  });
  const episodes = { heat, cold, storms };
  cache.set(key, episodes);
  return episodes;
}

/** envelope of a set of episodes at an instant: raised-cosine ramps of `rampMs` */
export function envelope(episodes: readonly Episode[], ms: number, rampMs: number): number {
  let best = 0;
  for (const e of episodes) {
    if (ms <= e.startMs - rampMs || ms >= e.endMs + rampMs) continue;
    let w = 1;
    if (ms < e.startMs + rampMs)
      w = 0.5 - 0.5 * Math.cos((Math.PI * (ms - e.startMs + rampMs)) / (2 * rampMs));
    else if (ms > e.endMs - rampMs)
      w = 0.5 - 0.5 * Math.cos((Math.PI * (e.endMs + rampMs - ms)) / (2 * rampMs));
    best = Math.max(best, w * e.amplitude);
  }
  return best;
}

/** episodes relevant to an instant: those drawn for its year and the next (cold and storms straddle New Year) */
export function activeEpisodes(seed: number, ms: number): YearEpisodes {
  const year = new Date(ms).getUTCFullYear();
  const a = episodesOfYear(seed, year);
  const b = episodesOfYear(seed, year + 1);
  return { heat: a.heat, cold: [...a.cold, ...b.cold], storms: [...a.storms, ...b.storms] };
}
