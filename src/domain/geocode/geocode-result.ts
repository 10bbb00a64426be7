import { type Static, Type } from 'typebox';

/**
 * The geocode response (spec: Geocode result, GET /geocode), written once as a schema:
 * the geocode service builds bodies of this type, and the route validates, serialises
 * and documents them with the same schema.
 */

/** At most this many results per query (the spec's `limit` ceiling). */
export const GEOCODE_MAX_LIMIT = 5;

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
