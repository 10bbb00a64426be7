/**
 * Inputs and outputs of the historical statistics. The input is the reference year's
 * hours and, per sampled cell, the hourly columns the blocks read (the model's
 * CellSeries fits this shape). The outputs are the `air`, `wind` and `thermal` blocks of
 * GET /historical/stats, as plain JSON-ready objects.
 */
import type { Static } from 'typebox';
import type { Pollutant } from '../scales/types.ts';
import type {
  AirBlockSchema,
  ScoreLabelSchema,
  SeasonSchema,
  ThermalBlockSchema,
  WindBlockSchema,
} from './block-schemas.ts';

/** The columns of one sampled cell that the air block reads; NaN marks no data. */
export interface AirColumns {
  /** NO2, µg/m3; zero means no reading */
  no2: ArrayLike<number>;
  /** PM2.5, µg/m3 */
  pm25: ArrayLike<number>;
  /** PM10, µg/m3 */
  pm10: ArrayLike<number>;
}

/** The columns the wind block reads. */
export interface WindColumns {
  /** pedestrian-level mean comfort wind speed, m/s */
  ucomfort: ArrayLike<number>;
  /** pedestrian-level gust speed, m/s */
  ugust: ArrayLike<number>;
}

/** The column the thermal block reads. */
export interface ThermalColumns {
  /** UTCI, °C */
  utci: ArrayLike<number>;
  /** air temperature, °C: tropical nights are defined on it, not on the felt temperature */
  airTempC: ArrayLike<number>;
}

/** The columns of one sampled cell that the statistics read; NaN marks no data. */
export interface CellColumns extends AirColumns, WindColumns, ThermalColumns {}

/** The three blocks of the statistics. */
export type BlockName = 'air' | 'wind' | 'thermal';

export interface StatsInput<Columns = CellColumns> {
  /** epoch milliseconds (UTC, on the hour) of each record; every column has this length */
  hours: Float64Array;
  /** one entry per sampled outdoor cell */
  cells: readonly Columns[];
  /** the hours' local calendar when the caller keeps one (LocalCalendars); else built here */
  calendar?: LocalCalendar;
}

/** City-centre reference for the air benchmark. */
export interface AirReference {
  /** mean good-air share (percent) over the reference locations */
  good_pct: number;
  /** how many reference locations the mean is taken over */
  n_locations: number;
}

/** Coverage-area reference for the summer-night comparison. */
export interface ThermalReference {
  /** mean UTCI (°C) over summer night hours across the coverage area */
  summer_night_mean_utci_c: number;
}

export type ScoreLabel = Static<typeof ScoreLabelSchema>;

export type PerPollutant<T> = Record<Pollutant, T>;
/** Keys "1" to "12", local calendar months. */
export type PerMonth<T> = Record<string, T>;

export type Season = Static<typeof SeasonSchema>;
export type PerSeason<T> = Record<Season, T>;

/** The blocks of GET /historical/stats, as their schemas (stats/block-schemas.ts) say. */
export type AirBlock = Static<typeof AirBlockSchema>;
export type WindBlock = Static<typeof WindBlockSchema>;
export type ThermalBlock = Static<typeof ThermalBlockSchema>;

/**
 * Local calendar fields of each record. A record's timestamp is the start of its hour.
 * `day` counts local calendar days since 1970-01-01; `night` numbers the night a record
 * belongs to (20:00 to 08:00) by the local day of its evening, and is -1 in daytime.
 */
export interface LocalCalendar {
  hour: Uint8Array;
  month: Uint8Array;
  season: Uint8Array;
  day: Int32Array;
  night: Int32Array;
}
