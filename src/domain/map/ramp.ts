/**
 * Colour ramps for operator pictures (the model's layer images): piecewise-linear stops
 * over a value range. They are for looking at the model, not the map client's official
 * scales; each metric's map layer holds its own (MetricMapLayer.ramp).
 */
export type Rgb = [number, number, number];
export interface Ramp {
  stops: Array<[number, Rgb]>;
}
