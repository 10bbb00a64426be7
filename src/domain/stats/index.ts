export { airBlockFromTallies, computeAirBlock, GOOD_AIR_MAX_CLASS } from './air-block.ts';
export { pollutantSubscore, WHO_ANNUAL_LADDERS } from './air-score.ts';
export { type AirTallies, mergeAirTallies, tallyAir } from './air-tallies.ts';
export {
  brusselsOffsetMs,
  type LocalCalendar,
  LocalCalendars,
  localCalendar,
  summerTimeTransitions,
} from './local-time.ts';
export { SCORE_LABEL_BANDS, scoreLabel } from './score-label.ts';
export { computeThermalBlock, OUTDOOR_SEASONS } from './thermal-block.ts';
export { SEASON_ANCHORS, seasonSubscore } from './thermal-score.ts';
export type * from './types.ts';
export { computeWindBlock } from './wind-block.ts';
export {
  effectiveSpeed,
  LAWSON_BANDS,
  lawsonScore,
  WORST_MOMENT_LADDER,
  worstMomentCeiling,
} from './wind-score.ts';
