import type { OpenedDatabase } from '../../adapters/store/database.ts';
import { createFeedStore } from '../../adapters/store/feed-store.ts';
import { createReferenceStore } from '../../adapters/store/reference-store.ts';
import type { Config } from '../../config.ts';
import { BELGIUM_BBOX } from '../../model/embedded/morphology/domains.ts';
import type { FeedPoint } from '../../services/live/feeds-port.ts';
import { createLiveData } from '../../services/live/live-data.ts';
import { createFeedPoller } from '../../services/live/poller.ts';
import { feedClients } from '../../start/live-feeds.ts';
import { UsageError } from './keys.ts';

/** the `screened` counts of a stored backfill summary; none for a year backfilled before them */
function screenedOf(summary: string): { screened?: unknown } {
  try {
    const screened = (JSON.parse(summary) as { screened?: unknown }).screened;
    return screened === undefined ? {} : { screened };
  } catch {
    return {};
  }
}

/**
 * `feeds status`: per configured feed its root, last attempt and success, newest value,
 * status and last error, as one JSON object. `feeds poll`: polls every configured feed
 * once now (whoever holds the poll lease) and prints what was stored.
 */
export async function runFeedsCommand(
  args: readonly string[],
  deps: {
    config: Readonly<Config>;
    database: OpenedDatabase;
    /** the centres of the city zones (the server reads the gridded feeds at its domains' centres) */
    cityCentres: () => Promise<FeedPoint[]>;
    /** every city's id and the centre of its zone (backfill targets) */
    cities?: () => Promise<Array<{ id: string; lat: number; lon: number }>>;
    out: (line: string) => void;
  },
): Promise<number> {
  const [sub] = args;
  const [west, south, east, north] = BELGIUM_BBOX;
  if (sub === 'backfill') {
    const { runBackfillCommand } = await import('./feeds-backfill.ts');
    return runBackfillCommand(args.slice(1), {
      config: deps.config,
      database: deps.database,
      cities: deps.cities ?? (async () => []),
      nationalCentre: { lat: (south + north) / 2, lon: (west + east) / 2 },
      out: deps.out,
      err: (text) => process.stderr.write(text),
      tty: process.stderr.isTTY === true,
    });
  }
  const clients = feedClients(deps.config);
  const store = createFeedStore(deps.database.db);
  const live = createLiveData({
    store,
    feeds: clients.map((c) => ({
      feed: c.feed,
      root: c.root,
      pollMs: deps.config.feeds.pollMs ?? c.cadenceMs,
      normalLagMs: c.normalLagMs,
    })),
  });
  if (sub === 'status') {
    await live.refresh();
    // the backfilled reference years in use (feeds backfill), additive to the feeds' view
    const reference_years = (await createReferenceStore(deps.database.db).active()).map((r) => ({
      domain: r.domain,
      year: r.year,
      version: r.version,
      activated: new Date(r.activatedMs).toISOString(),
      // the archive meteorology's screening, as the backfill's summary recorded it
      ...screenedOf(r.summary),
    }));
    // the screening of the fed meteorology the service answers from (docs/live-data.md)
    const weather_screening = live.weatherScreening();
    deps.out(
      JSON.stringify({ configured: live.configured, feeds: live.view(), weather_screening, reference_years }),
    );
    return 0;
  }
  if (sub === 'poll') {
    if (clients.length === 0) {
      deps.out(JSON.stringify({ configured: false, polls: [] }));
      return 0;
    }
    // the nationwide domain's centre, as the server's domainCentres gives it
    const points = [{ lat: (south + north) / 2, lon: (west + east) / 2 }, ...(await deps.cityCentres())];
    const poller = createFeedPoller({
      store,
      clients,
      points: () => points,
      log: { warn: (_fields, message) => process.stderr.write(`${message}\n`) },
    });
    const polls = await poller.pollAll({ lease: false });
    deps.out(
      JSON.stringify({
        configured: true,
        polls: polls.map((p) => ({
          feed: p.feed,
          outcome: p.outcome,
          stored: p.stored,
          dropped: p.dropped,
          newest_value: p.newestValueMs === null ? null : new Date(p.newestValueMs).toISOString(),
          ...(p.reason ? { reason: p.reason } : {}),
        })),
      }),
    );
    return polls.every((p) => p.outcome === 'ok') ? 0 : 1;
  }
  throw new UsageError(
    'usage: feeds status | feeds poll | feeds backfill --year YYYY [--city ID] | feeds backfill --reset [--city ID]',
  );
}
