import { BoundedMap } from '../../../domain/collections/bounded-map.ts';
import { forecastWeather } from '../meteo/forecast.ts';
import { referenceWeather } from '../meteo/reference-weather.ts';
import { observedWeather } from '../meteo/weather.ts';
import type { Morphology } from '../morphology/morphology.ts';
import { createHourTable, fillHour, type HourTable } from '../physics/hour-state.ts';

/**
 * Hour tables for a domain: the reference year (built once per domain and kept), and
 * small tables for observed or forecast hours (kept in a bounded cache, since map
 * tiles ask for the same hour again and again).
 */
export interface HourSpec {
  hourMs: number;
  /** forecast issue time; absent or not before the hour for observed hours */
  issuedMs?: number;
}

export class HourTables {
  private readonly years = new Map<string, HourTable>();
  private readonly singles = new BoundedMap<string, HourTable>(512);

  constructor(private readonly seed: number) {}

  build(m: Morphology, hours: readonly HourSpec[]): HourTable {
    const table = createHourTable(hours.length);
    const { lat, lon } = m.centre;
    hours.forEach((h, i) => {
      const forecast = h.issuedMs !== undefined && h.issuedMs < h.hourMs;
      const w = forecast
        ? forecastWeather(this.seed, h.hourMs, h.issuedMs!, lat, lon)
        : observedWeather(this.seed, h.hourMs, lat, lon);
      // a city's weather.epw replaces the generated weather of its reference year
      const own =
        !forecast && m.referenceWeather && new Date(h.hourMs).getUTCFullYear() === m.info.referenceYear;
      fillHour(table, i, h.hourMs, own ? referenceWeather(m.referenceWeather!, h.hourMs, w) : w);
    });
    return table;
  }

  /** the key a domain's year table is kept under (shared-warm.ts hands tables over by it) */
  yearKey(m: Morphology, hours: readonly number[]): string {
    return `${m.info.id}@${m.info.revision}:${hours[0]}`;
  }

  /** keeps a year table another thread built (shared memory), or replaces ours by its shared copy */
  adoptYear(key: string, table: HourTable): void {
    this.years.set(key, table);
  }

  year(m: Morphology, hours: readonly number[]): HourTable {
    const key = this.yearKey(m, hours);
    let table = this.years.get(key);
    if (!table) {
      table = this.build(
        m,
        hours.map((hourMs) => ({ hourMs })),
      );
      this.years.set(key, table);
    }
    return table;
  }

  single(m: Morphology, spec: HourSpec): HourTable {
    const forecast = spec.issuedMs !== undefined && spec.issuedMs < spec.hourMs;
    const key = `${m.info.id}@${m.info.revision}:${spec.hourMs}:${forecast ? spec.issuedMs : '-'}`;
    let table = this.singles.use(key);
    if (table) return table;
    table = this.build(m, [spec]);
    this.singles.set(key, table);
    return table;
  }
}
