import { Type } from 'typebox';
import { CityRefSchema } from '../../schemas/common.ts';

/** Response schemas of the map catalog and TileJSON: validation, serialisation and docs. */
const LayerLinkSchema = Type.Object(
  { tilejson: Type.String({ description: 'signed relative URL of the layer TileJSON, starting with /v1' }) },
  { title: 'MapLayerLink' },
);

const StepSchema = Type.Object(
  {
    timestamp: Type.String({ format: 'date-time' }),
    timestamp_ms: Type.Integer(),
    layers: Type.Record(Type.String(), LayerLinkSchema, {
      description: 'signed TileJSON per layer; a layer without data at this step is absent',
    }),
  },
  { title: 'MapStep' },
);

export const CatalogSchema = Type.Object(
  {
    city: CityRefSchema,
    meta: Type.Object({
      crs: Type.Literal('EPSG:3857'),
      tile_format: Type.Literal('mvt'),
      resolution_m: Type.Number(),
      generated_utc: Type.String({ format: 'date-time' }),
      catalog_ttl_s: Type.Integer(),
      url_expires_utc: Type.String({ format: 'date-time' }),
    }),
    static: Type.Record(Type.String(), LayerLinkSchema),
    realtime: Type.Optional(StepSchema),
    forecast: Type.Array(StepSchema),
    range: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Record(Type.String(), Type.Object({ min: Type.Number(), max: Type.Number() }), {
          description: 'keyed by the step timestamp_ms',
        }),
      ),
    ),
  },
  { title: 'MapCatalog' },
);

export const TileJsonSchema = Type.Object(
  {
    tilejson: Type.Literal('3.0.0'),
    name: Type.String(),
    description: Type.String(),
    version: Type.String(),
    attribution: Type.String(),
    scheme: Type.Literal('xyz'),
    tiles: Type.Array(Type.String(), { minItems: 1 }),
    vector_layers: Type.Array(
      Type.Object({
        id: Type.String(),
        description: Type.String(),
        fields: Type.Record(Type.String(), Type.String()),
        minzoom: Type.Integer(),
        maxzoom: Type.Integer(),
      }),
    ),
    bounds: Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }),
    center: Type.Array(Type.Number(), { minItems: 3, maxItems: 3 }),
    minzoom: Type.Integer(),
    maxzoom: Type.Integer(),
    timestamp: Type.Optional(Type.String({ format: 'date-time' })),
    timestamp_ms: Type.Optional(Type.Integer()),
  },
  { title: 'TileJSON' },
);

/** How a signed URL authorises, in the words of the map operations' descriptions. */
export const SIGNED_URL_RULES =
  'Fetched by map clients from the signed URLs of the map catalog: the query (`key`, `exp`, `sig`) authorises, no key header is needed and no rate window applies. Clients never construct or modify these URLs. An expired `exp` is `401 url_expired`; an unsigned URL or a failed signature is `401 unauthorized`.';

/** a parameter given twice is let through as a list, so the signature check refuses it (401), not validation (400) */
const SignedParam = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));

export const SignedQuerySchema = Type.Object({
  key: SignedParam,
  exp: SignedParam,
  sig: SignedParam,
  issued: SignedParam,
});
