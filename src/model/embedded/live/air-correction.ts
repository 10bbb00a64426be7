import { POLLUTANTS, type Pollutant } from '../../../domain/live/readings.ts';
import type { CellOutput } from '../physics/cell-kernel.ts';
import { distanceKm } from './live-weather.ts';

/**
 * Residual interpolation of measured concentrations (docs/live-data.md), after the RIO
 * and ATMO-Street approach: at each station the log-ratio r = ln(measured / modelled)
 * is known, the modelled value being the model's average over the station's footprint
 * (the cells a real-time answer at the station averages); elsewhere the model's own
 * field (streets, canyons, parks) is multiplied by exp(r(x)) with
 *
 *   r(x) = r̄ + exp(−d_min / L) · Σ w_s δ_s / Σ w_s,   w_s = 1 / d_s²,
 *   δ_s = clamp(r_s − r̄, ±ln 4)
 *
 * r̄ the mean residual of the hour (the urban background the stations agree on), d_min
 * the distance to the nearest station, L = 10 km. Inside a station's footprint the
 * answer is the measurement (r = r_s); far from every station the correction is the mean
 * one. A station that departs from the others by more than a factor 4 is a mismatch of
 * site and model, kept to its footprint: what spreads of it is capped.
 */
export const CORRECTION_LENGTH_KM = 10;
/** a departure from the stations' mean beyond ±ln 4 is a mismatch of site and cell, not a correction to spread */
export const MAX_RESIDUAL = Math.log(4);

export interface CorrectionSite {
  lat: number;
  lon: number;
  /** within this many km of (lat, lon) a cell takes the station's own residual */
  footprintKm: number;
}

export class AirCorrection {
  /**
   * @param residuals per pollutant, [hour · sites + site], NaN where the site has no value
   * @param means per pollutant, per hour; NaN: no correction at that hour (synthetic)
   */
  constructor(
    readonly sites: readonly CorrectionSite[],
    readonly hours: number,
    private readonly residuals: Record<Pollutant, Float64Array>,
    private readonly means: Record<Pollutant, Float64Array>,
  ) {}

  /** multiplies the pollutant columns of `out` (hours from..to at `offset`) for a cell at lat/lon */
  apply(lat: number, lon: number, from: number, to: number, out: CellOutput, offset: number): void {
    const n = this.sites.length;
    const distances = new Float64Array(n);
    for (let s = 0; s < n; s++) distances[s] = distanceKm(lat, lon, this.sites[s]!.lat, this.sites[s]!.lon);
    for (const p of POLLUTANTS) {
      const column = out[p];
      const residuals = this.residuals[p];
      const means = this.means[p];
      for (let i = from; i < to; i++) {
        const mean = means[i]!;
        if (Number.isNaN(mean)) continue;
        let weighted = 0;
        let weights = 0;
        let nearest = Number.POSITIVE_INFINITY;
        let exact = Number.NaN;
        for (let s = 0; s < n; s++) {
          const r = residuals[i * n + s]!;
          if (Number.isNaN(r)) continue;
          const d = distances[s]!;
          if (d <= this.sites[s]!.footprintKm + 1e-9) exact = r;
          if (d < nearest) nearest = d;
          const w = 1 / (d * d + 1e-12);
          weighted += w * clampResidual(r - mean);
          weights += w;
        }
        const r = !Number.isNaN(exact)
          ? exact
          : weights > 0
            ? mean + Math.exp(-nearest / CORRECTION_LENGTH_KM) * (weighted / weights)
            : mean;
        const at = offset + i - from;
        column[at] = column[at]! * Math.exp(r);
      }
    }
  }
}

export function clampResidual(r: number): number {
  return Math.max(-MAX_RESIDUAL, Math.min(MAX_RESIDUAL, r));
}

export function emptyColumns(length: number): Record<Pollutant, Float64Array> {
  const out = {} as Record<Pollutant, Float64Array>;
  for (const p of POLLUTANTS) out[p] = new Float64Array(length).fill(Number.NaN);
  return out;
}
