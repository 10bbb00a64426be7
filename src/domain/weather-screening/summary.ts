import type { ScreeningReport } from './index.ts';

/** what a screening changed, for a summary a person reads (the backfill's, `feeds status`): counts only */
export type ScreeningSummary = Pick<ScreeningReport, 'flagged' | 'filled' | 'by_kind' | 'by_quantity'>;

export function screeningSummary(report: ScreeningReport): ScreeningSummary {
  return {
    flagged: report.flagged,
    filled: report.filled,
    by_kind: report.by_kind,
    by_quantity: report.by_quantity,
  };
}
