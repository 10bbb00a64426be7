import { type Static, Type } from 'typebox';
import { GEOCODE_MAX_LIMIT } from '../../domain/geocode/geocode-result.ts';

/** GET /geocode: query string and response (spec: Geocode result, GET /geocode). */
export const GEOCODE_MAX_QUERY_LENGTH = 200;
export { GEOCODE_MAX_LIMIT };

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

const CoveredInCity = Type.Object(
  {
    address: Type.String(),
    lat: Type.Number(),
    lon: Type.Number(),
    relevance: Type.Number({ minimum: 0, maximum: 1 }),
    covered: Type.Union([Type.Literal('high_res'), Type.Literal('high_res_in_development')]),
    city: Type.String({ description: 'covering city id' }),
  },
  { additionalProperties: false },
);

const CoveredNationally = Type.Object(
  {
    address: Type.String(),
    lat: Type.Number(),
    lon: Type.Number(),
    relevance: Type.Number({ minimum: 0, maximum: 1 }),
    covered: Type.Literal('national_low_res'),
  },
  { additionalProperties: false },
);

const NotCovered = Type.Object(
  {
    address: Type.String(),
    covered: Type.Literal(false),
  },
  { additionalProperties: false, description: 'outside the service area: its label and nothing else' },
);

export const GeocodeResultSchema = Type.Union([CoveredInCity, CoveredNationally, NotCovered], {
  title: 'GeocodeResult',
});
export type GeocodeResult = Static<typeof GeocodeResultSchema>;

export const GeocodeResponseSchema = Type.Object(
  {
    query: Type.String({ description: 'the q parameter as received' }),
    results: Type.Array(GeocodeResultSchema, { maxItems: GEOCODE_MAX_LIMIT }),
  },
  { title: 'GeocodeResponse' },
);
export type GeocodeResponse = Static<typeof GeocodeResponseSchema>;
