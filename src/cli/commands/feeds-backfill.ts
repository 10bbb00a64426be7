import { parseArgs } from 'node:util';
import { createArchiveSource } from '../../adapters/archive/archive-source.ts';
import type { OpenedDatabase } from '../../adapters/store/database.ts';
import { createReferenceStore } from '../../adapters/store/reference-store.ts';
import type { Config } from '../../config.ts';
import { NATIONAL_DOMAIN } from '../../domain/grid/model-data.ts';
import { type BackfillProgress, BackfillRefused, runBackfill } from '../../services/live/backfill.ts';
import { FeedError } from '../../services/live/feeds-port.ts';
import { type BackfillTarget, STATION_RADIUS_KM } from '../../services/live/reference-compose.ts';
import { UsageError } from './keys.ts';

/**
 * `feeds backfill --year YYYY [--city ID]`: that year of the archives becomes the
 * reference year of the city (of every city and the nationwide grid without --city);
 * `feeds backfill --reset [--city ID]` switches back to the packages' weather. A progress
 * bar on a terminal (stderr), one JSON summary on stdout; exit 1 when a provider failed
 * (run again: only the missing chunks are asked) or the year was refused.
 */
export interface BackfillCommandDeps {
  config: Readonly<Config>;
  database: OpenedDatabase;
  /** every city's id and the centre of its zone */
  cities: () => Promise<Array<{ id: string; lat: number; lon: number }>>;
  /** the nationwide domain's centre */
  nationalCentre: { lat: number; lon: number };
  out: (line: string) => void;
  err: (line: string) => void;
  /** a terminal: draw the progress bar */
  tty?: boolean;
}

const USAGE = 'usage: feeds backfill --year YYYY [--city ID] | feeds backfill --reset [--city ID]';

function bar(p: BackfillProgress): string {
  const width = 30;
  const filled = Math.round((width * p.done) / Math.max(1, p.total));
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done}/${p.total} ${p.chunk.padEnd(12)}`;
}

export async function runBackfillCommand(
  args: readonly string[],
  deps: BackfillCommandDeps,
): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: { year: { type: 'string' }, city: { type: 'string' }, reset: { type: 'boolean' } },
    strict: true,
  });
  const store = createReferenceStore(deps.database.db);
  const cities = await deps.cities();
  if (values.city !== undefined && !cities.some((c) => c.id === values.city))
    throw new UsageError(`unknown city '${values.city}' (cities list shows them)`);
  if (values.reset) {
    const reset = await store.reset(values.city === undefined ? 'all' : [values.city]);
    deps.out(JSON.stringify({ reset }));
    return 0;
  }
  if (!values.year || !/^\d{4}$/.test(values.year)) throw new UsageError(USAGE);
  const year = Number(values.year);
  const targets: BackfillTarget[] =
    values.city === undefined
      ? [
          { domain: NATIONAL_DOMAIN, point: deps.nationalCentre, radiusKm: null },
          ...cities.map((c) => ({
            domain: c.id,
            point: { lat: c.lat, lon: c.lon },
            radiusKm: STATION_RADIUS_KM,
          })),
        ]
      : cities
          .filter((c) => c.id === values.city)
          .map((c) => ({ domain: c.id, point: { lat: c.lat, lon: c.lon }, radiusKm: STATION_RADIUS_KM }));
  const archive = createArchiveSource({
    meteoHost: deps.config.feeds.openMeteoArchiveUrl,
    ircelRoot: deps.config.feeds.ircelUrl,
  });
  let last: BackfillProgress | undefined;
  try {
    const summary = await runBackfill(
      {
        archive,
        store,
        progress: (p) => {
          last = p;
          if (deps.tty) deps.err(bar(p));
        },
      },
      year,
      targets,
    );
    if (deps.tty) deps.err('\n');
    deps.out(JSON.stringify(summary));
    return 0;
  } catch (error) {
    if (deps.tty) deps.err('\n');
    if (error instanceof BackfillRefused) {
      deps.err(`${error.message}\n`);
      return 1;
    }
    if (error instanceof FeedError) {
      deps.err(
        `backfill interrupted: ${error.message}. ${last ? `${last.done} of ${last.total} chunks are stored; ` : ''}run the same command again to fetch only the rest (the reference years in use are unchanged)\n`,
      );
      return 1;
    }
    throw error;
  }
}
