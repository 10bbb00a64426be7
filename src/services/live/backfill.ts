import { AIR_INPUT } from '../../domain/live/feed-inputs.ts';
import { type PackedSeries, packReadings, unpackReadings } from '../../domain/live/reading-pack.ts';
import type { Reading } from '../../domain/live/readings.ts';
import { refusals } from '../../domain/live/year-validation.ts';
import { type ScreeningSummary, screeningSummary } from '../../domain/weather-screening/summary.ts';
import type { ArchiveSource, ReferenceStore, StationSeries } from './archive-port.ts';
import { FeedError } from './feeds-port.ts';
import {
  type BackfillTarget,
  type ComposedYear,
  composeYear,
  distanceKm,
  referenceStations,
} from './reference-compose.ts';

/**
 * `svc feeds backfill` (issue #35): a year of the archives for some model domains, in
 * chunks — the station list, then per calendar month one Open-Meteo call for every
 * domain's point and one IRCEL call per group of series. Each chunk is stored as it
 * arrives (backfill_chunks), so a second run after an interruption fetches only the
 * chunks still missing. Once every chunk is in, each domain's year is composed and
 * validated; only then, in one transaction, do the years become the domains' reference
 * years. A provider that fails mid-way, or a refused year, changes nothing that serves.
 */
const SERIES_PER_CALL = 25;
/** Open-Meteo's archive trails real time by about five days */
const ARCHIVE_LAG_MS = 6 * 86_400_000;

export class BackfillRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('\n'));
    this.name = 'BackfillRefused';
  }
}

export interface BackfillProgress {
  done: number;
  total: number;
  /** the chunk just stored or found */
  chunk: string;
}

export interface BackfillSummary {
  year: number;
  /** chunks asked of the providers in this run, and those found stored by an earlier one */
  fetched: number;
  reused: number;
  domains: Array<{
    domain: string;
    version: string;
    /** per input: hours with a value, hours filled by interpolation */
    hours: Record<string, number>;
    interpolated: Record<string, number>;
    gaps: Record<string, number>;
    stations: string[];
    /** the archive meteorology's quality control: hours flagged, filled, by kind and quantity */
    screened: ScreeningSummary;
  }>;
}

export interface BackfillDeps {
  archive: ArchiveSource;
  store: ReferenceStore;
  clock?: () => number;
  progress?: (p: BackfillProgress) => void;
}

interface Chunk {
  name: string;
  fetch: () => Promise<Reading[]>;
}

/** a month the provider answered with nothing but nulls: a gap validation names, not a failure */
async function orNothing(read: Promise<{ readings: Reading[] }>): Promise<Reading[]> {
  try {
    return (await read).readings;
  } catch (error) {
    if (
      error instanceof FeedError &&
      error.outcome === 'invalid_body' &&
      /no usable value/.test(error.message)
    )
      return [];
    throw error;
  }
}

function runKey(year: number, targets: readonly BackfillTarget[], archive: ArchiveSource): string {
  const domains = targets
    .map((t) => `${t.domain}@${t.point.lat.toFixed(4)},${t.point.lon.toFixed(4)}`)
    .sort();
  return `${year}|${domains.join(',')}|${archive.meteoRoot ?? '-'}|${archive.airRoot ?? '-'}`;
}

const monthTag = (m: number) => String(m + 1).padStart(2, '0');

export async function runBackfill(
  deps: BackfillDeps,
  year: number,
  targets: readonly BackfillTarget[],
): Promise<BackfillSummary> {
  const clock = deps.clock ?? Date.now;
  const { archive, store } = deps;
  if (!archive.meteoRoot)
    throw new BackfillRefused(['FEED_OPENMETEO_ARCHIVE_URL is not set: no archive to read']);
  if (!Number.isInteger(year) || year < 1950 || Date.UTC(year + 1, 0, 1) + ARCHIVE_LAG_MS > clock())
    throw new BackfillRefused([`${year} is not a complete year the archives hold (1950 to last year)`]);
  const run = runKey(year, targets, archive);
  const have = await store.chunkNames(run);
  let fetched = 0;
  let reused = 0;
  const points = targets.map((t) => t.point);
  // the series list is a chunk of its own: a resumed run asks for the same groups
  let series: StationSeries[] = [];
  let national = new Set<string>();
  if (archive.airRoot) {
    const stored = have.has('stations') ? await store.chunk<StationSeries[]>(run, 'stations') : null;
    if (stored) {
      series = stored;
      reused++;
    } else {
      series = await archive.stationSeries();
      await store.saveChunk(run, 'stations', series, clock());
      fetched++;
    }
    const nationalTarget = targets.find((t) => t.radiusKm === null);
    if (nationalTarget) national = new Set(referenceStations(series, nationalTarget.point));
    series = series
      .filter((s) =>
        targets.some((t) =>
          t.radiusKm === null ? national.has(s.station) : distanceKm(t.point, s) <= t.radiusKm,
        ),
      )
      .sort((a, b) => a.id.localeCompare(b.id));
  }
  const chunks: Chunk[] = [];
  for (let month = 0; month < 12; month++) {
    chunks.push({
      name: `meteo:${monthTag(month)}`,
      fetch: () => orNothing(archive.meteoMonth(points, year, month)),
    });
    for (let g = 0; g * SERIES_PER_CALL < series.length; g++) {
      const group = series.slice(g * SERIES_PER_CALL, (g + 1) * SERIES_PER_CALL);
      chunks.push({
        name: `${AIR_INPUT}:${monthTag(month)}:${g}`,
        fetch: () => orNothing(archive.airMonth(group, year, month)),
      });
    }
  }
  const total = chunks.length + (archive.airRoot ? 1 : 0);
  let done = archive.airRoot ? 1 : 0;
  deps.progress?.({ done, total, chunk: 'stations' });
  const meteo: Reading[] = [];
  const airReadings: Reading[] = [];
  for (const chunk of chunks) {
    let readings: Reading[];
    const stored = have.has(chunk.name) ? await store.chunk<PackedSeries[]>(run, chunk.name) : null;
    if (stored) {
      readings = unpackReadings(stored);
      reused++;
    } else {
      readings = await chunk.fetch();
      await store.saveChunk(run, chunk.name, packReadings(readings), clock());
      fetched++;
    }
    (chunk.name.startsWith('meteo') ? meteo : airReadings).push(...readings);
    done++;
    deps.progress?.({ done, total, chunk: chunk.name });
  }
  const composed: ComposedYear[] = targets.map((t) => composeYear(t, year, meteo, airReadings, national));
  const reasons = composed.flatMap((c) => refusals(c.accounts).map((r) => `${c.year.domain}: ${r}`));
  if (reasons.length > 0) {
    // what the providers hold may be completed later: the next run asks again
    await store.dropRun(run);
    throw new BackfillRefused([
      `the year ${year} is refused (the reference years in use are unchanged):`,
      ...reasons,
    ]);
  }
  const summary: BackfillSummary = {
    year,
    fetched,
    reused,
    domains: composed.map((c) => ({
      domain: c.year.domain,
      version: c.year.version,
      hours: Object.fromEntries(c.accounts.map((a) => [a.input, a.hours])),
      interpolated: Object.fromEntries(c.accounts.map((a) => [a.input, a.interpolated])),
      gaps: Object.fromEntries(c.accounts.map((a) => [a.input, a.missing])),
      stations: c.stations,
      screened: screeningSummary(c.screening),
    })),
  };
  await store.activate(
    composed.map((c) => ({
      year: c.year,
      summary: JSON.stringify(summary.domains.find((d) => d.domain === c.year.domain)),
    })),
    clock(),
  );
  await store.dropRun(run);
  return summary;
}
