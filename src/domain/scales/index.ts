export { AIR_BELAQI, AIR_NO2, AIR_PM10, AIR_PM25 } from './air.ts';
export { findScale, listScaleSummaries, listViews, SCALES, toSummary } from './catalog.ts';
export {
  type BelaqiClass,
  type BelaqiReading,
  belaqiClass,
  belaqiSubIndex,
  type UtciClass,
  utciClass,
  type WindComfortClass,
  windComfortClass,
} from './classifiers.ts';
export { THERMAL_MAGMA, THERMAL_UTCI } from './thermal.ts';
export * from './types.ts';
export { VIEWS } from './views.ts';
export {
  NO_DATA_COLOR,
  WIND_COMFORT_COLOUR_BLIND,
  WIND_COMFORT_STANDARD,
  WIND_GUST_RAINBOW,
  WIND_MEAN_RAINBOW,
} from './wind.ts';
