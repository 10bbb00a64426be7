import type { AlertRecord, AnyMetricModule, MetricAlertField } from '../metrics/metric-module.ts';

export const CONDITION_OPS = ['gte', 'lte'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

/** One threshold of a subscription: `field` of `metric` at or above (`gte`) or at or below (`lte`) `value`. */
export interface AlertCondition {
  metric: string;
  field: string;
  op: ConditionOp;
  value: number;
}

/** A field a condition may name, with the metric it belongs to. */
export interface AlertFieldOf {
  metric: string;
  field: MetricAlertField;
}

/** Every condition field the metrics offer, by name, in the registry's order. */
export function alertFields(modules: readonly AnyMetricModule[]): AlertFieldOf[] {
  return modules.flatMap((module) =>
    (module.alerts?.fields ?? []).map((field) => ({ metric: module.id, field })),
  );
}

/** The hours of a window where a condition holds, as one episode. */
export interface ConditionEpisode {
  /** the first hour it holds (ISO 8601 UTC) */
  first_hour: string;
  /** the last hour it holds in the window */
  last_hour: string;
  /** the worst value: highest for `gte`, lowest for `lte` */
  peak: { value: number; hour: string };
  /** the hours it holds */
  hours: number;
  /** the forecast records of those hours */
  records: AlertRecord[];
}

export function holds(condition: Pick<AlertCondition, 'op' | 'value'>, value: number): boolean {
  return condition.op === 'gte' ? value >= condition.value : value <= condition.value;
}

/** Where in the records (time order) the condition holds; null when it holds in none. */
export function episodeOf(
  condition: AlertCondition,
  field: MetricAlertField,
  records: readonly AlertRecord[],
): ConditionEpisode | null {
  const concerned: AlertRecord[] = [];
  let peak: { value: number; hour: string } | null = null;
  for (const record of records) {
    const value = field.read(record);
    if (value === null || !holds(condition, value)) continue;
    const hour = String(record.hour);
    concerned.push(record);
    const worse = peak === null || (condition.op === 'gte' ? value > peak.value : value < peak.value);
    if (worse) peak = { value, hour };
  }
  if (peak === null) return null;
  return {
    first_hour: String(concerned[0]!.hour),
    last_hour: String(concerned[concerned.length - 1]!.hour),
    peak,
    hours: concerned.length,
    records: concerned,
  };
}
