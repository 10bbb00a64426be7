import type { MeteoQuantity } from '../live/readings.ts';
import type { Fault, WeatherColumns } from './faults.ts';

/**
 * Repairs flagged hours (faults.ts) of hourly weather columns. A short run (up to
 * SHORT_RUN_HOURS) is interpolated linearly between the sound hours either side — a
 * direction along the shorter arc. A longer run takes, hour by hour, the same hour of
 * the nearest sound days before and after (their mean, a direction's as a vector), so
 * the day's cycle survives: a calm night stays calmer than the afternoon that follows,
 * where a straight line over two days would flatten both. An hour with no sound
 * neighbour within NEIGHBOUR_DAYS days cannot be repaired and is counted as unfilled: an
 * impossible value becomes missing (NaN), any other keeps its value (a flat line over a
 * whole series has nothing to be judged against, and the ventilation floor bounds what a
 * calm can do).
 */
export const SHORT_RUN_HOURS = 6;
export const NEIGHBOUR_DAYS = 7;
const DAY = 24;

export interface FillOutcome {
  columns: WeatherColumns;
  filled: number;
  unfilled: number;
}

const circularQuantity = (q: MeteoQuantity) => q === 'wind_dir_deg';

function wrapDegrees(v: number): number {
  return ((v % 360) + 360) % 360;
}

function meanOf(values: readonly number[], circular: boolean): number {
  if (!circular) return values.reduce((a, b) => a + b, 0) / values.length;
  let x = 0;
  let y = 0;
  for (const v of values) {
    x += Math.cos((v * Math.PI) / 180);
    y += Math.sin((v * Math.PI) / 180);
  }
  return wrapDegrees((Math.atan2(y, x) * 180) / Math.PI);
}

function interpolate(
  values: Float64Array,
  sound: (i: number) => boolean,
  start: number,
  length: number,
  circular: boolean,
): boolean {
  const b = start - 1;
  const a = start + length;
  const before = b >= 0 && sound(b) ? values[b]! : Number.NaN;
  const after = a < values.length && sound(a) ? values[a]! : Number.NaN;
  if (Number.isNaN(before) && Number.isNaN(after)) return false;
  for (let k = 0; k < length; k++) {
    const i = start + k;
    if (Number.isNaN(before)) values[i] = after;
    else if (Number.isNaN(after)) values[i] = before;
    else {
      const t = (k + 1) / (length + 1);
      let delta = after - before;
      if (circular) delta = wrapDegrees(delta + 180) - 180;
      const v = before + t * delta;
      values[i] = circular ? wrapDegrees(v) : v;
    }
  }
  return true;
}

function fromNeighbourDays(
  values: Float64Array,
  original: Float64Array,
  sound: (i: number) => boolean,
  i: number,
  circular: boolean,
): boolean {
  for (let d = 1; d <= NEIGHBOUR_DAYS; d++) {
    const found: number[] = [];
    for (const j of [i - d * DAY, i + d * DAY])
      if (j >= 0 && j < values.length && sound(j)) found.push(original[j]!);
    if (found.length > 0) {
      values[i] = meanOf(found, circular);
      return true;
    }
  }
  return false;
}

/** the columns with every fault's hours replaced; the input is left as it was */
export function fillFaults(columns: WeatherColumns, faults: readonly Fault[]): FillOutcome {
  const out: WeatherColumns = {};
  let filled = 0;
  let unfilled = 0;
  for (const quantity of Object.keys(columns) as MeteoQuantity[]) {
    const original = columns[quantity]!;
    const values = Float64Array.from(original);
    out[quantity] = values;
    const own = faults.filter((f) => f.quantity === quantity);
    if (own.length === 0) continue;
    const flagged = new Uint8Array(values.length);
    for (const f of own) flagged.fill(1, f.start, f.start + f.length);
    const sound = (i: number) => flagged[i] === 0 && !Number.isNaN(original[i]!);
    const circular = circularQuantity(quantity);
    for (const f of own) {
      const unrepaired = (i: number) => (f.kind === 'impossible' ? Number.NaN : original[i]!);
      if (f.length <= SHORT_RUN_HOURS) {
        if (interpolate(values, sound, f.start, f.length, circular)) filled += f.length;
        else {
          for (let i = f.start; i < f.start + f.length; i++) values[i] = unrepaired(i);
          unfilled += f.length;
        }
        continue;
      }
      for (let i = f.start; i < f.start + f.length; i++) {
        if (fromNeighbourDays(values, original, sound, i, circular)) filled++;
        else {
          values[i] = unrepaired(i);
          unfilled++;
        }
      }
    }
  }
  return { columns: out, filled, unfilled };
}
