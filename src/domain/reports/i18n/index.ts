import { en, enLabels, type MessageKey } from './en.ts';
import { fr, frLabels } from './fr.ts';
import { nl, nlLabels } from './nl.ts';

export type { MessageKey };
export const REPORT_LANGS = ['en', 'fr', 'nl'] as const;
export type ReportLang = (typeof REPORT_LANGS)[number];

export const CATALOGUES: Record<ReportLang, Record<MessageKey, string>> = { en, fr, nl };
export const LABELS: Record<ReportLang, Record<string, string>> = {
  en: enLabels,
  fr: frLabels,
  nl: nlLabels,
};

export type Params = Record<string, string | number>;

/**
 * A number and the unit after it ("32 °C", "8 m/s", "5 %", "1 647 h") must not be split
 * over two lines: the space between them becomes a no-break space. Applied to every
 * filled message, so neither the catalogues nor the callers have to remember it.
 */
const NUMBER_THEN_UNIT = /(\d) (?=(?:%|°C|m\/s|µg\/m³|km|m|h|u)(?![\p{L}\d]))/gu;

export function keepUnitsWithNumbers(text: string): string {
  return text.replace(NUMBER_THEN_UNIT, '$1\u00a0');
}

export interface Translator {
  lang: ReportLang;
  /** the message with its `{name}` placeholders filled; a missing parameter stays visible */
  t(key: MessageKey, params?: Params): string;
  /** a label from the statistics or the scales (English there), in this language */
  label(english: string): string;
}

export function translator(lang: ReportLang): Translator {
  const messages = CATALOGUES[lang];
  const labels = LABELS[lang];
  return {
    lang,
    t(key, params) {
      const template = messages[key];
      const filled = params
        ? template.replace(/\{(\w+)\}/g, (whole, name: string) =>
            params[name] === undefined ? whole : String(params[name]),
          )
        : template;
      return keepUnitsWithNumbers(filled);
    },
    label: (english) => labels[english] ?? english,
  };
}

/** the `{name}` placeholders a message uses, sorted */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string).sort();
}
