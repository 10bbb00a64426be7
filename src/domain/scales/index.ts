export { type BelaqiClass, type BelaqiReading, belaqiClass, belaqiSubIndex } from '../metrics/air/belaqi.ts';
export { type UtciClass, utciClass } from '../metrics/thermal/utci-class.ts';
export { type WindComfortClass, windComfortClass } from '../metrics/wind/comfort-class.ts';
export { findScale, listScaleSummaries, listViews, SCALES, toSummary } from './catalog.ts';
export { NO_DATA_COLOR } from './no-data.ts';
export * from './types.ts';
export { VIEWS } from './views.ts';
