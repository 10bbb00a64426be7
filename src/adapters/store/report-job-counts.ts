import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

export type UnfinishedState = 'queued' | 'running' | 'delivering' | 'pdf_pending';

/**
 * How many report jobs are not finished, by state (the metrics' jobs-by-state gauge):
 * one grouped count over the processing rows only, so its cost does not grow with the
 * 30 days of finished jobs kept for download. Every state is present, zero included.
 */
export async function countUnfinishedJobs(db: Kysely<Database>): Promise<Record<UnfinishedState, number>> {
  const rows = await db
    .selectFrom('report_jobs')
    .select(['stage', 'pdf_pending', sql<number>`count(*)`.as('jobs')])
    .where('status', '=', 'processing')
    .groupBy(['stage', 'pdf_pending'])
    .execute();
  const counts: Record<UnfinishedState, number> = { queued: 0, running: 0, delivering: 0, pdf_pending: 0 };
  for (const row of rows) {
    const state: UnfinishedState =
      Number(row.pdf_pending) === 1 ? 'pdf_pending' : ((row.stage ?? 'queued') as UnfinishedState);
    if (state in counts) counts[state] += Number(row.jobs);
  }
  return counts;
}
