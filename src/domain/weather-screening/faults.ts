import { type MeteoQuantity, PLAUSIBLE } from '../live/readings.ts';

/**
 * Faults of an hourly weather series (issue #46): what a quality-control pass of the
 * kind air-quality modellers run on their meteorological input flags before the model
 * takes it literally. Columns are one value per consecutive hour, NaN where missing
 * (a missing value is not a fault: the caller has its own fallback for those).
 *
 * - `calm-while-turning`: exactly 0 wind for CALM_RUN_HOURS or more while the direction
 *   keeps changing. A real calm has no direction (EPW and SYNOP report 0); a direction
 *   that turns under a zero speed is a gap someone filled with zero (the Uccle TMYx year
 *   has 52 such hours on 5–7 October, from a 2009 gap). Without a direction column, a
 *   zero run longer than LONGEST_CALM_HOURS is one.
 * - `stuck`: the same value, to the last digit, for STUCK_HOURS of a quantity or more
 *   (a frozen sensor or a repeated record); saturation (RH ≥ 99 %), a night's zero
 *   radiation, a calm and an overcast sky are not stuck.
 * - `impossible`: outside the physical range (readings.ts, PLAUSIBLE).
 * - `spike`: one hour that leaves both neighbours by more than SPIKE_STEP in the same
 *   sense while they agree (a transmission error: the air cannot do that and come back).
 */
export type FaultKind = 'calm-while-turning' | 'stuck' | 'impossible' | 'spike';
export const FAULT_KINDS: readonly FaultKind[] = ['calm-while-turning', 'stuck', 'impossible', 'spike'];

export type WeatherColumns = Partial<Record<MeteoQuantity, Float64Array>>;

export interface Fault {
  quantity: MeteoQuantity;
  kind: FaultKind;
  /** first hour (index into the columns) and number of hours */
  start: number;
  length: number;
}

export const CALM_RUN_HOURS = 3;
export const LONGEST_CALM_HOURS = 12;
/**
 * hours of an exactly repeated value that make a stuck sensor. Wind in whole m/s (as in
 * EPW files) repeats for up to 16 h in the Uccle year, temperature in tenths for 6 h
 */
export const STUCK_HOURS: Partial<Record<MeteoQuantity, number>> = {
  ta_c: 12,
  rh_pct: 24,
  wind_ms: 24,
  wind_dir_deg: 24,
  gust_ms: 24,
  ghi_wm2: 6,
};
export const SPIKE_STEP: Partial<Record<MeteoQuantity, number>> = {
  ta_c: 8,
  rh_pct: 40,
  wind_ms: 12,
  gust_ms: 20,
};

/** values a stuck check lets repeat: they are physical steady states */
function mayRepeat(quantity: MeteoQuantity, value: number): boolean {
  if (quantity === 'rh_pct') return value >= 99;
  if (quantity === 'wind_ms' || quantity === 'gust_ms' || quantity === 'ghi_wm2') return value === 0;
  return false;
}

/** runs of hours where `test` holds, as [start, length] */
function runsWhere(n: number, test: (i: number) => boolean): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let i = 0;
  while (i < n) {
    if (!test(i)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && test(j)) j++;
    runs.push([i, j - i]);
    i = j;
  }
  return runs;
}

function calmWhileTurning(wind: Float64Array, direction: Float64Array | undefined): Fault[] {
  const faults: Fault[] = [];
  for (const [start, length] of runsWhere(wind.length, (i) => wind[i] === 0)) {
    if (length < CALM_RUN_HOURS) continue;
    let turns = 0;
    if (direction) {
      for (let i = start + 1; i < start + length; i++) {
        const a = direction[i - 1]!;
        const b = direction[i]!;
        if (Number.isFinite(a) && Number.isFinite(b) && a % 360 !== b % 360) turns++;
      }
    }
    const turning = direction ? turns >= 2 : length > LONGEST_CALM_HOURS;
    if (turning) faults.push({ quantity: 'wind_ms', kind: 'calm-while-turning', start, length });
  }
  return faults;
}

function stuck(quantity: MeteoQuantity, values: Float64Array, wind?: Float64Array): Fault[] {
  const hours = STUCK_HOURS[quantity];
  if (hours === undefined) return [];
  const faults: Fault[] = [];
  let i = 0;
  while (i < values.length) {
    const v = values[i]!;
    let j = i + 1;
    while (j < values.length && values[j] === v) j++;
    // a calm's direction is whatever the last wind left: not a fault of the vane
    const calm = quantity === 'wind_dir_deg' && wind !== undefined && wind[i] === 0;
    if (j - i >= hours && Number.isFinite(v) && !mayRepeat(quantity, v) && !calm)
      faults.push({ quantity, kind: 'stuck', start: i, length: j - i });
    i = j;
  }
  return faults;
}

function impossible(quantity: MeteoQuantity, values: Float64Array): Fault[] {
  const [low, high] = PLAUSIBLE[quantity];
  return runsWhere(values.length, (i) => {
    const v = values[i]!;
    return !Number.isNaN(v) && !(v >= low && v <= high);
  }).map(([start, length]) => ({ quantity, kind: 'impossible' as const, start, length }));
}

function spikes(quantity: MeteoQuantity, values: Float64Array): Fault[] {
  const step = SPIKE_STEP[quantity];
  if (step === undefined) return [];
  const faults: Fault[] = [];
  for (let i = 1; i + 1 < values.length; i++) {
    const before = values[i - 1]!;
    const v = values[i]!;
    const after = values[i + 1]!;
    if (!Number.isFinite(before) || !Number.isFinite(v) || !Number.isFinite(after)) continue;
    const up = v - before > step && v - after > step;
    const down = before - v > step && after - v > step;
    if ((up || down) && Math.abs(after - before) < step / 2)
      faults.push({ quantity, kind: 'spike', start: i, length: 1 });
  }
  return faults;
}

/** every fault of the columns, by quantity then hour; a quantity's faults never overlap */
export function detectFaults(columns: WeatherColumns): Fault[] {
  const faults: Fault[] = [];
  for (const quantity of Object.keys(columns) as MeteoQuantity[]) {
    const values = columns[quantity]!;
    const own = [
      ...impossible(quantity, values),
      ...(quantity === 'wind_ms' ? calmWhileTurning(values, columns.wind_dir_deg) : []),
      ...stuck(quantity, values, columns.wind_ms),
      ...spikes(quantity, values),
    ].sort((a, b) => a.start - b.start || b.length - a.length);
    // the first (longest) fault claims its hours
    let claimedTo = 0;
    for (const f of own) {
      if (f.start < claimedTo) continue;
      faults.push(f);
      claimedTo = f.start + f.length;
    }
  }
  return faults;
}
