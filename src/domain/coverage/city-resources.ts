import { type Static, Type } from 'typebox';
import { MAP_LAYERS, METRICS, PRODUCTS } from './vocabulary.ts';

/**
 * The city index entry and city detail resources (spec: City, City detail), written once
 * as schemas: the services build bodies of these types, and the routes (http/schemas/
 * cities.ts) validate, serialise and document them with the same schemas.
 */

/** a city as other resources name it: `city` of the statistics, records and map catalog */
export const CityRefSchema = Type.Object(
  { id: Type.String(), name: Type.String(), country: Type.String() },
  { title: 'CityRef' },
);
export type CityRef = Static<typeof CityRefSchema>;

const Products = Type.Object(
  Object.fromEntries(PRODUCTS.map((product) => [product, Type.Boolean()])) as Record<
    (typeof PRODUCTS)[number],
    ReturnType<typeof Type.Boolean>
  >,
);

export const CityEntrySchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
    name: Type.String(),
    country: Type.String({ minLength: 2, maxLength: 2 }),
    timezone: Type.String(),
    bbox: Type.Array(Type.Number(), { minItems: 4, maxItems: 4, description: '[west, south, east, north]' }),
    metrics: Type.Optional(Type.Array(Type.Enum(METRICS))),
    products: Products,
    map: Type.Optional(
      Type.Object({
        layers: Type.Array(Type.Enum(MAP_LAYERS)),
        cadence: Type.Literal('hourly'),
        resolution_m: Type.Optional(Type.Number()),
        forecast_hours: Type.Optional(Type.Integer()),
      }),
    ),
    authorized: Type.Optional(Type.Boolean({ description: 'only when the request carried a key' })),
  },
  { title: 'CityEntry' },
);
export type CityEntry = Static<typeof CityEntrySchema>;

const PolygonFeatureSchema = Type.Object({
  type: Type.Literal('Feature'),
  properties: Type.Record(Type.String(), Type.Unknown()),
  geometry: Type.Object({
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(
      Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }), { minItems: 4 }),
      {
        minItems: 1,
        maxItems: 1,
      },
    ),
  }),
});
export type PolygonFeature = Static<typeof PolygonFeatureSchema>;

export const CityDetailSchema = Type.Intersect(
  [
    CityEntrySchema,
    Type.Object({
      reference_year: Type.Integer(),
      attribution: Type.String(),
      boundary: PolygonFeatureSchema,
      planned_boundary: Type.Optional(PolygonFeatureSchema),
    }),
  ],
  { title: 'CityDetail' },
);
export type CityDetail = Static<typeof CityDetailSchema>;
