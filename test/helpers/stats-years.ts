/** Hand-made reference years for the statistics tests. */
import type { CellColumns, StatsInput } from '../../src/domain/stats/index.ts';

const HOUR_MS = 3_600_000;

/** Every hour of a UTC calendar year: 8760 or 8784 records. */
export function yearHours(year: number): Float64Array {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const hours = new Float64Array((end - start) / HOUR_MS);
  for (let i = 0; i < hours.length; i++) hours[i] = start + i * HOUR_MS;
  return hours;
}

/** Hours from one UTC instant, `count` of them. */
export function hoursFrom(isoUtc: string, count: number): Float64Array {
  const start = Date.parse(isoUtc);
  return Float64Array.from({ length: count }, (_, i) => start + i * HOUR_MS);
}

type ColumnValue = number | ((index: number, utcMs: number) => number);

/** A cell whose columns are constants or functions of (hour index, epoch ms); unspecified columns are NaN. */
export function cell(
  hours: Float64Array,
  columns: Partial<Record<keyof CellColumns, ColumnValue>>,
): CellColumns {
  const column = (value: ColumnValue | undefined) =>
    Float32Array.from(hours, (utcMs, index) =>
      value === undefined ? Number.NaN : typeof value === 'number' ? value : value(index, utcMs),
    );
  return {
    no2: column(columns.no2),
    pm25: column(columns.pm25),
    pm10: column(columns.pm10),
    ucomfort: column(columns.ucomfort),
    ugust: column(columns.ugust),
    utci: column(columns.utci),
    airTempC: column(columns.airTempC),
  };
}

export function input(hours: Float64Array, ...cells: CellColumns[]): StatsInput {
  return { hours, cells };
}

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Brussels',
  hour: '2-digit',
  hour12: false,
});
const monthFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', month: 'numeric' });

/** Local hour (0-23) in Brussels computed with Intl, the slow reference the tests compare with. */
export function intlBrusselsHour(utcMs: number): number {
  return Number(hourFormat.format(utcMs)) % 24;
}

export function intlBrusselsMonth(utcMs: number): number {
  return Number(monthFormat.format(utcMs));
}
