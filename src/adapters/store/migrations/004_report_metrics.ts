import type { Kysely } from 'kysely';

/**
 * The metrics a report job may show, fixed when it is accepted from the key's metric scope
 * (a JSON array such as ["air"]). Jobs accepted before this column existed hold null and
 * show every metric the location models, as they did then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_jobs').addColumn('metrics', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_jobs').dropColumn('metrics').execute();
}
