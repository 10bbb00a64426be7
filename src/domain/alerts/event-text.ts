import { IntlFormats } from '../i18n/intl-formats.ts';
import type { AlertLabel, MetricAlertField } from '../metrics/metric-module.ts';
import type { AlertCondition, ConditionEpisode } from './conditions.ts';
import type { Outlook } from './outlook.ts';

/**
 * The sentence each event carries in `data.text`, in the subscription's `lang`: what a
 * city app can show or read out as it is. The numbers stay in the event beside it; the
 * hours are the place's local time, written as each language writes them.
 */
export type AlertLang = keyof AlertLabel;

const LOCALE: Record<AlertLang, string> = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' };

interface Phrases {
  /** "at 30 µg/m³ or above" */
  threshold(value: string, op: AlertCondition['op']): string;
  triggered(p: {
    field: string;
    threshold: string;
    first: string;
    peak: string;
    peakAt: string;
    hours: number;
  }): string;
  cleared(p: { field: string; threshold: string }): string;
  outlook(p: { date: string; best: string | null }): string;
}

const PHRASES: Record<AlertLang, Phrases> = {
  en: {
    threshold: (v, op) => `at ${v} or ${op === 'gte' ? 'above' : 'below'}`,
    triggered: (p) =>
      `${p.field} is forecast ${p.threshold} from ${p.first}, at worst ${p.peak} on ${p.peakAt} (${p.hours} h in the next 48 hours).`,
    cleared: (p) => `All clear: ${p.field} is no longer forecast ${p.threshold} in the next 48 hours.`,
    outlook: (p) =>
      p.best
        ? `Tomorrow, ${p.date}: the best hours to be outside are ${p.best}.`
        : `Tomorrow, ${p.date}: no hour is forecast good to be outside.`,
  },
  fr: {
    threshold: (v, op) => (op === 'gte' ? `atteindre ${v} ou plus` : `descendre à ${v} ou moins`),
    triggered: (p) =>
      `${p.field} devrait ${p.threshold} à partir du ${p.first}, au pire ${p.peak} le ${p.peakAt} (${p.hours} h dans les 48 prochaines heures).`,
    cleared: (p) =>
      `Fin de l'alerte : ${p.field} ne devrait plus ${p.threshold} dans les 48 prochaines heures.`,
    outlook: (p) =>
      p.best
        ? `Demain, ${p.date} : les meilleures heures pour sortir sont ${p.best}.`
        : `Demain, ${p.date} : aucune heure ne s'annonce bonne pour sortir.`,
  },
  nl: {
    threshold: (v, op) => `op ${v} of ${op === 'gte' ? 'hoger' : 'lager'}`,
    triggered: (p) =>
      `${p.field} wordt vanaf ${p.first} ${p.threshold} verwacht, op zijn slechtst ${p.peak} op ${p.peakAt} (${p.hours} u in de komende 48 uur).`,
    cleared: (p) =>
      `Einde van het alarm: ${p.field} wordt de komende 48 uur niet meer ${p.threshold} verwacht.`,
    outlook: (p) =>
      p.best
        ? `Morgen, ${p.date}: de beste uren om buiten te zijn zijn ${p.best}.`
        : `Morgen, ${p.date}: geen enkel uur ziet er goed uit om buiten te zijn.`,
  },
};

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * The events' sentences, with the Intl formatters they need built once and kept (the
 * evaluator owns one instance: src/domain/i18n/intl-formats.ts says why).
 */
export class AlertTexts {
  constructor(private readonly formats = new IntlFormats()) {}

  triggered(
    lang: AlertLang,
    field: MetricAlertField,
    condition: AlertCondition,
    episode: ConditionEpisode,
    timeZone: string,
  ): string {
    const phrases = PHRASES[lang];
    return capitalised(
      phrases.triggered({
        field: field.label[lang],
        threshold: phrases.threshold(this.value(lang, condition.value, field.unit), condition.op),
        first: this.when(lang, episode.first_hour, timeZone),
        peak: this.value(lang, episode.peak.value, field.unit),
        peakAt: this.when(lang, episode.peak.hour, timeZone),
        hours: episode.hours,
      }),
    );
  }

  cleared(lang: AlertLang, field: MetricAlertField, condition: AlertCondition): string {
    const phrases = PHRASES[lang];
    return phrases.cleared({
      field: field.label[lang],
      threshold: phrases.threshold(this.value(lang, condition.value, field.unit), condition.op),
    });
  }

  outlook(lang: AlertLang, outlook: Outlook, timeZone: string): string {
    const date = this.formats
      .dateTime(LOCALE[lang], { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' })
      .format(Date.parse(`${outlook.date}T12:00:00Z`));
    const best = outlook.best_hours.length > 0 ? this.hourRuns(lang, outlook.best_hours, timeZone) : null;
    return PHRASES[lang].outlook({ date, best });
  }

  private value(lang: AlertLang, value: number, unit: string): string {
    const number = this.formats.number(LOCALE[lang], { maximumFractionDigits: 1 }).format(value);
    // a class is a bare number; a physical value keeps its unit beside it (no break between)
    return unit === 'class' ? number : `${number}\u00a0${unit}`;
  }

  private when(lang: AlertLang, iso: string, timeZone: string): string {
    return this.formats
      .dateTime(LOCALE[lang], {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
      .format(Date.parse(iso));
  }

  private clock(lang: AlertLang, ms: number, timeZone: string): string {
    return this.formats
      .dateTime(LOCALE[lang], { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(ms);
  }

  /** hours (ISO, time order) as local runs: "10:00–13:00, 16:00" (a run ends where its last hour ends) */
  private hourRuns(lang: AlertLang, hours: readonly string[], timeZone: string): string {
    const runs: string[] = [];
    let start: number | null = null;
    let last = 0;
    const close = () => {
      if (start !== null)
        runs.push(`${this.clock(lang, start, timeZone)}–${this.clock(lang, last + 3_600_000, timeZone)}`);
    };
    for (const iso of hours) {
      const ms = Date.parse(iso);
      if (start === null || ms !== last + 3_600_000) {
        close();
        start = ms;
      }
      last = ms;
    }
    close();
    return runs.join(', ');
  }
}
