import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** Small named values the gazetteer keeps about itself (starter-set version, row counts). */
export async function readGazetteerMeta(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('gazetteer_meta')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

export async function writeGazetteerMeta(db: Kysely<Database>, name: string, value: string): Promise<void> {
  await db
    .insertInto('gazetteer_meta')
    .values({ name, value })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
    .execute();
}
