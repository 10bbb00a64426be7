import type { MeteoQuantity } from '../live/readings.ts';
import { detectFaults, FAULT_KINDS, type Fault, type FaultKind, type WeatherColumns } from './faults.ts';
import { fillFaults } from './fill.ts';

export type { Fault, FaultKind, WeatherColumns } from './faults.ts';
export { detectFaults } from './faults.ts';
export { fillFaults } from './fill.ts';

/**
 * The quality control every weather input passes before the model reads it (issue #46,
 * docs/model.md "Screened weather"): the package's typical year, a backfilled year's
 * archive and the live feed alike. Faults are flagged (faults.ts), repaired (fill.ts) and
 * counted, so what was changed is never silent.
 */
export interface ScreeningReport {
  /** hours flagged, over all quantities (an hour flagged in two quantities counts twice) */
  flagged: number;
  /** of those, the hours repaired (the rest had no sound hours near enough: fill.ts) */
  filled: number;
  by_kind: Record<FaultKind, number>;
  by_quantity: Partial<Record<MeteoQuantity, number>>;
  /** the flagged runs, at most MAX_LISTED (the longest first) */
  runs: Fault[];
}

export const MAX_LISTED = 20;

export function emptyReport(): ScreeningReport {
  return {
    flagged: 0,
    filled: 0,
    by_kind: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>,
    by_quantity: {},
    runs: [],
  };
}

function reportOf(faults: readonly Fault[], filled: number): ScreeningReport {
  const report = emptyReport();
  for (const f of faults) {
    report.flagged += f.length;
    report.by_kind[f.kind] += f.length;
    report.by_quantity[f.quantity] = (report.by_quantity[f.quantity] ?? 0) + f.length;
  }
  report.filled = filled;
  report.runs = [...faults].sort((a, b) => b.length - a.length || a.start - b.start).slice(0, MAX_LISTED);
  return report;
}

/** the reports of several series as one (the runs of each keep their own hour indices) */
export function mergeReports(reports: readonly ScreeningReport[]): ScreeningReport {
  const merged = emptyReport();
  for (const r of reports) {
    merged.flagged += r.flagged;
    merged.filled += r.filled;
    for (const k of FAULT_KINDS) merged.by_kind[k] += r.by_kind[k];
    for (const [q, n] of Object.entries(r.by_quantity) as Array<[MeteoQuantity, number]>)
      merged.by_quantity[q] = (merged.by_quantity[q] ?? 0) + n;
    merged.runs.push(...r.runs);
  }
  merged.runs = merged.runs.sort((a, b) => b.length - a.length || a.start - b.start).slice(0, MAX_LISTED);
  return merged;
}

/** flags and repairs the columns (consecutive hours, NaN = missing); the input is left as it was */
export function screenWeather(columns: WeatherColumns): {
  columns: WeatherColumns;
  report: ScreeningReport;
} {
  const faults = detectFaults(columns);
  const { columns: repaired, filled } = fillFaults(columns, faults);
  return { columns: repaired, report: reportOf(faults, filled) };
}
