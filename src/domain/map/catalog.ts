import { type Static, Type } from 'typebox';
import { CityRefSchema } from '../coverage/city-resources.ts';
import { SourcesSchema } from '../live/provenance.ts';

/**
 * The map catalog resource (GET /map/{city}), written once as a schema: the catalog
 * service builds bodies of these types, the browser client reads them, and the route
 * validates, serialises and documents them with the same schema.
 */
const LayerLinkSchema = Type.Object(
  { tilejson: Type.String({ description: 'signed relative URL of the layer TileJSON, starting with /v1' }) },
  { title: 'MapLayerLink' },
);
export type LayerLink = Static<typeof LayerLinkSchema>;

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
export type CatalogStep = Static<typeof StepSchema>;

const CatalogSourcesSchema = Type.Object(
  {
    realtime: Type.Optional(SourcesSchema),
    forecast: SourcesSchema,
  },
  {
    title: 'MapSources',
    description:
      'the inputs behind the "now" step and the forecast steps, as meta.sources of /realtime and /forecast: `synthetic` when the weather is generated (no feeds); the feeds with their `as_of` otherwise (beyond the specification)',
  },
);
export type CatalogSources = Static<typeof CatalogSourcesSchema>;

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
    sources: Type.Optional(CatalogSourcesSchema),
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
export type CatalogBody = Static<typeof CatalogSchema>;
