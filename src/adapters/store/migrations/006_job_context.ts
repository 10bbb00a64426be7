import type { Kysely } from 'kysely';

/**
 * What ties a report job to the request that created it, for the operator: the POST's
 * request id (every job log line carries it) and its W3C trace context (the worker's
 * spans join that trace). Older jobs hold null in both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_jobs').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('report_jobs').addColumn('trace_context', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_jobs').dropColumn('trace_context').execute();
  await db.schema.alterTable('report_jobs').dropColumn('request_id').execute();
}
