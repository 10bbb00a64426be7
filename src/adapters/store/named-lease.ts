import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Takes or renews the named lease (a `feed_leases` row) for `holder` until `untilMs`, when
 * it is free, expired or already this holder's: one instance at a time does the work the
 * name stands for (a feed's poll, the readings' pruning, the alerts' evaluation). Answers
 * whether `holder` holds it now; one upsert, so two instances racing cannot both win.
 */
export async function takeNamedLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  nowMs: number,
  untilMs: number,
): Promise<boolean> {
  await db
    .insertInto('feed_leases')
    .values({ name, holder, until_ms: untilMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, until_ms: untilMs })
        .where((eb) =>
          eb.or([eb('feed_leases.until_ms', '<', nowMs), eb('feed_leases.holder', '=', holder)]),
        ),
    )
    .execute();
  const row = await db.selectFrom('feed_leases').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}
