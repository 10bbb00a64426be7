import { findScale, NO_DATA_COLOR, type ScaleClass, utciClass } from '../scales/index.ts';

/**
 * Colours of the report. Class colours come from the published scales (a report and the
 * map must agree); only the page's own accents are defined here.
 */
export const ACCENT = { air: '#2d6cdf', wind: '#0e9384', thermal: '#e0652b' } as const;
export const NEUTRAL = '#9aa8b6';

function classesOf(id: string): readonly ScaleClass[] {
  const scale = findScale(id);
  if (!scale) throw new Error(`scale ${id} is missing`);
  return scale.classes;
}

export const BELAQI_CLASSES = classesOf('air-belaqi');
export const WIND_CLASSES = classesOf('wind-comfort-standard');
export const UTCI_CLASSES = classesOf('thermal-utci');

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
