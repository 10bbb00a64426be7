import type { OpenedDatabase } from '../adapters/store/database.ts';
import { countUnfinishedJobs } from '../adapters/store/report-job-counts.ts';
import type { Metrics } from '../services/ports/telemetry-port.ts';

/**
 * Gauges read from the stores at each scrape: the PostgreSQL pool's connections and the
 * report jobs not finished, by state. Nothing is read when metrics are off.
 */
export function registerStorageGauges(metrics: Metrics, stores: { database: OpenedDatabase }): void {
  if (!metrics.enabled) return;
  const pool = stores.database.pgPool;
  if (pool) {
    metrics.sample('svc_pg_pool_connections', async () => [
      [{ state: 'total' }, pool.totalCount],
      [{ state: 'idle' }, pool.idleCount],
      [{ state: 'waiting' }, pool.waitingCount],
    ]);
  }
  metrics.sample('svc_report_jobs', async () => {
    const counts = await countUnfinishedJobs(stores.database.db);
    return Object.entries(counts).map(([state, jobs]) => [{ state }, jobs] as const);
  });
}
