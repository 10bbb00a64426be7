/**
 * The consumer label of a 0–10 score, shared by the three blocks so that "Good" means
 * the same thing for air, wind and thermal comfort. The bands follow the air ladders:
 * 10 is the WHO guideline, 8 interim target 4, 6 target 3, 4 target 2, 2 target 1.
 */
import type { ScoreLabel } from './types.ts';

/** Lowest (published, rounded) score of each label, best first. */
export const SCORE_LABEL_BANDS: ReadonlyArray<{ label: ScoreLabel; from: number }> = [
  { label: 'Excellent', from: 9 },
  { label: 'Very good', from: 8 },
  { label: 'Good', from: 6 },
  { label: 'Moderate', from: 4 },
  { label: 'Poor', from: 2 },
  { label: 'Bad', from: 0 },
];

export function scoreLabel(score: number): ScoreLabel {
  for (const band of SCORE_LABEL_BANDS) if (score >= band.from) return band.label;
  return 'Bad';
}
