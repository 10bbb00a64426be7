import { type Static, Type } from 'typebox';
import { Errors } from 'typebox/value';
import { DATA_METRICS, PRODUCTS } from '../vocabulary.ts';
import { MAX_ATTRIBUTION_CHARS } from './limits.ts';

/**
 * `city.json`, the manifest of a city data package (docs/cities.md). Written once here:
 * the validator uses it and `scripts/cities/write-schema.ts` publishes it as
 * `data/cities/schema/city.schema.json` (a test keeps the two identical).
 */
const Products = Type.Object(
  Object.fromEntries(PRODUCTS.map((product) => [product, Type.Boolean()])) as Record<
    (typeof PRODUCTS)[number],
    ReturnType<typeof Type.Boolean>
  >,
  { additionalProperties: false, description: 'which of the six products the city offers' },
);

export const CityManifestSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z][a-z0-9-]{1,39}$',
      description: 'lowercase identifier used in URLs; `belgium` is reserved for the nationwide grid',
    }),
    name: Type.String({ minLength: 1, maxLength: 80 }),
    country: Type.Literal('BE', { description: 'ISO 3166-1 alpha-2; the model covers Belgium' }),
    timezone: Type.String({ minLength: 1, description: 'IANA time zone, e.g. Europe/Brussels' }),
    products: Products,
    metrics: Type.Array(Type.Enum(DATA_METRICS), { uniqueItems: true, description: 'modelled metrics' }),
    attribution: Type.String({
      minLength: 1,
      maxLength: MAX_ATTRIBUTION_CHARS,
      description: `data sources and the model, shown to users; at most ${MAX_ATTRIBUTION_CHARS} characters (link to a longer notice)`,
    }),
    attribution_translations: Type.Optional(
      Type.Object(
        {
          fr: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_ATTRIBUTION_CHARS })),
          nl: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_ATTRIBUTION_CHARS })),
        },
        {
          additionalProperties: false,
          description:
            'the attribution in the other report languages, credit strings such as "© OpenStreetMap contributors" kept verbatim; a report in a language without one prints `attribution`',
        },
      ),
    ),
    reference_year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100, default: 2025 })),
    resolution_m: Type.Optional(
      Type.Number({ minimum: 5, maximum: 25, default: 10, description: 'model cell size, metres' }),
    ),
    forecast_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 48 })),
    air_reference_points: Type.Optional(
      Type.Array(
        Type.Object(
          {
            lat: Type.Number({ minimum: -90, maximum: 90 }),
            lon: Type.Number({ minimum: -180, maximum: 180 }),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: 64,
          description:
            'open streets and squares of the city centre that the air benchmark (`air.reference` of the statistics) compares against; absent: the city has no air benchmark',
        },
      ),
    ),
    model: Type.Optional(
      Type.Object(
        {
          urban_index: Type.Optional(
            Type.Number({
              minimum: 0,
              maximum: 1,
              description: 'size of the urban background, Brussels = 1',
            }),
          ),
          air_temperature_offset_c: Type.Optional(
            Type.Number({
              minimum: -5,
              maximum: 5,
              description: 'static air-temperature offset against Uccle',
            }),
          ),
        },
        {
          additionalProperties: false,
          description: 'extension: climate of the city; default: the nationwide grid at its centre',
        },
      ),
    ),
  },
  {
    $id: 'https://svc-api.example/schemas/city.schema.json',
    title: 'City data package manifest (city.json)',
    additionalProperties: false,
  },
);
export type CityManifest = Static<typeof CityManifestSchema>;

/** the schema as published: plain JSON Schema (draft 2020-12) */
export function manifestJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...(JSON.parse(JSON.stringify(CityManifestSchema)) as Record<string, unknown>),
  };
}

/** schema violations as `path: message` strings, empty when the manifest is valid */
export function manifestErrors(value: unknown): string[] {
  const errors: string[] = [];
  for (const error of Errors(CityManifestSchema, value)) {
    errors.push(`${error.instancePath || '/'} ${error.message}`);
  }
  if (errors.length === 0) {
    const manifest = value as CityManifest;
    if (manifest.id === 'belgium') errors.push('/id `belgium` is reserved for the nationwide grid');
    try {
      new Intl.DateTimeFormat('en', { timeZone: manifest.timezone });
    } catch {
      errors.push(`/timezone '${manifest.timezone}' is not an IANA time zone`);
    }
  }
  return errors;
}
