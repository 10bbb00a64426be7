export { airBlockFromTallies, computeAirBlock, GOOD_AIR_MAX_CLASS } from '../metrics/air/block.ts';
export { pollutantSubscore, WHO_ANNUAL_LADDERS } from '../metrics/air/score.ts';
export { type AirTallies, mergeAirTallies, tallyAir } from '../metrics/air/tallies.ts';
export { computeThermalBlock, OUTDOOR_SEASONS } from '../metrics/thermal/block.ts';
export { SEASON_ANCHORS, seasonSubscore } from '../metrics/thermal/score.ts';
export { computeWindBlock } from '../metrics/wind/block.ts';
export {
  effectiveSpeed,
  LAWSON_BANDS,
  lawsonScore,
  WORST_MOMENT_LADDER,
  worstMomentCeiling,
} from '../metrics/wind/score.ts';
export {
  brusselsOffsetMs,
  type LocalCalendar,
  LocalCalendars,
  localCalendar,
  summerTimeTransitions,
} from './local-time.ts';
export { SCORE_LABEL_BANDS, scoreLabel } from './score-label.ts';
export type * from './types.ts';
