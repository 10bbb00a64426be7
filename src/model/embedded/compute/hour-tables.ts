import { BoundedMap } from '../../../domain/collections/bounded-map.ts';
import { type LiveInputs, NO_LIVE_INPUTS } from '../../../domain/live/live-inputs.ts';
import type { ReferenceYear, ReferenceYears } from '../../../domain/live/reference-year.ts';
import { withFedMeteorology } from '../live/live-weather.ts';
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
  private live: LiveInputs = NO_LIVE_INPUTS;
  /** per domain, its backfilled year's meteorology in the live port's shape */
  private reference = new Map<string, { year: ReferenceYear; inputs: LiveInputs }>();

  constructor(private readonly seed: number) {}

  /**
   * the backfilled reference years: their hours read the archive's meteorology (a domain
   * whose year changed drops its year tables; the others keep theirs)
   */
  setReference(years: ReferenceYears): void {
    const next = new Map(
      years.years.map((year) => [
        year.domain,
        { year, inputs: { version: year.version, meteo: year.meteo, stations: [], cams: [] } },
      ]),
    );
    const changed = new Set<string>();
    for (const id of new Set([...next.keys(), ...this.reference.keys()]))
      if (next.get(id)?.year.version !== this.reference.get(id)?.year.version) changed.add(id);
    for (const key of [...this.years.keys()]) if (changed.has(key.split('@')[0]!)) this.years.delete(key);
    this.reference = next;
  }

  /** the version of a domain's backfilled year, or 'package' */
  referenceVersion(domain: string): string {
    return this.reference.get(domain)?.year.version ?? 'package';
  }

  /** the fed meteorology from now on (observed and forecast hours; never the reference year) */
  setLive(inputs: LiveInputs): void {
    this.live = inputs;
  }

  /**
   * `live`: the hours are observed or forecast ones, which fed meteorology replaces where
   * it has them: the held inputs (true) or the given ones (stored hours older than those)
   */
  build(m: Morphology, hours: readonly HourSpec[], live: boolean | LiveInputs = false): HourTable {
    const fedInputs = live === true ? this.live : live === false ? null : live;
    const table = createHourTable(hours.length);
    const { lat, lon } = m.centre;
    const climate = m.climate;
    if (!climate) throw new Error(`domain ${m.info.id} was loaded without its climate`);
    hours.forEach((h, i) => {
      const forecast = h.issuedMs !== undefined && h.issuedMs < h.hourMs;
      const w = forecast
        ? forecastWeather(this.seed, h.hourMs, h.issuedMs!, lat, lon, climate)
        : observedWeather(this.seed, h.hourMs, lat, lon, climate);
      // a city's weather.epw replaces the generated weather of its reference year
      const own =
        !forecast && m.referenceWeather && new Date(h.hourMs).getUTCFullYear() === m.info.referenceYear;
      // measured weather, where fed, wins over the generated one and the city's file alike;
      // a backfilled year's archive weather over both for that year's hours
      const fed = fedInputs
        ? withFedMeteorology(fedInputs, m.centre, h.hourMs, w)
        : { weather: w, fed: false };
      const backfilled = this.reference.get(m.info.id);
      const archived =
        !forecast && !fed.fed && backfilled && new Date(h.hourMs).getUTCFullYear() === backfilled.year.year
          ? withFedMeteorology(backfilled.inputs, m.centre, h.hourMs, w)
          : { weather: w, fed: false };
      fillHour(
        table,
        i,
        h.hourMs,
        archived.fed
          ? archived.weather
          : own && !fed.fed
            ? referenceWeather(m.referenceWeather!, h.hourMs, w)
            : fed.weather,
        climate,
      );
    });
    return table;
  }

  /** the key a domain's year table is kept under (shared-warm.ts hands tables over by it) */
  yearKey(m: Morphology, hours: readonly number[]): string {
    return `${m.info.id}@${m.info.revision}:${this.referenceVersion(m.info.id)}:${hours[0]}`;
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
    const key = `${m.info.id}@${m.info.revision}:${this.live.version}:${this.referenceVersion(m.info.id)}:${spec.hourMs}:${forecast ? spec.issuedMs : '-'}`;
    let table = this.singles.use(key);
    if (table) return table;
    table = this.build(m, [spec], true);
    this.singles.set(key, table);
    return table;
  }
}
