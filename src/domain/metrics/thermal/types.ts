import type { Static } from 'typebox';
import type { ThermalBlockSchema } from './block-schema.ts';

/** The column the thermal block reads. */
export interface ThermalColumns {
  /** UTCI, °C */
  utci: ArrayLike<number>;
  /** air temperature, °C: tropical nights are defined on it, not on the felt temperature */
  airTempC: ArrayLike<number>;
}

/** Coverage-area reference for the summer-night comparison. */
export interface ThermalReference {
  /** mean UTCI (°C) over summer night hours across the coverage area */
  summer_night_mean_utci_c: number;
}

/** The thermal block of GET /historical/stats, as its schema says. */
export type ThermalBlock = Static<typeof ThermalBlockSchema>;
