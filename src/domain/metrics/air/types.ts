import type { Static } from 'typebox';
import type { AirBlockSchema } from './block-schema.ts';

/** The columns of one sampled cell that the air block reads; NaN marks no data. */
export interface AirColumns {
  /** NO2, µg/m3; zero means no reading */
  no2: ArrayLike<number>;
  /** PM2.5, µg/m3 */
  pm25: ArrayLike<number>;
  /** PM10, µg/m3 */
  pm10: ArrayLike<number>;
}

/** City-centre reference for the air benchmark. */
export interface AirReference {
  /** mean good-air share (percent) over the reference locations */
  good_pct: number;
  /** how many reference locations the mean is taken over */
  n_locations: number;
}

/** The air block of GET /historical/stats, as its schema says. */
export type AirBlock = Static<typeof AirBlockSchema>;
