/**
 * The BelAQI classifiers the statistics, the model and the map use, derived from the
 * published scale data (air-belaqi) at load time: the thresholds live only in the scale.
 */
import type { Pollutant, PollutantThreshold } from '../../scales/types.ts';
import { POLLUTANTS } from '../../scales/types.ts';
import { AIR_BELAQI } from './scales.ts';

export type BelaqiClass = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

const THRESHOLDS = AIR_BELAQI.thresholds as Record<Pollutant, PollutantThreshold>;
/** the thresholds in POLLUTANTS order, so the hot loops index them by number */
const THRESHOLD_BY_INDEX = POLLUTANTS.map((pollutant) => THRESHOLDS[pollutant]);

/**
 * Each pollutant's bounds as a look-up table over ceil(concentration × scale), the scale a
 * power of two that makes every bound a whole number: with whole bounds, value ≤ bound
 * exactly when ceil(value) ≤ bound, and multiplying by a power of two is exact. The
 * statistics grade every cell-hour of a year, dozens of cells at a time.
 */
const SUB_INDEX_TABLES = THRESHOLD_BY_INDEX.map(({ bounds }) => {
  let scale = 1;
  while (scale < 1024 && !bounds.every((bound) => Number.isInteger(bound * scale))) scale *= 2;
  if (!bounds.every((bound) => Number.isInteger(bound * scale))) return null;
  const table = new Uint8Array(bounds[bounds.length - 1]! * scale + 1);
  let band = 0;
  for (let step = 0; step < table.length; step++) {
    while (step > bounds[band]! * scale) band++;
    table[step] = band + 1;
  }
  return { scale, table };
});

/**
 * Whether a reading of the pollutant at `index` (POLLUTANTS order) is a reading at all:
 * not NaN, not negative, and not zero where the scale says zero means missing (NO2).
 */
export function isValidReading(index: number, concentration: number): boolean {
  return concentration >= 0 && !(concentration === 0 && THRESHOLD_BY_INDEX[index]!.zero_means_missing);
}

function subIndexAt(index: number, concentration: number): number {
  if (!isValidReading(index, concentration)) return 0;
  const bounds = THRESHOLD_BY_INDEX[index]!.bounds;
  const lookUp = SUB_INDEX_TABLES[index];
  if (lookUp) {
    const step = Math.ceil(concentration * lookUp.scale);
    return step < lookUp.table.length ? lookUp.table[step]! : bounds.length + 1;
  }
  for (let band = 0; band < bounds.length; band++) {
    if (concentration <= bounds[band]!) return band + 1;
  }
  return bounds.length + 1;
}

/**
 * One pollutant's BelAQI sub-index: the first class whose inclusive upper bound holds
 * the concentration, 10 above the last. Null for a missing reading: NaN, a negative
 * value, or zero where the scale says zero means missing (NO2).
 */
export function belaqiSubIndex(pollutant: Pollutant, concentration: number): BelaqiClass | null {
  const sub = subIndexAt(POLLUTANTS.indexOf(pollutant), concentration);
  return sub === 0 ? null : (sub as BelaqiClass);
}

export interface BelaqiReading {
  value: BelaqiClass;
  /** the pollutant giving the worst sub-index; ties go to NO2, then PM2.5, then PM10 */
  dominant: Pollutant;
}

/** Factor of the class in a `belaqiCode`: code = class × BELAQI_CODE_BASE + dominant's index. */
export const BELAQI_CODE_BASE = 4;

/**
 * The BelAQI index of one hour packed in a number, for loops over millions of cell-hours
 * that must not allocate: 0 when no reading is valid, otherwise class × BELAQI_CODE_BASE +
 * the index in POLLUTANTS of the dominant pollutant (the first with the worst sub-index).
 */
export function belaqiCode(no2: number, pm25: number, pm10: number): number {
  const subNo2 = subIndexAt(0, no2);
  const subPm25 = subIndexAt(1, pm25);
  const subPm10 = subIndexAt(2, pm10);
  let worst = subNo2;
  let dominant = 0;
  if (subPm25 > worst) {
    worst = subPm25;
    dominant = 1;
  }
  if (subPm10 > worst) {
    worst = subPm10;
    dominant = 2;
  }
  return worst === 0 ? 0 : worst * BELAQI_CODE_BASE + dominant;
}

/** BelAQI index of one hour: the worst sub-index of the valid readings; null when none is valid. */
export function belaqiClass(values: Readonly<Record<Pollutant, number>>): BelaqiReading | null {
  const code = belaqiCode(values.no2, values.pm25, values.pm10);
  if (code === 0) return null;
  return {
    value: Math.floor(code / BELAQI_CODE_BASE) as BelaqiClass,
    dominant: POLLUTANTS[code % BELAQI_CODE_BASE]!,
  };
}
