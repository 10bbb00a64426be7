import type { ReportLang } from './i18n/index.ts';

/**
 * Numbers and dates as a reader of each language expects them: en-GB, fr-BE, nl-BE
 * (decimal comma and narrow spaces in French, dots for thousands in Dutch). Dates are
 * shown in Belgian time because the reader lives there.
 */
const LOCALES: Record<ReportLang, string> = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' };
const TIME_ZONE = 'Europe/Brussels';

export interface Formatter {
  locale: string;
  /** a number with a fixed count of decimals */
  number(value: number, decimals?: number): string;
  /** a percentage given as 0–100 */
  percent(value: number, decimals?: number): string;
  integer(value: number): string;
  /** a long date (e.g. 3 March 2025) */
  date(instant: Date | number): string;
  /** long date and time, Belgian time */
  dateTime(instant: Date | number): string;
  /** month name for 1–12 */
  month(month: number, style?: 'long' | 'short'): string;
}

const cache = new Map<ReportLang, Formatter>();

export function formatterFor(lang: ReportLang): Formatter {
  const cached = cache.get(lang);
  if (cached) return cached;
  const locale = LOCALES[lang];
  const numbers = new Map<number, Intl.NumberFormat>();
  const numberFormat = (decimals: number) => {
    let format = numbers.get(decimals);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      numbers.set(decimals, format);
    }
    return format;
  };
  const percentFormats = new Map<number, Intl.NumberFormat>();
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: TIME_ZONE });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  });
  const monthLong = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const monthShort = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const formatter: Formatter = {
    locale,
    number: (value, decimals = 1) => numberFormat(decimals).format(value),
    percent(value, decimals = 0) {
      let format = percentFormats.get(decimals);
      if (!format) {
        format = new Intl.NumberFormat(locale, {
          style: 'percent',
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        });
        percentFormats.set(decimals, format);
      }
      return format.format(value / 100);
    },
    integer: (value) => numberFormat(0).format(value),
    date: (instant) => dateFormat.format(instant),
    dateTime: (instant) => dateTimeFormat.format(instant),
    month(month, style = 'long') {
      const instant = Date.UTC(2001, month - 1, 15);
      const name = (style === 'long' ? monthLong : monthShort).format(instant);
      // French and Dutch write month names in lower case; a chart label starts a "sentence"
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    },
  };
  cache.set(lang, formatter);
  return formatter;
}
