import { Type } from 'typebox';

/**
 * `meta.geometry` (additive, issue #33): whether the city's buildings around the point are
 * mapped or, where the source map is incomplete, estimated from land use (docs/cities.md)
 */
export const GeometrySchema = Type.Enum(['mapped', 'estimated'], {
  description:
    'a city point only: the buildings around it are mapped footprints, or (estimated) the map is incomplete there and the built share comes from land use (beyond the specification)',
});

/** `meta.sources` (CONTRACT.md, "Live data and provenance"): the inputs behind an answer */
export const SourcesSchema = Type.Array(
  Type.Object(
    {
      id: Type.Enum(
        ['ircel-celine', 'open-meteo', 'open-meteo-air-quality', 'open-meteo-archive', 'epw', 'synthetic'],
        { description: 'the input' },
      ),
      kind: Type.Enum(['observation', 'forecast', 'reanalysis', 'typical-year', 'synthetic']),
      status: Type.Enum(['fresh', 'stale', 'fallback'], {
        description:
          'fresh: the feed answers and is as recent as usual; stale: polls failed or the data stopped advancing for two poll intervals (the last good data is served); fallback: nothing usable, the synthetic generator stands in',
      }),
      as_of: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'the newest value used, ISO 8601 UTC',
      }),
      input: Type.Optional(
        Type.String({ description: 'what the source drives: meteorology, air, air-bias…' }),
      ),
      attribution: Type.Optional(Type.String({ description: "the provider's credit" })),
    },
    { additionalProperties: true },
  ),
  { description: 'the inputs behind this answer when it was computed (additive to the specification)' },
);
