import type { Static } from 'typebox';
import type { WindBlockSchema } from './block-schema.ts';

/** The columns the wind block reads. */
export interface WindColumns {
  /** pedestrian-level mean comfort wind speed, m/s */
  ucomfort: ArrayLike<number>;
  /** pedestrian-level gust speed, m/s */
  ugust: ArrayLike<number>;
}

/** The wind block of GET /historical/stats, as its schema says. */
export type WindBlock = Static<typeof WindBlockSchema>;
