/**
 * The model's clock: which hours it has observed and which forecast steps it issues. The
 * data services (real-time, forecast) and the map (tile hours, the catalog's steps) call it.
 */
export interface ModelHours {
  /** most recent observed (completed) hour at `nowMs`, epoch ms on the hour */
  latestObservedHour(nowMs: number): number;
  /** forecast step hours issued at `issuedMs`, ascending, up to `ceilingHours` ahead; spacing may widen */
  forecastSteps(issuedMs: number, ceilingHours: number): number[];
}
