import { createHash } from 'node:crypto';
import { screenHourSeries } from '../weather-screening/hour-series.ts';
import { mergeReports, type ScreeningReport } from '../weather-screening/index.ts';
import type { MeteoQuantity, Pollutant, Reading } from './readings.ts';

/**
 * The model's live input (its observation input, services/live/model-observations-port.ts):
 * what the feeds stored, grouped by site. Meteorology and CAMS are gridded points
 * (Open-Meteo), pollutants are station measurements (IRCEL-CELINE). Every value is
 * plausible (readings.ts) and hourly.
 */
export type HourValues = ReadonlyArray<readonly [hourMs: number, value: number]>;

export interface LivePoint<Q extends string> {
  lat: number;
  lon: number;
  /** per quantity, [hour, value] ascending by hour */
  series: Partial<Record<Q, HourValues>>;
}

export interface LiveStation extends LivePoint<Pollutant> {
  id: string;
}

export interface LiveInputs {
  /** a digest of everything below: caches of real-time answers key on it */
  version: string;
  /** screened (domain/weather-screening): faults flagged and repaired */
  meteo: LivePoint<MeteoQuantity>[];
  stations: LiveStation[];
  cams: LivePoint<Pollutant>[];
  /** what the meteorology's screening flagged and filled, over all its points; absent: nothing screened */
  screening?: ScreeningReport;
}

export const NO_LIVE_INPUTS: LiveInputs = { version: 'synthetic', meteo: [], stations: [], cams: [] };

type SiteSeries = {
  feed: string;
  id: string;
  lat: number;
  lon: number;
  series: Map<string, Map<number, number>>;
};

/**
 * Groups stored readings into the model's input, a slice at a time (a refresh of
 * ~10,000 values runs on the event loop: its caller lets the loop turn between slices,
 * issue #37). The same readings, in any order and any slicing, give the same inputs and
 * version. Linear in the readings but for the sort of each series and of the sites: no
 * global sort, no JSON of the whole.
 */
export class LiveInputsBuilder {
  private readonly sites = new Map<string, SiteSeries>();

  add(readings: readonly Reading[]): void {
    for (const r of readings) {
      const key = `${r.feed}|${r.site}`;
      let site = this.sites.get(key);
      if (!site) {
        site = { feed: r.feed, id: r.site, lat: r.lat, lon: r.lon, series: new Map() };
        this.sites.set(key, site);
      }
      let series = site.series.get(r.quantity);
      if (!series) {
        series = new Map();
        site.series.set(r.quantity, series);
      }
      // an hour given twice: the later reading wins
      series.set(r.hourMs, r.value);
    }
  }

  build(): LiveInputs {
    if (this.sites.size === 0) return NO_LIVE_INPUTS;
    const inputs: LiveInputs = { version: '', meteo: [], stations: [], cams: [] };
    const hash = createHash('sha256');
    const reports: ScreeningReport[] = [];
    const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    for (const key of [...this.sites.keys()].sort(byCode)) {
      const site = this.sites.get(key)!;
      hash.update(`${key}|${site.lat}|${site.lon}`);
      const series: Record<string, Array<[number, number]>> = {};
      for (const quantity of [...site.series.keys()].sort(byCode)) {
        const values = [...site.series.get(quantity)!].sort((a, b) => a[0] - b[0]);
        series[quantity] = values;
        hash.update(`;${quantity}:${values.join(',')}`);
      }
      const point = { lat: site.lat, lon: site.lon, series };
      if (site.feed === 'open-meteo') {
        // the version digests what was stored; the model reads it screened
        const screened = screenHourSeries(series as Partial<Record<MeteoQuantity, HourValues>>);
        inputs.meteo.push({ lat: site.lat, lon: site.lon, series: screened.series });
        reports.push(screened.report);
      } else if (site.feed === 'open-meteo-air-quality') inputs.cams.push(point);
      else inputs.stations.push({ id: site.id, ...point });
    }
    const version = `live-${hash.digest('hex').slice(0, 12)}`;
    return reports.length > 0
      ? { ...inputs, version, screening: mergeReports(reports) }
      : { ...inputs, version };
  }
}

/** groups stored readings into the model's input at once (LiveInputsBuilder) */
export function liveInputsFrom(readings: readonly Reading[]): LiveInputs {
  const builder = new LiveInputsBuilder();
  builder.add(readings);
  return builder.build();
}

/** the value of a series at an hour, or undefined (binary search: series are ascending) */
export function valueAt(series: HourValues | undefined, hourMs: number): number | undefined {
  if (!series) return undefined;
  let lo = 0;
  let hi = series.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = series[mid]![0];
    if (at === hourMs) return series[mid]![1];
    if (at < hourMs) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
