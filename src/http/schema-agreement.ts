import type { Static, TSchema } from 'typebox';
import type { CityDetail, CityEntry } from '../domain/coverage/city-resources.ts';
import type { GeocodeResponse } from '../domain/geocode/geocode-result.ts';
import type { CatalogBody } from '../domain/map/catalog.ts';
import type { HistoricalStats } from '../domain/stats/historical-stats.ts';
import type { CatalogSchema } from './routes/map/schemas.ts';
import type { CityDetailSchema, CityEntrySchema } from './schemas/cities.ts';
import type { GeocodeResponseSchema } from './schemas/geocode.ts';
import type { HistoricalStatsSchema } from './schemas/historical.ts';

/**
 * Compile-time only: each response schema a route declares and the domain type its
 * service returns describe the same shape. Services build bodies from the domain's
 * types (they may not import http); the schemas validate, serialise and document them.
 * If one changes without the other, `npm run typecheck` fails on the line below that
 * names the pair. Nothing here runs.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** mutually assignable, and the same top-level fields (an extra optional field is assignable both ways) */
type Agree<Schema extends TSchema, Body> =
  Same<Static<Schema>, Body> extends true
    ? Same<keyof Static<Schema>, keyof Body> extends true
      ? true
      : never
    : never;

export type SchemaAgreement = [
  Agree<typeof CityEntrySchema, CityEntry>,
  Agree<typeof CityDetailSchema, CityDetail>,
  Agree<typeof GeocodeResponseSchema, GeocodeResponse>,
  Agree<typeof CatalogSchema, CatalogBody>,
  Agree<typeof HistoricalStatsSchema, HistoricalStats>,
];
export const schemasAgree: SchemaAgreement = [true, true, true, true, true];
