import { MAP_LAYERS, type MapLayer } from '../../../domain/coverage/vocabulary.ts';
import { isTimedLayer, METRIC_LAYERS } from '../../../domain/map/layers.ts';
import type { Ramp, Rgb } from '../../../domain/map/ramp.ts';

/**
 * Colour ramps for operator pictures (domain/map/ramp.ts): each metric's layer's own
 * (its module's map layer), and the buildings'.
 */
export type { Ramp, Rgb } from '../../../domain/map/ramp.ts';

export function colourAt(ramp: Ramp, value: number): Rgb {
  const { stops } = ramp;
  if (value <= stops[0]![0]) return stops[0]![1];
  for (let i = 1; i < stops.length; i++) {
    const [v1, c1] = stops[i]!;
    if (value <= v1) {
      const [v0, c0] = stops[i - 1]!;
      const f = (value - v0) / (v1 - v0);
      return [c0[0] + f * (c1[0] - c0[0]), c0[1] + f * (c1[1] - c0[1]), c0[2] + f * (c1[2] - c0[2])];
    }
  }
  return stops[stops.length - 1]![1];
}

/** building height m */
const BUILDINGS_RAMP: Ramp = {
  stops: [
    [0, [235, 230, 220]],
    [10, [200, 190, 175]],
    [20, [160, 140, 120]],
    [40, [120, 90, 80]],
    [80, [80, 50, 60]],
    [150, [30, 10, 30]],
  ],
};

/** every map layer's ramp: a metric's layer's from its module, the buildings' above */
export const RAMPS = Object.fromEntries(
  MAP_LAYERS.map((layer) => [layer, isTimedLayer(layer) ? METRIC_LAYERS[layer].ramp : BUILDINGS_RAMP]),
) as Readonly<Record<MapLayer, Ramp>>;
