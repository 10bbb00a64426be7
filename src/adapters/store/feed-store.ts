import type { Kysely } from 'kysely';
import type { FeedState } from '../../domain/live/provenance.ts';
import {
  type FeedId,
  type FeedSite,
  QUANTITIES,
  type Quantity,
  type Reading,
} from '../../domain/live/readings.ts';
import type { FeedStore, ObservationStore } from '../../services/live/feeds-port.ts';
import { takeNamedLease } from './named-lease.ts';
import type { Database } from './schema.ts';

/**
 * The feeds' durable store, on the service's database (SQLite embedded, PostgreSQL in
 * scale-out: every instance reads the same values). A reading replaces the stored value
 * of its hour (providers revise recent hours); readings never carry missing or
 * implausible values (the clients drop them), so a good value is never overwritten by one.
 */
/**
 * A poll stores and a refresh reads ~10,000 values: in slices, with a turn of the event
 * loop between them, so that neither holds it for more than a few milliseconds (SQLite
 * answers synchronously; issue #37: a poll never blocks the event loop for 20 ms).
 */
const CHUNK = 100;
const READ_WINDOW_MS = 2 * 3_600_000;
const PRUNE_WINDOW_MS = 6 * 3_600_000;
const CENSUS_WINDOW_MS = 24 * 3_600_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createFeedStore(
  db: Kysely<Database>,
  clock: () => number = Date.now,
): FeedStore & ObservationStore {
  return {
    async saveSites(sites) {
      const seenMs = clock();
      for (let i = 0; i < sites.length; i += CHUNK) {
        if (i > 0) await nextTurn();
        const rows = sites.slice(i, i + CHUNK).map((s) => ({
          feed: s.feed,
          site: s.site,
          name: s.name,
          lat: s.lat,
          lon: s.lon,
          quantities: s.quantities.join(','),
          seen_ms: seenMs,
        }));
        await db
          .insertInto('feed_sites')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['feed', 'site']).doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              lat: eb.ref('excluded.lat'),
              lon: eb.ref('excluded.lon'),
              quantities: eb.ref('excluded.quantities'),
              seen_ms: eb.ref('excluded.seen_ms'),
            })),
          )
          .execute();
      }
    },
    async sites(feed) {
      const rows = await db
        .selectFrom('feed_sites')
        .selectAll()
        .where('feed', '=', feed)
        .orderBy('site')
        .execute();
      return rows.map(
        (row): FeedSite => ({
          feed: row.feed as FeedId,
          site: row.site,
          name: row.name,
          lat: Number(row.lat),
          lon: Number(row.lon),
          quantities: QUANTITIES.filter((q) => row.quantities.split(',').includes(q)),
        }),
      );
    },
    async siteReadings(feed, site, fromMs, toMs) {
      const rows = await db
        .selectFrom('feed_readings')
        .select(['quantity', 'hour_ms', 'value', 'lat', 'lon'])
        .where('feed', '=', feed)
        .where('site', '=', site)
        .where('hour_ms', '>=', fromMs)
        .where('hour_ms', '<=', toMs)
        .orderBy('hour_ms')
        .execute();
      return rows.map((row) => ({
        feed,
        site,
        quantity: row.quantity as Quantity,
        hourMs: Number(row.hour_ms),
        value: Number(row.value),
        lat: Number(row.lat),
        lon: Number(row.lon),
      }));
    },
    async newestWithin(fromMs, toMs) {
      const rows = await db
        .selectFrom('feed_readings')
        .select((eb) => ['feed', eb.fn.max('hour_ms').as('newest')])
        .where('hour_ms', '>=', fromMs)
        .where('hour_ms', '<=', toMs)
        .groupBy('feed')
        .execute();
      return new Map(rows.map((row) => [row.feed as FeedId, Number(row.newest)]));
    },
    async save(readings) {
      const readMs = clock();
      for (let i = 0; i < readings.length; i += CHUNK) {
        if (i > 0) await nextTurn();
        const rows = readings.slice(i, i + CHUNK).map((r) => ({
          feed: r.feed,
          site: r.site,
          quantity: r.quantity,
          hour_ms: r.hourMs,
          value: r.value,
          lat: r.lat,
          lon: r.lon,
          read_ms: readMs,
        }));
        await db
          .insertInto('feed_readings')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['feed', 'site', 'quantity', 'hour_ms']).doUpdateSet((eb) => ({
              value: eb.ref('excluded.value'),
              lat: eb.ref('excluded.lat'),
              lon: eb.ref('excluded.lon'),
              read_ms: eb.ref('excluded.read_ms'),
            })),
          )
          .execute();
      }
    },
    async readings(fromMs, toMs) {
      const readings: Reading[] = [];
      // a few hours of every feed per query (a wide range: at most 48 queries)
      const window = Math.max(READ_WINDOW_MS, Math.ceil((toMs - fromMs + 1) / 48));
      for (let start = fromMs; start <= toMs; start += window) {
        if (start > fromMs) await nextTurn();
        const rows = await db
          .selectFrom('feed_readings')
          .select(['feed', 'site', 'quantity', 'hour_ms', 'value', 'lat', 'lon'])
          .where('hour_ms', '>=', start)
          .where('hour_ms', '<=', Math.min(toMs, start + window - 1))
          .execute();
        for (const row of rows)
          readings.push({
            feed: row.feed as FeedId,
            site: row.site,
            quantity: row.quantity as Quantity,
            hourMs: Number(row.hour_ms),
            value: Number(row.value),
            lat: Number(row.lat),
            lon: Number(row.lon),
          });
      }
      return readings;
    },
    async states() {
      const rows = await db.selectFrom('feed_states').selectAll().execute();
      return rows.map(
        (row): FeedState => ({
          feed: row.feed as FeedId,
          lastAttemptMs: row.last_attempt_ms === null ? null : Number(row.last_attempt_ms),
          lastSuccessMs: row.last_success_ms === null ? null : Number(row.last_success_ms),
          lastError: row.last_error,
          newestValueMs: row.newest_value_ms === null ? null : Number(row.newest_value_ms),
        }),
      );
    },
    async recordAttempt(feed, atMs, outcome) {
      const base = { feed, last_attempt_ms: atMs };
      if ('error' in outcome) {
        await db
          .insertInto('feed_states')
          .values({ ...base, last_success_ms: null, last_error: outcome.error, newest_value_ms: null })
          .onConflict((oc) =>
            oc.column('feed').doUpdateSet({ last_attempt_ms: atMs, last_error: outcome.error }),
          )
          .execute();
        return;
      }
      const current = await db
        .selectFrom('feed_states')
        .select('newest_value_ms')
        .where('feed', '=', feed)
        .executeTakeFirst();
      const stored = current?.newest_value_ms == null ? null : Number(current.newest_value_ms);
      const newest =
        outcome.newestValueMs === null
          ? stored
          : stored === null
            ? outcome.newestValueMs
            : Math.max(stored, outcome.newestValueMs);
      const row = { last_attempt_ms: atMs, last_success_ms: atMs, last_error: null, newest_value_ms: newest };
      await db
        .insertInto('feed_states')
        .values({ feed, ...row })
        .onConflict((oc) => oc.column('feed').doUpdateSet(row))
        .execute();
    },
    lease: (name, holder, nowMs, untilMs) => takeNamedLease(db, name, holder, nowMs, untilMs),
    async prune(beforeMs) {
      // a window of hours per statement, the event loop turning between: a first prune of
      // a long-kept store deletes millions of rows without holding SQLite for long
      const oldest = await oldestHour(db);
      let removed = 0;
      if (oldest === null) return removed;
      for (let start = oldest; start < beforeMs; start += PRUNE_WINDOW_MS) {
        if (start > oldest) await nextTurn();
        const result = await db
          .deleteFrom('feed_readings')
          .where('hour_ms', '<', Math.min(beforeMs, start + PRUNE_WINDOW_MS))
          .executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
      return removed;
    },
    async census() {
      const oldest = await oldestHour(db);
      if (oldest === null) return [];
      const newestRow = await db
        .selectFrom('feed_readings')
        .select((eb) => eb.fn.max('hour_ms').as('newest'))
        .executeTakeFirst();
      const newest = Number(newestRow?.newest ?? oldest);
      const byFeed = new Map<FeedId, { readings: number; oldestMs: number; newestMs: number }>();
      // counted a day at a time (a count over the whole table holds SQLite for long)
      for (let start = oldest; start <= newest; start += CENSUS_WINDOW_MS) {
        if (start > oldest) await nextTurn();
        const rows = await db
          .selectFrom('feed_readings')
          .select((eb) => [
            'feed',
            eb.fn.countAll<number>().as('readings'),
            eb.fn.min('hour_ms').as('oldest'),
            eb.fn.max('hour_ms').as('newest'),
          ])
          .where('hour_ms', '>=', start)
          .where('hour_ms', '<', start + CENSUS_WINDOW_MS)
          .groupBy('feed')
          .execute();
        for (const row of rows) {
          const feed = row.feed as FeedId;
          const held = byFeed.get(feed);
          const [count, first, last] = [Number(row.readings), Number(row.oldest), Number(row.newest)];
          if (!held) byFeed.set(feed, { readings: count, oldestMs: first, newestMs: last });
          else {
            held.readings += count;
            held.newestMs = Math.max(held.newestMs, last);
          }
        }
      }
      return [...byFeed].map(([feed, held]) => ({ feed, ...held }));
    },
  };
}

async function oldestHour(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('feed_readings')
    .select((eb) => eb.fn.min('hour_ms').as('oldest'))
    .executeTakeFirst();
  return row?.oldest == null ? null : Number(row.oldest);
}
