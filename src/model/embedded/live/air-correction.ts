import { POLLUTANTS, type Pollutant } from '../../../domain/live/readings.ts';
import type { CellOutput } from '../physics/cell-kernel.ts';
import { distanceKm } from './live-weather.ts';
import type { StationKind } from './station-kinds.ts';

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
 *
 * Only background stations (station-kinds.ts) make r̄ and the field r(x) (issue #46,
 * RIO's practice). A traffic station corrects its own street: inside its footprint the
 * answer is its measurement, and its departure from the background field there,
 * δ_t = r_t − r(x_t), fades with the distance beyond the footprint, e^(−d / ℓ),
 * ℓ = TRAFFIC_FADE_KM (the width of a street and its kerbs: 1 km away it is gone).
 */
export const CORRECTION_LENGTH_KM = 10;
/** a departure from the stations' mean beyond ±ln 4 is a mismatch of site and cell, not a correction to spread */
export const MAX_RESIDUAL = Math.log(4);

/** how far a traffic station's own correction reaches beyond its footprint (e-folding) */
export const TRAFFIC_FADE_KM = 0.1;

export interface CorrectionSite {
  lat: number;
  lon: number;
  /** within this many km of (lat, lon) a cell takes the station's own residual */
  footprintKm: number;
  /** absent: background */
  kind?: StationKind;
}

export class AirCorrection {
  /**
   * @param residuals per pollutant, [hour · sites + site], NaN where the site has no value
   * @param means per pollutant, per hour; NaN: no correction at that hour (synthetic)
   */
  private readonly traffic: boolean[];
  /** per pollutant, [hour · sites + site]: a traffic site's departure from the background field at it */
  private readonly departures: Record<Pollutant, Float64Array>;

  constructor(
    readonly sites: readonly CorrectionSite[],
    readonly hours: number,
    private readonly residuals: Record<Pollutant, Float64Array>,
    private readonly means: Record<Pollutant, Float64Array>,
  ) {
    this.traffic = sites.map((site) => site.kind === 'traffic');
    const n = sites.length;
    this.departures = emptyColumns(hours * n);
    if (!this.traffic.includes(true)) return;
    for (let t = 0; t < n; t++) {
      if (!this.traffic[t]) continue;
      const distances = this.distancesTo(sites[t]!.lat, sites[t]!.lon);
      for (const p of POLLUTANTS)
        for (let i = 0; i < hours; i++) {
          const r = residuals[p][i * n + t]!;
          const field = this.backgroundAt(p, i, distances);
          if (!Number.isNaN(r) && !Number.isNaN(field)) this.departures[p][i * n + t] = r - field;
        }
    }
  }

  private distancesTo(lat: number, lon: number): Float64Array {
    const distances = new Float64Array(this.sites.length);
    for (let s = 0; s < this.sites.length; s++)
      distances[s] = distanceKm(lat, lon, this.sites[s]!.lat, this.sites[s]!.lon);
    return distances;
  }

  /** r(x) of the background stations for hour i (NaN: no correction that hour) */
  private backgroundAt(p: Pollutant, i: number, distances: Float64Array): number {
    const mean = this.means[p][i]!;
    if (Number.isNaN(mean)) return Number.NaN;
    const n = this.sites.length;
    const residuals = this.residuals[p];
    let weighted = 0;
    let weights = 0;
    let nearest = Number.POSITIVE_INFINITY;
    let exact = Number.NaN;
    for (let s = 0; s < n; s++) {
      if (this.traffic[s]) continue;
      const r = residuals[i * n + s]!;
      if (Number.isNaN(r)) continue;
      const d = distances[s]!;
      if (d <= this.sites[s]!.footprintKm + 1e-9) exact = r;
      if (d < nearest) nearest = d;
      const w = 1 / (d * d + 1e-12);
      weighted += w * clampResidual(r - mean);
      weights += w;
    }
    if (!Number.isNaN(exact)) return exact;
    return weights > 0 ? mean + Math.exp(-nearest / CORRECTION_LENGTH_KM) * (weighted / weights) : mean;
  }

  /** multiplies the pollutant columns of `out` (hours from..to at `offset`) for a cell at lat/lon */
  apply(lat: number, lon: number, from: number, to: number, out: CellOutput, offset: number): void {
    const n = this.sites.length;
    const distances = this.distancesTo(lat, lon);
    for (const p of POLLUTANTS) {
      const column = out[p];
      for (let i = from; i < to; i++) {
        let r = this.backgroundAt(p, i, distances);
        if (Number.isNaN(r)) continue;
        // the nearest traffic station with a value: its own street
        let nearest = -1;
        for (let t = 0; t < n; t++) {
          if (!this.traffic[t] || Number.isNaN(this.residuals[p][i * n + t]!)) continue;
          if (nearest < 0 || distances[t]! < distances[nearest]!) nearest = t;
        }
        if (nearest >= 0) {
          const beyond = distances[nearest]! - this.sites[nearest]!.footprintKm;
          if (beyond <= 1e-9) r = this.residuals[p][i * n + nearest]!;
          else {
            const departure = this.departures[p][i * n + nearest]!;
            if (!Number.isNaN(departure)) r += departure * Math.exp(-beyond / TRAFFIC_FADE_KM);
          }
        }
        const at = offset + i - from;
        column[at] = column[at]! * Math.exp(r);
      }
    }
  }
}

export function clampResidual(r: number): number {
  return Math.max(-MAX_RESIDUAL, Math.min(MAX_RESIDUAL, r));
}

/**
 * CAMS's offset against the model's background is a level, not a departure: a regional
 * episode (winter smog, a Saharan dust plume) is exactly where CAMS and the model's
 * climatological background differ by more than the factor 4 a station's departure is
 * held to (issue #51: a CAMS forecast past BelAQI 7 must reach the answer). Only a broken
 * value is bounded: a factor 30 either way (300 µg/m³ of PM2.5 over a 10 µg/m³ background).
 */
export const MAX_CAMS_OFFSET = Math.log(30);

export function clampCamsOffset(c: number): number {
  return Math.max(-MAX_CAMS_OFFSET, Math.min(MAX_CAMS_OFFSET, c));
}

export function emptyColumns(length: number): Record<Pollutant, Float64Array> {
  const out = {} as Record<Pollutant, Float64Array>;
  for (const p of POLLUTANTS) out[p] = new Float64Array(length).fill(Number.NaN);
  return out;
}
