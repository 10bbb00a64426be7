import type { ReportLang } from './i18n/index.ts';

/**
 * Numbers and dates as a reader of each language expects them: en-GB, fr-BE, nl-BE
 * (decimal comma and narrow spaces in French, dots for thousands in Dutch). Dates are
 * shown in the time zone of the place the report is about (its city package's), named
 * as the language names it ("Central European Time") rather than by the IANA id, whose
 * "Europe/Brussels" would name Brussels in a report about another town.
 */
const LOCALES: Record<ReportLang, string> = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' };
/** the nationwide dataset's zone, and the default */
export const BELGIAN_TIME_ZONE = 'Europe/Brussels';
/** keeps a number and its unit on one line */
export const NBSP = '\u00a0';
/** Intl writes a hyphen-minus; the minus sign has the width of a digit and reads as one */
const MINUS = '\u2212';

export interface Formatter {
  locale: string;
  /** a number with a fixed count of decimals */
  number(value: number, decimals?: number): string;
  /** a number and its unit that never break apart (12.4 m/s) */
  measure(value: number, decimals: number, unit: string): string;
  /** a percentage given as 0–100 */
  percent(value: number, decimals?: number): string;
  /**
   * a share of hours (0–100) with `decimals` decimals (default none), except that a share
   * which is not exactly 0 or 100 never reads as 0 % or 100 %: it gets one more decimal,
   * or "< 0.1 %" (0.3 % of a year is still a day)
   */
  share(value: number, decimals?: number): string;
  integer(value: number): string;
  /** 'one' or 'other', the plural form a count takes in this language */
  plural(count: number): 'one' | 'other';
  /** a long date (e.g. 3 March 2025) */
  date(instant: Date | number): string;
  /** long date and time in the place's zone, named, with its UTC offset: '… 21:28 (Central European Time, UTC+1)' */
  dateTime(instant: Date | number): string;
  /** an hour of the day on the clock as the language writes it: 15:00, 15 h, 15.00 uur */
  hour(hour: number): string;
  /** month name for 1–12 as written inside a sentence (French and Dutch: lower case) */
  month(month: number): string;
  /** short month name for 1–12 as a chart label, capitalised, every month abbreviated alike */
  monthLabel(month: number): string;
}

/**
 * Chart month labels, written out rather than taken from Intl: ICU abbreviates September
 * as 'Sept' in British English next to three-letter months, and its Dutch and French
 * forms vary between releases. These are the usual three-letter (Dutch, English) and
 * dotted (French) abbreviations.
 */
const MONTH_LABELS: Record<ReportLang, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fr: ['Janv.', 'Févr.', 'Mars', 'Avr.', 'Mai', 'Juin', 'Juil.', 'Août', 'Sept.', 'Oct.', 'Nov.', 'Déc.'],
  nl: ['Jan', 'Feb', 'Mrt', 'Apr', 'Mei', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dec'],
};

const zoneName = (format: Intl.DateTimeFormat, instant: Date | number) =>
  format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value;

/** 'UTC+1' or 'UTC+2': the zone's offset from UTC at that instant (winter or summer time) */
export function utcOffset(instant: Date | number, timeZone = BELGIAN_TIME_ZONE): string {
  const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' });
  const offset = (zoneName(offsetFormat, instant) ?? 'GMT').replace('GMT', '');
  return `UTC${offset === '' ? '+0' : offset.replace('-', MINUS)}`;
}

/**
 * Formatters already built, by language and time zone: a formatter's Intl formats take
 * milliseconds to build, so a process that renders reports keeps one of these (the caller
 * owns the instance; this module keeps nothing).
 */
export class Formatters {
  private readonly byKey = new Map<string, Formatter>();

  of(lang: ReportLang, timeZone = BELGIAN_TIME_ZONE): Formatter {
    const key = `${lang} ${timeZone}`;
    let formatter = this.byKey.get(key);
    if (!formatter) {
      formatter = formatterFor(lang, timeZone);
      this.byKey.set(key, formatter);
    }
    return formatter;
  }
}

/** a new formatter of a language in a time zone (an IANA name, from the city package); Formatters remembers them */
export function formatterFor(lang: ReportLang, timeZone = BELGIAN_TIME_ZONE): Formatter {
  const locale = LOCALES[lang];
  const formats = new Map<string, Intl.NumberFormat>();
  const numberFormat = (style: 'decimal' | 'percent', decimals: number) => {
    const id = `${style}${decimals}`;
    let format = formats.get(id);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        style,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      formats.set(id, format);
    }
    return format;
  };
  const signed = (text: string) => text.replace('-', MINUS);
  const plurals = new Intl.PluralRules(locale);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone });
  const longZoneFormat = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' });
  const monthLong = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const midMonth = (month: number) => Date.UTC(2001, month - 1, 15);
  const formatter: Formatter = {
    locale,
    number: (value, decimals = 1) => signed(numberFormat('decimal', decimals).format(value)),
    measure: (value, decimals, unit) => `${formatter.number(value, decimals)}${NBSP}${unit}`,
    percent: (value, decimals = 0) => signed(numberFormat('percent', decimals).format(value / 100)),
    share(value, decimals = 0) {
      const round = (digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
      const misleading = (rounded: number) =>
        (rounded === 0 && value > 0) || (rounded === 100 && value < 100);
      if (!misleading(round(decimals))) return formatter.percent(value, decimals);
      const finer = decimals + 1;
      const step = 10 ** -finer;
      if (round(finer) === 0) return `<${NBSP}${formatter.percent(step, finer)}`;
      if (round(finer) === 100) return `>${NBSP}${formatter.percent(100 - step, finer)}`;
      return formatter.percent(value, finer);
    },
    integer: (value) => signed(numberFormat('decimal', 0).format(value)),
    plural: (count) => (plurals.select(count) === 'one' ? 'one' : 'other'),
    date: (instant) => dateFormat.format(instant),
    dateTime: (instant) =>
      `${dateTimeFormat.format(instant)} (${zoneName(longZoneFormat, instant) ?? timeZone}, ${utcOffset(instant, timeZone)})`,
    hour: (hour) =>
      lang === 'fr'
        ? `${hour}${NBSP}h`
        : lang === 'nl'
          ? `${hour}.00${NBSP}uur`
          : `${String(hour).padStart(2, '0')}:00`,
    month: (month) => monthLong.format(midMonth(month)),
    monthLabel: (month) => MONTH_LABELS[lang][month - 1] ?? String(month),
  };
  return formatter;
}
