/**
 * Inputs and outputs of the historical statistics. The input is the reference year's
 * hours and, per sampled cell, the hourly columns the blocks read (the model's
 * CellSeries fits this shape). The outputs are the `air`, `wind` and `thermal` blocks of
 * GET /historical/stats, as plain JSON-ready objects.
 */
import type { Pollutant } from '../scales/types.ts';

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

export type ScoreLabel = 'Excellent' | 'Very good' | 'Good' | 'Moderate' | 'Poor' | 'Bad';

export type PerPollutant<T> = Record<Pollutant, T>;
/** Keys "1" to "12", local calendar months. */
export type PerMonth<T> = Record<string, T>;

export type Season = 'winter' | 'spring' | 'summer' | 'autumn';
export type PerSeason<T> = Record<Season, T>;

export interface AirBlock {
  rating: number;
  score: number;
  label: ScoreLabel;
  hours_graded: number;
  annual_mean_ugm3: PerPollutant<number | null>;
  pollutant_scores: PerPollutant<number | null>;
  limiting_pollutants: Pollutant[];
  limiting_pollutant: Pollutant;
  /** keyed by BelAQI class label */
  distribution_pct: Record<string, number>;
  grouped_pct: { g12: number; g34: number; g56: number; g710: number };
  good_pct: number;
  day_good_pct: number | null;
  night_good_pct: number | null;
  monthly_good_pct: PerMonth<number | null>;
  best_month: number | null;
  worst_month: number | null;
  dominant_pollutant: Pollutant;
  pollutant_share_pct: PerPollutant<number>;
  benchmark?: { good_pct: number; n_locations: number; difference_pct: number };
}

export interface WindBlock {
  rating: number;
  score: number;
  label: ScoreLabel;
  /** keyed by wind comfort class label */
  distribution_pct: Record<string, number>;
  calm_pct: number;
  eff_mean_ms: number;
  worst_moment_ms: number;
  worst_moment_hours: number;
  exceedance_pct: {
    above_frequent_sitting: number;
    slightly_windy_or_worse: number;
    windy_or_worse: number;
    very_windy_or_worse: number;
    danger: number;
  };
  mean_ucomfort_ms: number;
  p95_ucomfort_ms: number;
  max_gust_ms: number;
  monthly_mean_ucomfort_ms: PerMonth<number | null>;
}

export interface ThermalBlock {
  rating: number;
  score: number;
  label: ScoreLabel;
  seasonal_comfort_pct: PerSeason<number | null>;
  rating_limiting_seasons: Season[];
  rating_limiting_season: Season;
  seasonal_acceptable_pct: PerSeason<number | null>;
  limiting_seasons: Season[];
  limiting_season: Season;
  summer_day_comfort_pct: number | null;
  strong_heat_stress_days: number;
  tropical_nights: number;
  tropical_nights_air: number;
  summer_night_mean_utci_c: number | null;
  summer_night_vs_city_c?: number;
  comfort_pct: number;
  mean_utci_c: number;
  min_utci_c: number;
  max_utci_c: number;
  monthly_mean_utci_c: PerMonth<number | null>;
}

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
