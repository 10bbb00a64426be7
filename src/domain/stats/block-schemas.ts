import { type TSchema, Type } from 'typebox';

/**
 * The parts every metric's block schema is written with (domain/metrics/<id>/block-schema.ts):
 * each metric's block of the historical statistics is written once as a schema, which the
 * statistics build blocks of and GET /historical/stats validates, serialises and documents.
 * Rounding (docs/scoring.md): percentages, scores and ratings 1 decimal; speeds 2;
 * temperatures and concentrations 1.
 */

export const Score = (description: string) => Type.Number({ minimum: 0, maximum: 10, description });
export const Pct = (description: string) => Type.Number({ minimum: 0, maximum: 100, description });
export const NullablePct = (description: string) =>
  Type.Union([Pct(description), Type.Null()], { description });
export const ScoreLabelSchema = Type.Enum(['Excellent', 'Very good', 'Good', 'Moderate', 'Poor', 'Bad'], {
  description: 'consumer label of the score (docs/scoring.md)',
});
export const Label = ScoreLabelSchema;
export const SeasonSchema = Type.Enum(['winter', 'spring', 'summer', 'autumn'], {
  description: 'meteorological season, local time: DJF, MAM, JJA, SON',
});
export const Season = SeasonSchema;
export const Month = Type.Integer({ minimum: 1, maximum: 12, description: 'local calendar month' });

export function perSeason<T extends TSchema>(value: T, description: string) {
  return Type.Object({ winter: value, spring: value, summer: value, autumn: value }, { description });
}
export function perMonth<T extends TSchema>(value: T, description: string) {
  const months: Record<string, T> = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [String(i + 1), value]),
  );
  return Type.Object(months, { description: `${description}; keys "1" to "12", local months` });
}
export function perLabel(labels: readonly string[], description: string) {
  return Type.Object(Object.fromEntries(labels.map((label) => [label, Pct(label)])), { description });
}
