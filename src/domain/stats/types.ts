/**
 * Inputs and outputs of the historical statistics. The input is the reference year's
 * hours and, per sampled cell, the hourly columns the blocks read (the model's
 * CellSeries fits this shape). The outputs are the metrics' blocks of GET /historical/stats
 * (each metric's own, domain/metrics/<id>/), as plain JSON-ready objects.
 */
import type { Static } from 'typebox';
import type { AirBlock, AirColumns, AirReference } from '../metrics/air/types.ts';
import type { ThermalBlock, ThermalColumns, ThermalReference } from '../metrics/thermal/types.ts';
import type { WindBlock, WindColumns } from '../metrics/wind/types.ts';
import type { Pollutant } from '../scales/types.ts';
import type { ScoreLabelSchema, SeasonSchema } from './block-schemas.ts';

/** each metric's own types, from its module (domain/metrics/<id>/types.ts) */
export type {
  AirBlock,
  AirColumns,
  AirReference,
  ThermalBlock,
  ThermalColumns,
  ThermalReference,
  WindBlock,
  WindColumns,
};

/** The columns of one sampled cell that the statistics read; NaN marks no data. */
export interface CellColumns extends AirColumns, WindColumns, ThermalColumns {}

export interface StatsInput<Columns = CellColumns> {
  /** epoch milliseconds (UTC, on the hour) of each record; every column has this length */
  hours: Float64Array;
  /** one entry per sampled outdoor cell */
  cells: readonly Columns[];
  /** the hours' local calendar when the caller keeps one (LocalCalendars); else built here */
  calendar?: LocalCalendar;
}

export type ScoreLabel = Static<typeof ScoreLabelSchema>;

export type PerPollutant<T> = Record<Pollutant, T>;
/** Keys "1" to "12", local calendar months. */
export type PerMonth<T> = Record<string, T>;

export type Season = Static<typeof SeasonSchema>;
export type PerSeason<T> = Record<Season, T>;

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
