/**
 * The shape of views and scales as the interface publishes them (spec, "Views and
 * scales"), written once as TypeBox schemas: the scale modules next to this file hold the
 * values as these types, the classifiers read them, and GET /scales validates, serialises
 * and documents them with the same schemas.
 */
import { type Static, Type } from 'typebox';
import { DATA_METRICS, type DataMetric } from '../coverage/vocabulary.ts';

export const SCALE_IDS = [
  'wind-comfort-standard',
  'wind-comfort-colour-blind',
  'wind-mean-rainbow',
  'wind-gust-rainbow',
  'air-belaqi',
  'air-no2',
  'air-pm25',
  'air-pm10',
  'thermal-utci',
  'thermal-magma',
] as const;
export type ScaleId = (typeof SCALE_IDS)[number];

export const VIEW_IDS = [
  'comfort-danger',
  'mean',
  'gust',
  'index',
  'no2',
  'pm25',
  'pm10',
  'utci',
  'utci-temp',
] as const;
export type ViewId = (typeof VIEW_IDS)[number];

/** Metrics that have views and scales (noise is announced, not modelled). */
export type ScaledMetric = DataMetric;

/** Tile properties a view or scale can read (spec, "Map layers and their tile properties"). */
export const TILE_FIELDS = ['Ucomfort', 'Ugust', 'C', 'C_PM25', 'C_PM10', 'UTCI'] as const;
export type TileField = (typeof TILE_FIELDS)[number];

export type Pollutant = 'no2' | 'pm25' | 'pm10';
export const POLLUTANTS: readonly Pollutant[] = ['no2', 'pm25', 'pm10'];

const MetricSchema = Type.Enum(DATA_METRICS, {
  description: 'metric the view or scale belongs to',
});
const ScaleIdSchema = Type.Enum(SCALE_IDS, { description: 'scale id' });
const ViewIdSchema = Type.Enum(VIEW_IDS, { description: 'view id' });
/*
 * The document publishes a tile property as a string with the names as examples, not as
 * an enum; the type keeps the domain's union of TILE_FIELDS, from which the text is written.
 */
const FieldSchema = Type.Unsafe<TileField>(
  Type.String({ description: `tile property, e.g. ${TILE_FIELDS.join(', ')}` }),
);
const ColorSchema = Type.String({ pattern: '^#[0-9A-Fa-f]{3}([0-9A-Fa-f]{3})?$', description: 'hex colour' });

export const ViewSchema = Type.Object(
  {
    id: ViewIdSchema,
    metric: MetricSchema,
    name: Type.String({ description: 'display name' }),
    description: Type.Optional(Type.String()),
    fields: Type.Array(FieldSchema, { description: 'tile properties the view reads' }),
    field_labels: Type.Unsafe<Partial<Record<TileField, string>>>(
      Type.Record(Type.String(), Type.String(), { description: 'display label per entry of fields' }),
    ),
    scales: Type.Array(ScaleIdSchema, { description: 'valid scale ids in display order' }),
    default_scale: ScaleIdSchema,
    default: Type.Optional(
      Type.Literal(true, { description: "present and true on the metric's default view" }),
    ),
  },
  { title: 'View', description: 'What to plot from a metric; all views of a layer read the same tile.' },
);
export type View = Static<typeof ViewSchema>;

const summaryProperties = {
  id: ScaleIdSchema,
  metric: MetricSchema,
  view: ViewIdSchema,
  name: Type.String({ description: 'display name' }),
  kind: Type.Union([Type.Literal('classes'), Type.Literal('gradient')], {
    description: 'classes (swatch list) or gradient (colour bar)',
  }),
  authority: Type.String({ description: 'who defines the scale' }),
  reference: Type.String({ format: 'uri', description: 'authoritative public source, for attribution' }),
  default: Type.Boolean({ description: "true on the scale the metric's default view opens with" }),
};

export const ScaleSummarySchema = Type.Object(summaryProperties, {
  title: 'ScaleSummary',
  description: 'A scale as listed by GET /scales.',
});
export type ScaleSummary = Static<typeof ScaleSummarySchema>;

const closed = { additionalProperties: false } as const;

const WhenTestSchema = Type.Union(
  [
    Type.Object({ field: FieldSchema, lt: Type.Number() }, closed),
    Type.Object({ field: FieldSchema, lte: Type.Number() }, closed),
    Type.Object({ field: FieldSchema, gt: Type.Number() }, closed),
    Type.Object({ field: FieldSchema, gte: Type.Number() }, closed),
  ],
  {
    title: 'WhenTest',
    description: 'one comparison of a tile property with a number: exactly one of lt, lte, gt, gte',
  },
);
export type WhenTest = Static<typeof WhenTestSchema>;

const WhenSchema = Type.Union(
  [
    Type.Object({ all: Type.Array(WhenTestSchema, { minItems: 1 }) }, { additionalProperties: false }),
    Type.Object({ any: Type.Array(WhenTestSchema, { minItems: 1 }) }, { additionalProperties: false }),
  ],
  {
    title: 'When',
    description: 'machine-readable rule: exactly one of all (every test holds) or any (one test holds)',
  },
);
export type When = Static<typeof WhenSchema>;

const ClassBoundsSchema = Type.Object(
  {
    from: Type.Number(),
    to: Type.Union([Type.Number(), Type.Null()], { description: 'null on an open-ended last class' }),
  },
  { description: 'range on the classified value; on gradients, from is the stop position' },
);
export type ClassBounds = Static<typeof ClassBoundsSchema>;

const ScaleClassSchema = Type.Object(
  {
    value: Type.Number({ description: 'numeric class' }),
    label: Type.String(),
    color: ColorSchema,
    meaning: Type.String(),
    bounds: Type.Optional(ClassBoundsSchema),
    condition: Type.Optional(
      Type.String({ description: 'human text, on classes decided by more than one field' }),
    ),
    when: Type.Optional(WhenSchema),
  },
  { title: 'ScaleClass' },
);
export type ScaleClass = Static<typeof ScaleClassSchema>;

const ThresholdSchema = Type.Object(
  {
    field: FieldSchema,
    bounds: Type.Array(Type.Number(), {
      minItems: 9,
      maxItems: 9,
      description:
        'upper concentration bounds in µg/m3, inclusive, for classes 1 to 9; above the last is class 10',
    }),
    zero_means_missing: Type.Optional(Type.Boolean()),
  },
  { title: 'PollutantThreshold' },
);
export type PollutantThreshold = Static<typeof ThresholdSchema>;

const FallbackRangeSchema = Type.Object(
  { min: Type.Number(), max: Type.Number() },
  {
    description:
      'value range a gradient spans when the map catalog publishes no range for the layer and hour',
  },
);
export type FallbackRange = Static<typeof FallbackRangeSchema>;

export const ScaleSchema = Type.Object(
  {
    ...summaryProperties,
    description: Type.String({ description: 'what the scale measures and how its value is derived' }),
    fields: Type.Array(FieldSchema, { description: 'tile properties read' }),
    unit: Type.Optional(Type.String({ description: 'unit of classified values; absent on index scales' })),
    interpolate: Type.Optional(
      Type.Boolean({
        description: 'gradient scales: true when each bounds.from is a stop to interpolate between',
      }),
    ),
    relative: Type.Optional(
      Type.Boolean({
        description: 'stops are positions 0 to 1 on the per-layer, per-hour range of the map catalog',
      }),
    ),
    zero_means_missing: Type.Optional(Type.Boolean({ description: 'a value of zero means no reading' })),
    classes: Type.Array(ScaleClassSchema, { description: 'in display order' }),
    no_data_color: Type.Optional(ColorSchema),
    thresholds: Type.Optional(
      Type.Object(
        { no2: ThresholdSchema, pm25: ThresholdSchema, pm10: ThresholdSchema },
        { description: 'index scales only, keyed by pollutant' },
      ),
    ),
    fallback_range: Type.Optional(FallbackRangeSchema),
  },
  { title: 'Scale', description: 'A classification scale in full: classes, colours and bounds.' },
);
export type Scale = Static<typeof ScaleSchema>;

export const ScaleListSchema = Type.Object(
  { views: Type.Array(ViewSchema), scales: Type.Array(ScaleSummarySchema) },
  { title: 'ScaleList', description: 'Views and scale summaries (GET /scales).' },
);
export type ScaleList = Static<typeof ScaleListSchema>;
