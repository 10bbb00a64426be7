import { BoundedMap } from '../collections/bounded-map.ts';

/**
 * Intl formatters kept by locale and options. Each one holds an ICU formatter whose
 * memory V8 frees only in a finalizer after a collection: 10,000 alert events built
 * thousands of throw-away DateTimeFormats, and the collector's finalizers then freed
 * them in one task of 56–165 ms on the event loop (`perf record -g` named
 * icu::SimpleDateFormat::~SimpleDateFormat). Kept ones are built once; a process keeps
 * one instance where it formats in bulk (the caller owns it; this module keeps nothing).
 * Bounded: locales × time zones × the few option sets the code uses.
 */
export class IntlFormats {
  private readonly dateTimes = new BoundedMap<string, Intl.DateTimeFormat>(512);
  private readonly numbers = new BoundedMap<string, Intl.NumberFormat>(512);

  dateTime(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    return kept(this.dateTimes, locale, options, () => new Intl.DateTimeFormat(locale, options));
  }

  number(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
    return kept(this.numbers, locale, options, () => new Intl.NumberFormat(locale, options));
  }
}

function kept<F>(formats: BoundedMap<string, F>, locale: string, options: object, build: () => F): F {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.use(key);
  if (format === undefined) {
    format = build();
    formats.set(key, format);
  }
  return format;
}
