import type { Source } from '../../live/provenance.ts';
import type { ReportContext } from './context.ts';

/**
 * What the reference year is, said wherever the report prints it (issue #49): the
 * statistics' "2025" is a typical year built from years of measured weather (a city's
 * weather file), the weather of that very year (a backfilled archive), or weather the
 * service generates. Read from the statistics' `meta.sources`; a resource without them
 * (an older cache entry) prints the year alone rather than guess.
 */
export type WeatherOfYear =
  | { kind: 'typical'; period?: { from: number; to: number } }
  | { kind: 'measured' }
  | { kind: 'simulated' };

export function weatherOfYear(sources: readonly Source[] | undefined): WeatherOfYear | undefined {
  if (!sources || sources.length === 0) return undefined;
  if (sources.some((source) => source.kind === 'reanalysis')) return { kind: 'measured' };
  const typical = sources.find((source) => source.kind === 'typical-year');
  if (typical) return typical.period ? { kind: 'typical', period: typical.period } : { kind: 'typical' };
  if (sources.some((source) => source.kind === 'synthetic')) return { kind: 'simulated' };
  return undefined;
}

/** "a typical year of 2007–2021 weather", in the report's language; undefined when the sources do not say */
export function weatherPhrase(context: ReportContext): string | undefined {
  const { tr } = context;
  const weather = weatherOfYear(context.stats.meta.sources);
  if (!weather) return undefined;
  if (weather.kind === 'measured') return tr.t('weatherMeasured');
  if (weather.kind === 'simulated') return tr.t('weatherSimulated');
  if (!weather.period) return tr.t('weatherTypicalUndated');
  // a year is written without a thousands separator in every language: String, not f.integer
  return tr.t('weatherTypical', { from: String(weather.period.from), to: String(weather.period.to) });
}

/** "2025, a typical year of 2007–2021 weather": the year with what it is, or the year alone */
export function referenceYearText(context: ReportContext): string {
  const year = String(context.stats.meta.reference_year);
  const weather = weatherPhrase(context);
  return weather ? context.tr.t('yearAs', { year, weather }) : year;
}

/** the cover's line saying the figures are simulated, and on what weather */
export function simulatedNote(context: ReportContext): string {
  const weather = weatherPhrase(context);
  return weather ? context.tr.t('coverSimulated', { weather }) : context.tr.t('coverSimulatedPlain');
}
