import { type Static, Type } from 'typebox';
import { GEOCODE_MAX_LIMIT } from '../../domain/geocode/geocode-result.ts';

/** GET /geocode: the query string (spec: GET /geocode); the response is the domain's. */
export const GEOCODE_MAX_QUERY_LENGTH = 200;

export const GeocodeQuerySchema = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: GEOCODE_MAX_QUERY_LENGTH,
      description: 'free-text address or place name',
    }),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: GEOCODE_MAX_LIMIT, default: GEOCODE_MAX_LIMIT }),
    ),
  },
  { additionalProperties: false },
);
export type GeocodeQuery = Static<typeof GeocodeQuerySchema>;
