import { type Static, Type } from 'typebox';

/**
 * The geocode response (spec: Geocode result, GET /geocode), written once as a schema:
 * the geocode service builds bodies of this type, and the route validates, serialises
 * and documents them with the same schema.
 */

/** At most this many results per query (the spec's `limit` ceiling). */
export const GEOCODE_MAX_LIMIT = 5;

/**
 * How a result matched (an addition to the spec's result, docs/geocoding.md): `address`
 * the door itself, `interpolated` a number placed between its known neighbours,
 * `estimated` a position estimated along the street, `street` the street (a typed number
 * it could not place is not in the label), `place` a named place, `municipality` a
 * municipality or locality.
 */
export const GEOCODE_MATCHES = [
  'address',
  'interpolated',
  'estimated',
  'street',
  'place',
  'municipality',
] as const;
export type GeocodeMatch = (typeof GEOCODE_MATCHES)[number];
const Match = Type.Union(
  [
    Type.Literal('address'),
    Type.Literal('interpolated'),
    Type.Literal('estimated'),
    Type.Literal('street'),
    Type.Literal('place'),
    Type.Literal('municipality'),
  ],
  {
    description:
      'how the result matched: the door, a number interpolated or estimated, or only the street, place or municipality',
  },
);

const CoveredInCity = Type.Object(
  {
    address: Type.String(),
    lat: Type.Number(),
    lon: Type.Number(),
    relevance: Type.Number({ minimum: 0, maximum: 1 }),
    covered: Type.Union([Type.Literal('high_res'), Type.Literal('high_res_in_development')]),
    city: Type.String({ description: 'covering city id' }),
    match: Type.Optional(Match),
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
    match: Type.Optional(Match),
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
