import { AIR_BIAS_INPUT, AIR_INPUT, METEOROLOGY_INPUT } from '../../domain/live/feed-inputs.ts';
import { type LiveInputs, type LiveStation, NO_LIVE_INPUTS } from '../../domain/live/live-inputs.ts';
import {
  FEED_ATTRIBUTION,
  FEED_INPUT,
  FEED_KIND,
  type FeedState,
  feedStatus,
  isoOrNull,
  type Source,
  type SourceStatus,
} from '../../domain/live/provenance.ts';
import type { FeedId } from '../../domain/live/readings.ts';
import { type ScreeningSummary, screeningSummary } from '../../domain/weather-screening/summary.ts';
import type { Metrics } from '../ports/telemetry-port.ts';
import type { FeedStore } from './feeds-port.ts';
import { groupReadings } from './group-readings.ts';
import type { ModelObservationInput } from './model-observations-port.ts';

/**
 * What every instance serves from the feeds: it reads the store (never a provider) every
 * few seconds, hands the values to the model through its input port when they changed,
 * and tells each answer which inputs it stands on (`meta.sources`, CONTRACT.md).
 */
export interface ConfiguredFeed {
  feed: FeedId;
  root: string;
  pollMs: number;
  /** how far behind now the newest value normally is (observations); 0 for forecasts */
  normalLagMs: number;
}

export interface LiveDataDeps {
  store: FeedStore | null;
  /** the model whose input port gets the values; absent for the CLI, which only reports */
  model?: Pick<ModelObservationInput, 'setLiveInputs'>;
  feeds: readonly ConfiguredFeed[];
  clock?: () => number;
  /** how often the store is read; default half the shortest poll, within 1–30 s */
  refreshMs?: number;
  warn?: (error: unknown, message: string) => void;
  metrics?: Metrics;
}

/** the hours an answer covers */
export interface AnswerHours {
  fromMs: number;
  toMs: number;
}

export interface FeedView {
  feed: FeedId;
  root: string;
  poll_s: number;
  status: SourceStatus;
  last_attempt: string | null;
  last_success: string | null;
  newest_value: string | null;
  last_error: string | null;
}

export interface LiveData {
  readonly configured: boolean;
  /** reads the store now and updates the model (also run every refreshMs once started) */
  refresh(): Promise<void>;
  /** part of every real-time and forecast cache key: new data or a new status recompute */
  key(): string;
  realtimeSources(hours: AnswerHours): Source[];
  /**
   * the real-time sources of stored hours older than the held ones (`GET /v1/history`):
   * `newest` holds each feed's newest stored hour among them
   */
  storedSources(hours: AnswerHours, newest: ReadonlyMap<FeedId, number>): Source[];
  forecastSources(hours: AnswerHours, issuedMs: number): Source[];
  /**
   * the sources as they stand now, to be told after the answer is computed: taken before
   * the model is asked, they describe the inputs it answers from, not newer ones handed
   * over meanwhile (an answer computed without meteorology once said `fresh`)
   */
  snapshot(): Pick<LiveData, 'realtimeSources' | 'forecastSources'>;
  /** per configured feed, for `feeds status`, readiness and metrics */
  view(): FeedView[];
  /** what the screening of the fed meteorology in use flagged and filled (`feeds status`); null: none fed */
  weatherScreening(): ScreeningSummary | null;
  /** credits of the configured providers (cities, TileJSON, reports) */
  attributions(): string[];
  /** the station series the model holds now (the last ~36 h measured; /v1/stations) */
  stations(): readonly LiveStation[];
  /** everything the model holds now (what /v1/history's recent hours stand on) */
  inputs(): LiveInputs;
  start(): void;
  close(): void;
}

const HOUR_MS = 3_600_000;
/**
 * the store is read from this far back: 24 observed hours, the bias look-back, and the
 * feeds' 36-hour look-back, which /v1/history serves assimilated
 */
const PAST_MS = 36 * HOUR_MS;
/** the oldest hour the held inputs always cover at `nowMs` (older stored hours: read from the store) */
export const heldFrom = (nowMs: number) => Math.ceil((nowMs - PAST_MS) / HOUR_MS) * HOUR_MS;
const AHEAD_MS = 50 * HOUR_MS;

/** the newest hour of `feed` in the inputs within [fromMs, toMs], or null */
function newestUsed(inputs: LiveInputs, feed: FeedId, fromMs: number, toMs: number): number | null {
  const points =
    feed === 'ircel-celine' ? inputs.stations : feed === 'open-meteo' ? inputs.meteo : inputs.cams;
  let newest: number | null = null;
  for (const point of points)
    for (const series of Object.values(point.series) as Array<ReadonlyArray<readonly [number, number]>>)
      for (const [hourMs] of series)
        if (hourMs >= fromMs && hourMs <= toMs && (newest === null || hourMs > newest)) newest = hourMs;
  return newest;
}

/** what the real-time hours stand on: the feeds behind each input */
const REALTIME_INPUTS: ReadonlyArray<{ feed: FeedId; input: string }> = [
  { feed: 'open-meteo', input: METEOROLOGY_INPUT },
  { feed: 'ircel-celine', input: AIR_INPUT },
];

export function createLiveData(deps: LiveDataDeps): LiveData {
  const clock = deps.clock ?? Date.now;
  const configured = deps.feeds.length > 0 && deps.store !== null;
  let inputs: LiveInputs = NO_LIVE_INPUTS;
  let states = new Map<FeedId, FeedState>();
  let timer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | null = null;
  /** the version being handed to the model, and the chain of hand-overs (one at a time) */
  let applying: string | null = null;
  let modelTurn: Promise<void> = Promise.resolve();
  const refreshMs =
    deps.refreshMs ??
    Math.min(30_000, Math.max(1_000, Math.min(...deps.feeds.map((f) => f.pollMs), 60_000) / 2));

  interface Held {
    /** the newest hour of a feed's values within the hours, or null */
    newest(feed: FeedId, hours: AnswerHours): number | null;
    states: Map<FeedId, FeedState>;
  }
  const heldNow = (current: LiveInputs): Held['newest'] => {
    return (feed, hours) => newestUsed(current, feed, hours.fromMs, hours.toMs);
  };
  const held = (): Held => ({ newest: heldNow(inputs), states });

  function statusOf(
    feed: ConfiguredFeed,
    hours: AnswerHours,
    at: Held = held(),
  ): { status: SourceStatus; asOf: number | null } {
    const asOf = at.newest(feed.feed, hours);
    return {
      status: feedStatus(at.states.get(feed.feed), asOf !== null, clock(), feed.pollMs, feed.normalLagMs),
      asOf,
    };
  }

  function sourceOf(feed: ConfiguredFeed, hours: AnswerHours, at: Held): Source {
    const { status, asOf } = statusOf(feed, hours, at);
    return {
      id: feed.feed,
      kind: FEED_KIND[feed.feed],
      status,
      as_of: isoOrNull(asOf),
      input: FEED_INPUT[feed.feed],
      attribution: FEED_ATTRIBUTION[feed.feed],
    };
  }

  /** the generator, for every input no configured feed serves (or none usable) */
  function synthetic(inputsWanted: readonly string[], hours: AnswerHours): Source[] {
    return inputsWanted.map((input) => ({
      id: 'synthetic' as const,
      kind: 'synthetic' as const,
      status: 'fallback' as const,
      as_of: new Date(hours.toMs).toISOString(),
      input,
    }));
  }

  function sourcesFor(
    wanted: ReadonlyArray<{ feed: FeedId; input: string }>,
    hours: AnswerHours,
    at: Held,
  ): Source[] {
    const sources: Source[] = [];
    const uncovered: string[] = [];
    for (const { feed, input } of wanted) {
      const configuredFeed = deps.feeds.find((f) => f.feed === feed);
      if (!configuredFeed) {
        if (!uncovered.includes(input)) uncovered.push(input);
        continue;
      }
      const source = sourceOf(configuredFeed, hours, at);
      sources.push(source);
      if (source.status === 'fallback' && !uncovered.includes(input)) uncovered.push(input);
    }
    // an input is synthetic only when no feed behind it had anything usable
    const covered = new Set(sources.filter((s) => s.status !== 'fallback').map((s) => s.input));
    return [
      ...sources,
      ...synthetic(
        uncovered.filter((i) => !covered.has(i)),
        hours,
      ),
    ];
  }

  async function refresh(): Promise<void> {
    if (!configured || !deps.store) return;
    const now = clock();
    const [readings, list] = await Promise.all([
      deps.store.readings(now - PAST_MS, now + AHEAD_MS),
      deps.store.states(),
    ]);
    states = new Map(list.map((s) => [s.feed, s]));
    const next = await groupReadings(readings);
    if (next.version === inputs.version || next.version === applying) return;
    if (!deps.model?.setLiveInputs) {
      inputs = next;
      return;
    }
    // the model takes the values when its threads are free (after the work they hold): the
    // statuses above never wait for that
    applying = next.version;
    const setLiveInputs = deps.model.setLiveInputs.bind(deps.model);
    modelTurn = modelTurn
      .then(() => setLiveInputs(next))
      .then(() => {
        inputs = next;
      })
      .catch((error) => deps.warn?.(error, 'live data: the model did not take the new values'))
      .finally(() => {
        if (applying === next.version) applying = null;
      });
  }

  function view(): FeedView[] {
    const now = clock();
    return deps.feeds.map((feed) => {
      const state = states.get(feed.feed);
      const { status } = statusOf(feed, { fromMs: now - PAST_MS, toMs: now + AHEAD_MS });
      return {
        feed: feed.feed,
        root: feed.root,
        poll_s: Math.round(feed.pollMs / 1000),
        status,
        last_attempt: isoOrNull(state?.lastAttemptMs ?? null),
        last_success: isoOrNull(state?.lastSuccessMs ?? null),
        newest_value: isoOrNull(state?.newestValueMs ?? null),
        last_error: state?.lastError ?? null,
      };
    });
  }

  if (configured && deps.metrics) {
    deps.metrics.sample('feed_data_age_seconds', async () =>
      deps.feeds.flatMap((feed) => {
        const state = states.get(feed.feed);
        const now = clock();
        const since =
          feed.normalLagMs > 0
            ? state?.newestValueMs != null
              ? state.newestValueMs + HOUR_MS
              : null
            : (state?.lastSuccessMs ?? null);
        return since === null ? [] : [[{ feed: feed.feed }, Math.max(0, (now - since) / 1000)] as const];
      }),
    );
  }

  let closed = false;
  const live: LiveData = {
    configured,
    refresh() {
      // one read at a time; a caller during a read waits for it
      refreshing ??= refresh().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    key() {
      if (!configured) return 'synthetic';
      const now = clock();
      const statuses = view()
        .map((v) => v.status[0])
        .join('');
      // statuses flip within the hour: the hour keeps an answer's window in the key too
      return `${inputs.version}:${statuses}:${Math.floor(now / HOUR_MS)}`;
    },
    realtimeSources(hours) {
      return live.snapshot().realtimeSources(hours);
    },
    forecastSources(hours, issuedMs) {
      return live.snapshot().forecastSources(hours, issuedMs);
    },
    storedSources(hours, newest) {
      return sourcesFor(REALTIME_INPUTS, hours, { newest: (feed) => newest.get(feed) ?? null, states });
    },
    snapshot() {
      const at = held();
      return {
        realtimeSources: (hours) => sourcesFor(REALTIME_INPUTS, hours, at),
        forecastSources(hours, issuedMs) {
          const sources = sourcesFor(
            [
              { feed: 'open-meteo', input: METEOROLOGY_INPUT },
              { feed: 'open-meteo-air-quality', input: AIR_INPUT },
            ],
            hours,
            at,
          );
          // the observed bias the air forecast carries: the stations up to the issue hour
          const ircel = deps.feeds.find((f) => f.feed === 'ircel-celine');
          if (ircel) {
            const bias = sourceOf(ircel, { fromMs: issuedMs - 3 * HOUR_MS, toMs: issuedMs }, at);
            if (bias.status !== 'fallback') sources.push({ ...bias, input: AIR_BIAS_INPUT });
          }
          return sources;
        },
      };
    },
    view,
    weatherScreening() {
      return inputs.screening ? screeningSummary(inputs.screening) : null;
    },
    attributions() {
      return deps.feeds.map((f) => FEED_ATTRIBUTION[f.feed]);
    },
    stations: () => inputs.stations,
    inputs: () => inputs,
    start() {
      if (!configured || timer) return;
      const tick = () => {
        live
          .refresh()
          .catch((error) => deps.warn?.(error, 'live data: reading the feed store failed'))
          .finally(() => {
            if (closed) return;
            timer = setTimeout(tick, refreshMs);
            timer.unref();
          });
      };
      tick();
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
  return live;
}
