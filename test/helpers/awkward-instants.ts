/**
 * Instants a test on the wall clock meets on some CI run and not on others: late in the
 * UTC day and just past its midnight, both EU clock changes (01:00 UTC on the last Sunday
 * of March and of October), the end of the model's reference year (2025: its observed hours
 * are the EPW's, the next year's are generated), a year end, a leap day and the month end
 * after it. A test whose answer depends on the service's clock stands the clock on each of
 * them (compose's `overrides.clock`) instead of on whatever hour CI happens to run at.
 *
 * In time order, hours apart: a service whose caches expire on its clock (five minutes for
 * records) sees every instant cold.
 */
export const AWKWARD_INSTANTS: ReadonlyArray<{ name: string; ms: number }> = [
  { name: 'the reference year ends (31 Dec 2025, 23:40 UTC)', ms: Date.UTC(2025, 11, 31, 23, 40) },
  { name: 'a day across its end (1 Jan 2026, 10:20 UTC)', ms: Date.UTC(2026, 0, 1, 10, 20) },
  { name: 'summer time starts (29 Mar 2026, 01:30 UTC)', ms: Date.UTC(2026, 2, 29, 1, 30) },
  { name: 'a summer night, 23:xx UTC (1 Jul 2026, 23:50 UTC)', ms: Date.UTC(2026, 6, 1, 23, 50) },
  { name: 'summer time ends (25 Oct 2026, 01:30 UTC)', ms: Date.UTC(2026, 9, 25, 1, 30) },
  { name: 'a year ends (31 Dec 2027, 23:30 UTC)', ms: Date.UTC(2027, 11, 31, 23, 30) },
  { name: 'a leap day (29 Feb 2028, 12:10 UTC)', ms: Date.UTC(2028, 1, 29, 12, 10) },
  { name: 'the month after it starts (1 Mar 2028, 00:05 UTC)', ms: Date.UTC(2028, 2, 1, 0, 5) },
];
