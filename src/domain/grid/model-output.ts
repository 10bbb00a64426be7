/**
 * What the model computes: the physics it runs and the hourly columns of a cell they
 * fill. The metric modules name the physics and columns they need (MetricModule.physics,
 * their map layer's fields); the model's kernel runs what a caller wants.
 */

/**
 * The kernel's physics: pollutant dispersion (NO2, PM, ozone: background plus road
 * exposure), pedestrian-level flow (comfort wind and gusts) and UTCI (air temperature,
 * radiation and the flow's wind at the cell).
 */
export const PHYSICS = ['dispersion', 'flow', 'utci'] as const;
export type Physics = (typeof PHYSICS)[number];

/**
 * Hourly columns for one cell. All arrays have `hours.length` entries. Values are
 * physical quantities, not classes. NaN marks "no data" (never for outdoor cells of a
 * domain that models the quantity).
 */
export interface CellSeries {
  cell: number;
  /** epoch milliseconds of each record's hour (UTC, on the hour) */
  hours: Float64Array;
  /** NO2, µg/m3 */
  no2: Float32Array;
  /** PM2.5, µg/m3 */
  pm25: Float32Array;
  /** PM10, µg/m3 */
  pm10: Float32Array;
  /** ozone, µg/m3 */
  o3: Float32Array;
  /** pedestrian-level mean comfort wind speed, m/s */
  ucomfort: Float32Array;
  /** pedestrian-level gust speed, m/s */
  ugust: Float32Array;
  /** UTCI, °C */
  utci: Float32Array;
  /** meteorology behind the numbers */
  airTempC: Float32Array;
  relHumidityPct: Float32Array;
  /** reference 10 m wind speed, m/s, and direction it blows from, degrees */
  wind10Ms: Float32Array;
  windDirDeg: Float32Array;
  /** global horizontal irradiance, W/m2 */
  ghiWm2: Float32Array;
  /** mean radiant temperature, °C */
  tmrtC: Float32Array;
}

/** A cell's hourly column: what a metric's block, records and map fields read. */
export type CellColumn = keyof Omit<CellSeries, 'cell' | 'hours'>;
