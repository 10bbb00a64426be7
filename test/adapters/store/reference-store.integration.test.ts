import assert from 'node:assert/strict';
import { createReferenceStore } from '../../../src/adapters/store/reference-store.ts';
import type { Reading } from '../../../src/domain/live/readings.ts';
import type { ArchiveSource, StationSeries } from '../../../src/services/live/archive-port.ts';
import { runBackfill } from '../../../src/services/live/backfill.ts';
import { FeedError } from '../../../src/services/live/feeds-port.ts';
import { onEveryDatabase } from '../../helpers/every-database.ts';

/**
 * The backfills' store (migration 008) on real SQLite and PostgreSQL: chunks survive a
 * reopen and a run resumes from them, asking the archive only for what is missing; a
 * completed run activates its year and drops its chunks; --reset removes a domain's year.
 */
const HOUR = 3_600_000;
const POINT = { lat: 50.8467, lon: 4.3525 };
const SERIES: StationSeries[] = [{ id: '1', station: '41B004', lat: 50.85, lon: 4.35, pollutant: 'no2' }];

/** a complete, plausible year from a fake archive that fails at `failFrom` months on the first run */
function fakeArchive(failFrom: number | null) {
  const calls: string[] = [];
  let failing = failFrom;
  const hoursOf = (year: number, month: number) => {
    const hours: number[] = [];
    for (let t = Date.UTC(year, month, 1); t < Date.UTC(year, month + 1, 1); t += HOUR) hours.push(t);
    return hours;
  };
  const archive: ArchiveSource = {
    meteoRoot: 'http://archive.test',
    airRoot: 'http://ircel.test',
    async meteoMonth(points, year, month) {
      calls.push(`meteo:${month}`);
      if (failing !== null && month >= failing) throw new FeedError('http_error', '/v1/archive answered 503');
      const site = `${points[0]!.lat.toFixed(4)},${points[0]!.lon.toFixed(4)}`;
      const readings: Reading[] = [];
      for (const hourMs of hoursOf(year, month))
        for (const [quantity, value] of [
          ['ta_c', 10],
          ['rh_pct', 70],
          ['wind_ms', 3],
          ['wind_dir_deg', 200],
          ['gust_ms', 6],
          ['ghi_wm2', 100],
          ['cloud_pct', 50],
        ] as const)
          readings.push({ feed: 'open-meteo', site, ...points[0]!, quantity, hourMs, value });
      return { readings, dropped: 0 };
    },
    async stationSeries() {
      calls.push('stations');
      return SERIES;
    },
    async airMonth(series, year, month) {
      calls.push(`air:${month}`);
      const s = series[0]!;
      return {
        readings: hoursOf(year, month).map((hourMs) => ({
          feed: 'ircel-celine' as const,
          site: s.station,
          lat: s.lat,
          lon: s.lon,
          quantity: 'no2' as const,
          hourMs,
          value: 20,
        })),
        dropped: 0,
      };
    },
  };
  return { archive, calls, heal: () => (failing = null) };
}

onEveryDatabase(
  'an interrupted backfill resumes from its stored chunks, then activates its year',
  async (open) => {
    const target = { domain: 'brussels', point: POINT, radiusKm: 40 };
    const fake = fakeArchive(3);
    let db = await open();
    await assert.rejects(
      runBackfill({ archive: fake.archive, store: createReferenceStore(db.db) }, 2023, [target]),
      FeedError,
    );
    assert.deepEqual(fake.calls, [
      'stations',
      'meteo:0',
      'air:0',
      'meteo:1',
      'air:1',
      'meteo:2',
      'air:2',
      'meteo:3',
    ]);
    assert.deepEqual(await createReferenceStore(db.db).active(), [], 'nothing activated');
    await db.close();
    // another process, later: the chunks are in the database
    db = await open();
    try {
      const store = createReferenceStore(db.db);
      fake.calls.length = 0;
      fake.heal();
      const summary = await runBackfill({ archive: fake.archive, store }, 2023, [target]);
      assert.deepEqual(
        fake.calls,
        Array.from({ length: 9 }, (_, i) => [`meteo:${i + 3}`, `air:${i + 3}`]).flat(),
        'only March to December',
      );
      assert.equal(summary.fetched, 18);
      assert.equal(summary.reused, 7);
      const [active] = await store.active();
      assert.equal(active?.domain, 'brussels');
      assert.equal(active?.year, 2023);
      const year = await store.load('brussels');
      assert.equal(year?.version, active?.version);
      assert.equal(year?.meteo[0]?.series.ta_c?.length, 8760);
      assert.deepEqual(
        year?.stations.map((s) => s.id),
        ['41B004'],
      );
      // the run's chunks are gone; a reset takes the year away
      const run = await db.db.selectFrom('backfill_chunks').select('chunk').execute();
      assert.deepEqual(run, []);
      assert.deepEqual(await store.reset(['brussels']), ['brussels']);
      assert.deepEqual(await store.active(), []);
    } finally {
      await db.close();
    }
  },
);
