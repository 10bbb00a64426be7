import { AIR_BELAQI } from '../metrics/air/scales.ts';
import { THERMAL_UTCI } from '../metrics/thermal/scales.ts';
import { utciClass } from '../metrics/thermal/utci-class.ts';
import { WIND_COMFORT_STANDARD } from '../metrics/wind/scales.ts';
import { NO_DATA_COLOR } from '../scales/no-data.ts';
import type { ScaleClass } from '../scales/types.ts';

/**
 * Colours of the report. Class colours come from the published scales (a report and the
 * map must agree); each theme's accent is its metric module's (MetricReport.accent).
 */
export const NEUTRAL = '#9aa8b6';

export const BELAQI_CLASSES: readonly ScaleClass[] = AIR_BELAQI.classes;
export const WIND_CLASSES: readonly ScaleClass[] = WIND_COMFORT_STANDARD.classes;
export const UTCI_CLASSES: readonly ScaleClass[] = THERMAL_UTCI.classes;

/** colour of the class with this label on this scale, if it has one */
export function labelColor(classes: readonly ScaleClass[], label: string): string | undefined {
  const wanted = label.trim().toLowerCase();
  return classes.find((entry) => entry.label.toLowerCase() === wanted)?.color;
}

/** colour of a felt temperature on the UTCI stress scale */
export function utciColor(value: number): string {
  const value10 = utciClass(value);
  return UTCI_CLASSES.find((entry) => entry.value === value10)?.color ?? NO_DATA_COLOR;
}

/**
 * Colour of a score's consumer label (Excellent … Bad). The labels are BelAQI class
 * names and their bands follow the air ladders (src/domain/stats/score-label.ts), so the
 * air-belaqi colours give one meaning to "Good" on all three themes.
 */
export function scoreLabelColor(label: string): string | undefined {
  return labelColor(BELAQI_CLASSES, label);
}
