/**
 * What a live input drives in the live product: a source's `input` in `meta.sources`
 * (CONTRACT.md, "Live data and provenance"), and the name of a backfill's chunks of it.
 * The inputs' own words, declared once here: the air input is the pollutant feeds' (the
 * stations, CAMS), which the model's dispersion is corrected with, not a metric.
 */
export const FEED_INPUTS = ['meteorology', 'air', 'air-forecast', 'air-bias'] as const;
export type FeedInput = (typeof FEED_INPUTS)[number];

export const [METEOROLOGY_INPUT, AIR_INPUT, AIR_FORECAST_INPUT, AIR_BIAS_INPUT] = FEED_INPUTS;
