import type { HourValues } from './live-inputs.ts';
import type { FeedId, Quantity, Reading } from './readings.ts';

/**
 * Hourly series in a compact, JSON-safe form for the database: per series its first hour
 * and one value per hour from there (null: no value). A month of a station's readings is
 * ~4 kB instead of ~60 kB as one object per reading.
 */
const HOUR_MS = 3_600_000;

export interface PackedSeries {
  feed: FeedId;
  site: string;
  lat: number;
  lon: number;
  quantity: Quantity;
  firstMs: number;
  values: Array<number | null>;
}

export function packReadings(readings: readonly Reading[]): PackedSeries[] {
  const groups = new Map<string, Reading[]>();
  for (const r of readings) {
    const key = `${r.feed}|${r.site}|${r.quantity}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()].map((list) => {
    list.sort((a, b) => a.hourMs - b.hourMs);
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const values = new Array<number | null>((last.hourMs - first.hourMs) / HOUR_MS + 1).fill(null);
    for (const r of list) values[(r.hourMs - first.hourMs) / HOUR_MS] = r.value;
    return {
      feed: first.feed,
      site: first.site,
      lat: first.lat,
      lon: first.lon,
      quantity: first.quantity,
      firstMs: first.hourMs,
      values,
    };
  });
}

export function unpackReadings(packed: readonly PackedSeries[]): Reading[] {
  const readings: Reading[] = [];
  for (const s of packed)
    s.values.forEach((value, i) => {
      if (value !== null)
        readings.push({
          feed: s.feed,
          site: s.site,
          lat: s.lat,
          lon: s.lon,
          quantity: s.quantity,
          hourMs: s.firstMs + i * HOUR_MS,
          value,
        });
    });
  return readings;
}

/** a year's values (NaN missing) as the model's [hour, value] pairs, missing hours left out */
export function hourValues(firstMs: number, values: ArrayLike<number>): HourValues {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) out.push([firstMs + i * HOUR_MS, Math.round(v * 100) / 100]);
  }
  return out;
}
