/**
 * How the statistics are rounded for publication, in one place so every block agrees:
 * percentages, scores and ratings to 1 decimal, wind speeds to 2 decimals, temperatures
 * and concentrations to 1 decimal. Rounding is half away from zero on the decimal value (1.005 → 1.01),
 * computed from unrounded inputs; rounding happens once, on output.
 */
export const PCT_DECIMALS = 1;
export const SCORE_DECIMALS = 1;
export const SPEED_DECIMALS = 2;
export const TEMPERATURE_DECIMALS = 1;
export const CONCENTRATION_DECIMALS = 1;

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  // binary floating point stores 1.005 as 1.00499…; a relative nudge restores the decimal intent
  const rounded = (Math.sign(value) * Math.round(scaled + scaled * 1e-12)) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** count / total as a published percentage; null when there is nothing to take a share of. */
export function sharePct(count: number, total: number): number | null {
  return total > 0 ? roundTo((100 * count) / total, PCT_DECIMALS) : null;
}

export const MONTHS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;

/** A per-month record, keys "1" to "12", from a function of the month number. */
export function perMonth<T>(value: (month: number) => T): Record<string, T> {
  return Object.fromEntries(MONTHS.map((key) => [key, value(Number(key))]));
}
