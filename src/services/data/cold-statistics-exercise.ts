import type { DomainId, DomainInfo } from '../../domain/grid/model-data.ts';
import type { ModelSampling } from '../ports/model-sampling-port.ts';
import type { ModelSeries } from './model-series-port.ts';
import { computeStatistics } from './statistics-computation.ts';
import type { StatisticsEngine } from './statistics-engine.ts';

/** single cells (points), pairs (points inside buildings) and 50 m radii per city domain */
const EXERCISE_POINTS = 24;
const EXERCISE_PAIRS = 6;
const EXERCISE_RADII = 2;
/** at most this many locations in all: the code warmed is shared, so many cities need no more */
const EXERCISE_TOTAL = 64;
/** how far from the domain's centre the exercised cells lie */
const SPREAD_M = 1_500;

/** the golden angle: successive points of a sunflower spiral fill a disc evenly */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * the cells of each exercised location of a city domain, spread within SPREAD_M of its
 * centre: the outdoor cell nearest each point of a sunflower spiral over that disc. A few
 * dozen small searches: listing every outdoor cell of the disc to pick from (47,000 in
 * Brussels) held the event loop for a long stretch per city in one go (#38).
 */
function exercisedLocations(model: ModelSampling & ModelSeries, info: DomainInfo): number[][] {
  const { grid } = info;
  const lat = grid.north - (grid.rows * grid.dLat) / 2;
  const lon = grid.west + (grid.cols * grid.dLon) / 2;
  const wanted = EXERCISE_POINTS + 2 * EXERCISE_PAIRS;
  const metresPerDegreeLon = 111_320 * Math.cos((lat * Math.PI) / 180);
  const picked: number[] = [];
  for (let i = 0; i < wanted; i++) {
    const distanceM = SPREAD_M * Math.sqrt((i + 0.5) / wanted);
    const angle = i * GOLDEN_ANGLE;
    const cell = model.nearestOutdoor(
      info.id,
      lat + (distanceM * Math.sin(angle)) / 111_320,
      lon + (distanceM * Math.cos(angle)) / metresPerDegreeLon,
    )?.cells[0];
    if (cell !== undefined && !picked.includes(cell)) picked.push(cell);
  }
  if (picked.length === 0) return [];
  const points = picked.slice(0, EXERCISE_POINTS).map((cell) => [cell]);
  const pairs = Array.from({ length: EXERCISE_PAIRS }, (_, i) =>
    picked.slice(EXERCISE_POINTS + 2 * i, EXERCISE_POINTS + 2 * i + 2),
  ).filter((pair) => pair.length === 2);
  const radii = picked
    .slice(0, EXERCISE_RADII)
    .map((cell) => {
      const [cellLon, cellLat] = model.cellCentre(info.id, cell);
      return model.outdoorCellsWithin(info.id, cellLat, cellLon, 50);
    })
    .filter((cells) => cells.length > 0);
  return [...points, ...pairs, ...radii];
}

/**
 * Runs the cold path of annual statistics (model series, references, blocks, the cache
 * entry's JSON) for locations near each city domain's centre, one after another, and
 * keeps nothing. The compute threads' own exercises compile their kernels; this one is
 * what the event loop does around them (dispatching, joining slices, merging tallies),
 * which only gets fast after a few dozen locations: before it, the first cold points after
 * a start were markedly slower than later ones (the data benchmark's cold rows;
 * docs/history/performance-2026-11-28.md, "The cold path run once at start"). Domains in turn, so that no domain's shapes
 * meet code compiled for another's alone; at most EXERCISE_TOTAL locations.
 * `stopped` ends it at the next location (the process is closing).
 */
export async function exerciseColdStatistics(
  deps: { model: ModelSampling & ModelSeries; statistics: StatisticsEngine; clock: () => number },
  stopped: () => boolean = () => false,
): Promise<void> {
  const cities = deps.model.domains().filter((info) => info.hasBuildings);
  const locations = new Map<DomainId, number[][]>();
  for (const info of cities) {
    // a city's locations per turn of the event loop, which serves requests meanwhile
    await new Promise((resolve) => setImmediate(resolve));
    locations.set(info.id, exercisedLocations(deps.model, info));
  }
  const rounds = Math.max(0, ...[...locations.values()].map((list) => list.length));
  let done = 0;
  for (let i = 0; i < rounds; i++) {
    for (const [domain, list] of locations) {
      const cells = list[i];
      if (cells === undefined) continue;
      if (stopped() || done === EXERCISE_TOTAL) return;
      JSON.stringify(await computeStatistics(deps, domain, cells));
      done++;
    }
  }
}
