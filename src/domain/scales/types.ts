/**
 * The shape of views and scales as the interface publishes them (spec, "Views and
 * scales"). These are plain data types: the scale modules next to this file hold the
 * values, the classifiers read them, and the HTTP schemas in src/http/schemas/scales.ts
 * describe the same shape for validation and the OpenAPI document.
 */
import type { DataMetric } from '../coverage/cities.ts';

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
export type TileField = 'Ucomfort' | 'Ugust' | 'C' | 'C_PM25' | 'C_PM10' | 'UTCI';

/** One comparison of a `when` rule: exactly one of lt, lte, gt, gte. */
export type WhenTest =
  | { field: TileField; lt: number }
  | { field: TileField; lte: number }
  | { field: TileField; gt: number }
  | { field: TileField; gte: number };

/** A machine-readable class rule: exactly one of `all` (every test holds) or `any` (one test holds). */
export type When = { all: WhenTest[] } | { any: WhenTest[] };

export interface ClassBounds {
  from: number;
  /** null on an open-ended last class */
  to: number | null;
}

export interface ScaleClass {
  value: number;
  label: string;
  /** hex colour */
  color: string;
  meaning: string;
  bounds?: ClassBounds;
  /** human text, on classes decided by more than one field */
  condition?: string;
  when?: When;
}

export type Pollutant = 'no2' | 'pm25' | 'pm10';
export const POLLUTANTS: readonly Pollutant[] = ['no2', 'pm25', 'pm10'];

export interface PollutantThreshold {
  /** tile property holding the concentration */
  field: TileField;
  /** upper concentration bounds (µg/m3, inclusive) of classes 1 to 9; above the last is class 10 */
  bounds: number[];
  zero_means_missing?: boolean;
}

/** Value range a gradient spans when the map catalog publishes no `range` for the layer and hour. */
export interface FallbackRange {
  min: number;
  max: number;
}

export interface ScaleSummary {
  id: ScaleId;
  metric: ScaledMetric;
  /** the view this scale colours */
  view: ViewId;
  name: string;
  kind: 'classes' | 'gradient';
  /** who defines the scale */
  authority: string;
  /** URI of an authoritative public source, for attribution */
  reference: string;
  /** true on the scale the metric's default view opens with */
  default: boolean;
}

export interface Scale extends ScaleSummary {
  description: string;
  fields: TileField[];
  unit?: string;
  interpolate?: boolean;
  relative?: boolean;
  zero_means_missing?: boolean;
  classes: ScaleClass[];
  no_data_color?: string;
  thresholds?: Record<Pollutant, PollutantThreshold>;
  fallback_range?: FallbackRange;
}

export interface View {
  id: ViewId;
  metric: ScaledMetric;
  name: string;
  description?: string;
  fields: TileField[];
  field_labels: Partial<Record<TileField, string>>;
  scales: ScaleId[];
  default_scale: ScaleId;
  /** present (true) only on the metric's default view */
  default?: true;
}
