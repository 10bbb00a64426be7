import type { AlertRecord, AnyMetricModule } from '../metrics/metric-module.ts';

/** The daily outlook's data: a day's maxima per field and the hours good to be outside. */
export interface Outlook {
  /** the local date it is about (YYYY-MM-DD) */
  date: string;
  /** per metric, per alert field: the day's highest value and its hour */
  maxima: Record<string, Record<string, { value: number; hour: string }>>;
  /** the hours (ISO 8601 UTC) every metric with data calls good to be outside */
  best_hours: string[];
}

/** The outlook over `records` (the day's hours, time order) for the metrics listed. */
export function outlookOf(
  date: string,
  records: readonly AlertRecord[],
  modules: readonly AnyMetricModule[],
): Outlook {
  const maxima: Outlook['maxima'] = {};
  const best: string[] = [];
  for (const record of records) {
    let good = true;
    let judged = false;
    for (const module of modules) {
      const alerts = module.alerts;
      if (!alerts) continue;
      for (const field of alerts.fields) {
        const value = field.read(record);
        if (value === null) continue;
        maxima[module.id] ??= {};
        const known = maxima[module.id]![field.name];
        if (known === undefined || value > known.value)
          maxima[module.id]![field.name] = { value, hour: String(record.hour) };
      }
      const verdict = alerts.goodOutside(record);
      if (verdict === null) continue;
      judged = true;
      good &&= verdict;
    }
    if (judged && good) best.push(String(record.hour));
  }
  return { date, maxima, best_hours: best };
}
