import { type Static, Type } from 'typebox';
import type { LayerDescriptor } from './layers.ts';

/**
 * TileJSON 3.0.0 for one layer (at one step, for timed layers), written once as a schema
 * that the TileJSON routes validate, serialise and document with. The tile template is
 * relative and starts with /v1, as every link in a response body of this API; the
 * browser client resolves it against the API's origin. `timestamp` and `timestamp_ms`, the
 * step's hour on timed layers, are an addition to TileJSON (which allows extra keys).
 */
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
export type TileJson = Static<typeof TileJsonSchema>;

export interface TileJsonInput {
  layer: LayerDescriptor;
  cityName: string;
  attribution: string;
  /** path of the tiles below /v1 without the z/x/y part, e.g. /map/brussels/tiles/thermal/1700000000000 */
  tilesPath: string;
  /** query string of the signed URL, copied onto the template */
  signedQuery: string;
  /** [west, south, east, north] of the data */
  bounds: [number, number, number, number];
  stepMs: number | null;
  /** PUBLIC_BASE_URL: prefixes the template, making it absolute; absent, it stays relative */
  publicBaseUrl?: string | undefined;
}

export function buildTileJson(input: TileJsonInput): TileJson {
  const { layer, bounds } = input;
  const fields: Record<string, string> = {};
  for (const field of layer.fields) fields[field.name] = `${field.label} (${field.unit})`;
  const when = input.stepMs === null ? '' : ` at ${new Date(input.stepMs).toISOString()}`;
  const centre: [number, number, number] = [
    round6((bounds[0] + bounds[2]) / 2),
    round6((bounds[1] + bounds[3]) / 2),
    Math.max(layer.minzoom, Math.min(layer.maxzoom, 14)),
  ];
  const body: TileJson = {
    tilejson: '3.0.0',
    name: `${input.cityName} ${layer.id}${when}`,
    description: layer.description,
    version: '1.0.0',
    attribution: input.attribution,
    scheme: 'xyz',
    tiles: [`${input.publicBaseUrl ?? ''}/v1${input.tilesPath}/{z}/{x}/{y}.mvt?${input.signedQuery}`],
    vector_layers: [
      {
        id: layer.id,
        description: layer.description,
        fields,
        minzoom: layer.minzoom,
        maxzoom: layer.maxzoom,
      },
    ],
    bounds: bounds.map(round6) as [number, number, number, number],
    center: centre,
    minzoom: layer.minzoom,
    maxzoom: layer.maxzoom,
  };
  if (input.stepMs !== null) {
    body.timestamp = new Date(input.stepMs).toISOString();
    body.timestamp_ms = input.stepMs;
  }
  return body;
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
