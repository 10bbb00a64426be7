import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { alertFields, episodeOf } from '../../domain/alerts/conditions.ts';
import { parseState, type SubscriptionState, transition } from '../../domain/alerts/episodes.ts';
import { type AlertLang, AlertTexts } from '../../domain/alerts/event-text.ts';
import { eventId } from '../../domain/alerts/events.ts';
import { outlookOf } from '../../domain/alerts/outlook.ts';
import { IntlFormats } from '../../domain/i18n/intl-formats.ts';
import type { AlertRecord, MetricAlertField } from '../../domain/metrics/metric-module.ts';
import { DEFAULT_METRICS } from '../../domain/metrics/registry.ts';
import type { Metrics } from '../ports/telemetry-port.ts';
import type { AlertStore, NewEvent, StoredSubscription } from './alert-store-port.ts';
import { newEvent } from './new-event.ts';

/** A subscription's place over the coming hours, read through the forecast's own path. */
export interface PlaceForecast {
  hourly: AlertRecord[];
  /** meta.sources of that forecast, carried by the events */
  sources: unknown[];
  /** the city's time zone (the daily outlook's hour is local) */
  timeZone: string;
}

export interface EvaluatorDeps {
  store: AlertStore;
  /** null when the subscription cannot be evaluated now (its key revoked, its place no longer covered) */
  forecast(subscription: StoredSubscription): Promise<PlaceForecast | null>;
  /** changes when new data lands: a feed poll that changed the live inputs, the hour turning, a new model */
  dataVersion(): string;
  clock: () => number;
  /** told after events were put in the outbox (the delivery looks at once) */
  onEnqueued?: () => void;
  metrics?: Metrics;
  log?: { warn(fields: object, message: string): void };
  /** how often the data version is looked at */
  tickMs?: number;
  /** subscriptions read per page; evaluated `concurrency` at a time, yielding to the event loop in between */
  pageSize?: number;
  concurrency?: number;
  holder: string;
}

export interface AlertEvaluator {
  start(): void;
  /** one evaluation of every subscription, now (under the lease) */
  evaluateAll(): Promise<{ subscriptions: number; events: number } | null>;
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;
/** how far ahead conditions are looked for */
export const WINDOW_HOURS = 48;
const LEASE = 'alerts-evaluation';
const FIELDS: ReadonlyMap<string, MetricAlertField> = new Map(
  alertFields(DEFAULT_METRICS).map((f) => [f.field.name, f.field]),
);

const LANGS: readonly string[] = ['en', 'fr', 'nl'] satisfies AlertLang[];
const langOf = (lang: string): AlertLang => (LANGS.includes(lang) ? (lang as AlertLang) : 'en');

/** the local date and hour of `ms` in `timeZone` */
function localParts(formats: IntlFormats, ms: number, timeZone: string): { date: string; hour: number } {
  const parts = formats
    .dateTime('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
    .formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * Evaluates every subscription when new data lands, off the request path: each place's
 * forecast over the coming 48 hours against its conditions, one `alert.triggered` when
 * a condition starts to hold and one `alert.cleared` when it stops (domain/alerts/
 * episodes.ts), and the `outlook.daily` in the subscription's local hour. One instance
 * evaluates at a time (a lease in the store); event ids are derived from the episode, so
 * an evaluation repeated anyway adds nothing to the outbox.
 */
export function createAlertEvaluator(deps: EvaluatorDeps): AlertEvaluator {
  const tickMs = deps.tickMs ?? 2000;
  const pageSize = deps.pageSize ?? 200;
  const concurrency = deps.concurrency ?? 4;
  let evaluatedVersion: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let closed = false;
  const formats = new IntlFormats();
  const texts = new AlertTexts(formats);

  function eventsOf(
    subscription: StoredSubscription,
    forecast: PlaceForecast,
    nowMs: number,
  ): { state: SubscriptionState; events: NewEvent[] } {
    const state = parseState(subscription.state, subscription.conditions.length);
    const fromMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    const window = forecast.hourly.filter((r) => {
      const hourMs = Date.parse(String(r.hour));
      return hourMs >= fromMs && hourMs <= fromMs + WINDOW_HOURS * HOUR_MS;
    });
    const events: NewEvent[] = [];
    const meta = { sources: forecast.sources };
    const location = { lat: subscription.lat, lon: subscription.lon, address: subscription.address };
    const lang = langOf(subscription.lang);
    subscription.conditions.forEach((condition, index) => {
      const field = FIELDS.get(condition.field);
      if (!field) return;
      const episode = episodeOf(condition, field, window);
      const next = transition(state.conditions[index]!, episode !== null);
      state.conditions[index] = next.state;
      if (next.event === null) return;
      const id = eventId(subscription.id, index, next.state.episode, next.event);
      const data =
        next.event === 'alert.triggered' && episode
          ? {
              condition,
              condition_index: index,
              location,
              ...episode,
              text: texts.triggered(lang, field, condition, episode, forecast.timeZone),
              lang,
              meta,
            }
          : {
              condition,
              condition_index: index,
              location,
              text: texts.cleared(lang, field, condition),
              lang,
              meta,
            };
      events.push(newEvent(id, next.event, subscription.id, nowMs, data));
    });
    if (subscription.outlookHour !== null) {
      const local = localParts(formats, nowMs, forecast.timeZone);
      if (local.hour === subscription.outlookHour && state.outlookDate !== local.date) {
        // tomorrow: the hours whose local date is the next one
        const tomorrow = localParts(formats, nowMs + 24 * HOUR_MS, forecast.timeZone).date;
        const hours = forecast.hourly.filter(
          (r) => localParts(formats, Date.parse(String(r.hour)), forecast.timeZone).date === tomorrow,
        );
        const outlook = outlookOf(tomorrow, hours, DEFAULT_METRICS);
        events.push(
          newEvent(eventId(subscription.id, 'outlook', local.date), 'outlook.daily', subscription.id, nowMs, {
            ...outlook,
            location,
            text: texts.outlook(lang, outlook, forecast.timeZone),
            lang,
            meta,
          }),
        );
        state.outlookDate = local.date;
      }
    }
    return { state, events };
  }

  async function evaluateOne(subscription: StoredSubscription): Promise<number> {
    const forecast = await deps.forecast(subscription);
    if (forecast === null) return 0;
    const { state, events } = eventsOf(subscription, forecast, deps.clock());
    const toState = JSON.stringify(state);
    if (toState === subscription.state && events.length === 0) return 0;
    const committed = await deps.store.commitEvaluation(subscription.id, subscription.state, toState, events);
    if (!committed) return 0;
    for (const event of events) deps.metrics?.count('svc_alert_events_total', { type: event.type });
    return events.length;
  }

  async function evaluateAll() {
    const nowMs = deps.clock();
    if (!(await deps.store.lease(LEASE, deps.holder, nowMs, nowMs + 120_000))) return null;
    const started = performance.now();
    let after = '';
    let subscriptions = 0;
    let events = 0;
    for (;;) {
      const page = await deps.store.page(after, pageSize);
      if (page.length === 0 || closed) break;
      for (let i = 0; i < page.length && !closed; i += concurrency) {
        const results = await Promise.all(
          page.slice(i, i + concurrency).map((subscription) =>
            evaluateOne(subscription).catch((error) => {
              deps.log?.warn({ err: error, subscription: subscription.id }, 'alert evaluation failed');
              return 0;
            }),
          ),
        );
        for (const n of results) events += n;
        // the work between two awaits stays short: let requests in
        await yieldToLoop();
      }
      subscriptions += page.length;
      after = page[page.length - 1]!.id;
      const renewedMs = deps.clock();
      await deps.store.lease(LEASE, deps.holder, renewedMs, renewedMs + 120_000);
    }
    deps.metrics?.observe('svc_alert_evaluation_seconds', (performance.now() - started) / 1000, {});
    if (events > 0) deps.onEnqueued?.();
    return { subscriptions, events };
  }

  async function tick() {
    if (running || closed) return;
    const version = deps.dataVersion();
    if (version === evaluatedVersion) return;
    running = evaluateAll()
      .then((result) => {
        // another instance holds the lease: it evaluates; this one looks again next tick
        if (result !== null) evaluatedVersion = version;
      })
      .catch((error) => deps.log?.warn({ err: error }, 'alert evaluation: subscriptions not readable'))
      .finally(() => {
        running = null;
      });
    await running;
  }

  return {
    start() {
      if (timer || closed) return;
      timer = setInterval(() => void tick(), tickMs);
      timer.unref();
    },
    evaluateAll,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
