import { createReferenceStore } from '../adapters/store/reference-store.ts';
import { createReferenceYears } from '../services/live/reference-years.ts';
import type { Foundation } from './foundation.ts';
import { createLiveFeeds } from './live-feeds.ts';
import type { CitiesAndModel } from './wire-model.ts';
import type { Statistics } from './wire-statistics.ts';

/**
 * Live data (FEED_*): polled off the request path, every answer reads the store's values;
 * and the backfilled reference years (`svc feeds backfill`), handed to the model's
 * observation input.
 */
export function wireFeeds(
  { config, stores, clock, telemetry, log, closers }: Foundation,
  { model }: CitiesAndModel,
  { statistics }: Statistics,
) {
  const liveFeeds = createLiveFeeds({
    config,
    database: stores.database,
    model,
    clock,
    metrics: telemetry.metrics,
    log: log.child({ component: 'feeds' }),
  });
  closers.working.push({ name: 'feed poller', dependency: 'feeds', close: () => liveFeeds.close() });
  const referenceYears = createReferenceYears({
    store: createReferenceStore(stores.database.db),
    model,
    refreshMs: config.citiesPollMs,
    warn: (error, message) => log.warn({ err: error }, message),
    // the new year's references (the statistics compare against them) before requests ask
    onChanged: (domains) => {
      for (const domain of domains)
        if (model.domains().some((d) => d.id === domain))
          statistics
            .references(domain)
            .catch((error) => log.warn({ err: error, domain }, 'references failed'));
    },
  });
  closers.working.push({
    name: 'reference years',
    dependency: 'database',
    close: async () => referenceYears.close(),
  });
  return { liveFeeds, referenceYears };
}

export type Feeds = ReturnType<typeof wireFeeds>;
