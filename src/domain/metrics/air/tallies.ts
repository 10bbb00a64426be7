/**
 * What the air block counts over a location's cells, hour by hour, before it grades the
 * hours (air-block.ts). Tallies of disjoint groups of cells add up exactly to the tallies of
 * all of them: the per-hour counts are integers, and the annual concentration sums are
 * kept in fixed point, so no order of addition changes a bit. The statistics threads can
 * therefore share a location's cells between them (adapters/threads/statistics-pool.ts)
 * and answer what one thread would.
 */

import { BELAQI_CODE_BASE, belaqiCode, isValidReading } from './belaqi.ts';
import type { AirColumns } from './types.ts';

/**
 * Fixed-point unit of the concentration sums, µg/m³: a reading is counted as a whole
 * number of 2⁻²⁰ µg/m³ (an error under 5·10⁻⁷ µg/m³, far below the published 0.1), so that
 * a year of every cell (under 2⁵³ units) is summed exactly in any order.
 */
const FIXED_POINT_SCALE = 2 ** 20;

export interface AirTallies {
  /** per hour: the sum of the graded cells' BelAQI classes */
  classSum: Int32Array;
  /** per hour: how many cells had a valid reading to grade */
  graded: Int32Array;
  /** per hour and pollutant (POLLUTANTS order, three per hour): how many cells it dominated */
  dominant: Int32Array;
  /** per pollutant: the sum of its valid readings, in units of 2⁻²⁰ µg/m³, and their number */
  concentrationUnits: Float64Array;
  concentrationCount: Float64Array;
}

function emptyTallies(hourCount: number): AirTallies {
  return {
    classSum: new Int32Array(hourCount),
    graded: new Int32Array(hourCount),
    dominant: new Int32Array(3 * hourCount),
    concentrationUnits: new Float64Array(3),
    concentrationCount: new Float64Array(3),
  };
}

/** The tallies of `cells` over `hourCount` hours: every cell-hour graded once. */
export function tallyAir(cells: readonly AirColumns[], hourCount: number): AirTallies {
  const tallies = emptyTallies(hourCount);
  const { classSum, graded, dominant, concentrationUnits, concentrationCount } = tallies;
  for (const cell of cells) {
    // cell by cell, each column read in order; the per-hour counts are exact in any order
    const { no2, pm25, pm10 } = cell;
    for (let i = 0; i < hourCount; i++) {
      const code = belaqiCode(no2[i]!, pm25[i]!, pm10[i]!);
      if (code === 0) continue;
      classSum[i]! += Math.floor(code / BELAQI_CODE_BASE);
      graded[i]!++;
      dominant[3 * i + (code % BELAQI_CODE_BASE)]!++;
    }
    for (const [p, column] of [no2, pm25, pm10].entries()) {
      let units = 0;
      let count = 0;
      for (let i = 0; i < hourCount; i++) {
        const value = column[i]!;
        if (!isValidReading(p, value)) continue;
        units += Math.round(value * FIXED_POINT_SCALE);
        count++;
      }
      concentrationUnits[p]! += units;
      concentrationCount[p]! += count;
    }
  }
  return tallies;
}

/** The tallies of several disjoint groups of a location's cells, as one. */
export function mergeAirTallies(parts: readonly AirTallies[]): AirTallies {
  const [first, ...rest] = parts;
  if (!first) throw new Error('no air tallies to merge');
  if (rest.length === 0) return first;
  const merged = emptyTallies(first.classSum.length);
  for (const part of parts) {
    for (let i = 0; i < part.classSum.length; i++) {
      merged.classSum[i]! += part.classSum[i]!;
      merged.graded[i]! += part.graded[i]!;
    }
    for (let i = 0; i < part.dominant.length; i++) merged.dominant[i]! += part.dominant[i]!;
    for (let p = 0; p < 3; p++) {
      merged.concentrationUnits[p]! += part.concentrationUnits[p]!;
      merged.concentrationCount[p]! += part.concentrationCount[p]!;
    }
  }
  return merged;
}

/** The mean of a pollutant's valid readings in µg/m³, or null without any. */
export function meanConcentration(tallies: AirTallies, pollutantIndex: number): number | null {
  const count = tallies.concentrationCount[pollutantIndex]!;
  return count > 0 ? tallies.concentrationUnits[pollutantIndex]! / FIXED_POINT_SCALE / count : null;
}
