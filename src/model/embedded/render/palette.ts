/**
 * Colour ramps for operator pictures: piecewise-linear stops over a value range.
 * These are for looking at the model, not the map client's official scales.
 */
export type Rgb = [number, number, number];
export interface Ramp {
  stops: Array<[number, Rgb]>;
}

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

export const RAMPS = {
  /** UTCI °C: cold blue, comfortable green, heat orange to dark red */
  thermal: {
    stops: [
      [-10, [40, 60, 160]],
      [0, [90, 140, 220]],
      [9, [140, 200, 230]],
      [18, [120, 200, 120]],
      [26, [240, 220, 90]],
      [32, [245, 150, 50]],
      [38, [215, 50, 40]],
      [46, [120, 0, 40]],
    ],
  },
  /** pedestrian wind m/s on the Lawson stops 0/2.5/4/6/8/15 */
  wind: {
    stops: [
      [0, [30, 40, 120]],
      [2.5, [40, 110, 200]],
      [4, [80, 190, 170]],
      [6, [230, 220, 80]],
      [8, [245, 140, 40]],
      [15, [190, 0, 30]],
    ],
  },
  /** NO2 µg/m³ on the BelAQI hourly bounds */
  air: {
    stops: [
      [10, [20, 50, 230]],
      [20, [40, 160, 240]],
      [30, [60, 190, 80]],
      [40, [240, 230, 60]],
      [50, [245, 140, 30]],
      [60, [220, 30, 30]],
      [75, [130, 30, 140]],
    ],
  },
  /** building height m */
  buildings: {
    stops: [
      [0, [235, 230, 220]],
      [10, [200, 190, 175]],
      [20, [160, 140, 120]],
      [40, [120, 90, 80]],
      [80, [80, 50, 60]],
      [150, [30, 10, 30]],
    ],
  },
} satisfies Record<string, Ramp>;
