import { type Static, Type } from 'typebox';
import { AIR_FORECAST_INPUT, AIR_INPUT, type FeedInput, METEOROLOGY_INPUT } from './feed-inputs.ts';
import { FEED_IDS, type FeedId } from './readings.ts';

/**
 * `meta.sources` of /historical/stats, /realtime and /forecast (CONTRACT.md, "Live data
 * and provenance"): the inputs behind an answer and how current each was. Written once
 * as a schema: the services build sources of this type, the routes document them.
 */
const SOURCE_IDS = [...FEED_IDS, 'open-meteo-archive', 'epw', 'synthetic'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];
const SOURCE_KINDS = ['observation', 'forecast', 'reanalysis', 'typical-year', 'synthetic'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
const SOURCE_STATUSES = ['fresh', 'stale', 'fallback'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

const SourceSchema = Type.Object(
  {
    id: Type.Enum(SOURCE_IDS, { description: 'the input' }),
    kind: Type.Enum(SOURCE_KINDS),
    status: Type.Enum(SOURCE_STATUSES, {
      description:
        'fresh: the feed answers and is as recent as usual; stale: polls failed or the data stopped advancing for two poll intervals (the last good data is served); fallback: nothing usable, the synthetic generator stands in',
    }),
    as_of: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'the newest value used, ISO 8601 UTC',
    }),
    input: Type.Optional(Type.String({ description: 'what the source drives: meteorology, air, air-bias…' })),
    attribution: Type.Optional(Type.String({ description: "the provider's credit" })),
    period: Type.Optional(
      Type.Object(
        { from: Type.Integer(), to: Type.Integer() },
        {
          description:
            'a typical-year source: the years of measured weather its typical year was built from (its weather file says so)',
        },
      ),
    ),
  },
  { additionalProperties: true },
);
export type Source = Static<typeof SourceSchema>;

export const SourcesSchema = Type.Array(SourceSchema, {
  description: 'the inputs behind this answer when it was computed (additive to the specification)',
});

/**
 * `meta.geometry` (additive, issue #33): whether the city's buildings around the point are
 * mapped or, where the source map is incomplete, estimated from land use (docs/cities.md)
 */
export const GeometrySchema = Type.Enum(['mapped', 'estimated'], {
  description:
    'a city point only: the buildings around it are mapped footprints, or (estimated) the map is incomplete there and the built share comes from land use (beyond the specification)',
});

export const FEED_KIND: Record<FeedId, SourceKind> = {
  'ircel-celine': 'observation',
  'open-meteo': 'forecast',
  'open-meteo-air-quality': 'forecast',
};

/** what each feed drives in the live product */
export const FEED_INPUT: Record<FeedId, FeedInput> = {
  'ircel-celine': AIR_INPUT,
  'open-meteo': METEOROLOGY_INPUT,
  'open-meteo-air-quality': AIR_FORECAST_INPUT,
};

/** the credit each provider's licence asks for (CC BY 4.0) */
export const FEED_ATTRIBUTION: Record<FeedId, string> = {
  'ircel-celine': 'Air quality observations: IRCEL-CELINE (CC BY 4.0)',
  'open-meteo': 'Weather data by Open-Meteo.com (CC BY 4.0)',
  'open-meteo-air-quality': 'Air-quality forecasts: CAMS Europe via Open-Meteo.com (CC BY 4.0)',
};

/**
 * A credit (a city's, TileJSON's, a report's) with the live providers' credits after it,
 * when feeds drive the real-time and forecast answers (their CC BY 4.0 licences ask for
 * it); unchanged without feeds.
 */
export function withLiveCredits(attribution: string, credits: readonly string[]): string {
  if (credits.length === 0) return attribution;
  return `${attribution} Real-time and forecast inputs: ${credits.join('; ')}.`;
}

/** what one feed's poll history says (feeds status, readiness, metrics) */
export interface FeedState {
  feed: FeedId;
  lastAttemptMs: number | null;
  lastSuccessMs: number | null;
  /** the reason of the last failed poll; null after a success */
  lastError: string | null;
  /** the newest hour a stored value describes (observations: the latest measured hour) */
  newestValueMs: number | null;
}

/**
 * How long a poll under way may take before it counts as missed: its requests' 10 s
 * timeout and the few seconds an instance takes to read the store. The next poll starts
 * an interval after the previous one ends, so successes lie an interval *plus a poll's
 * duration* apart; without this grace a short interval on a busy machine (a poll taking
 * longer than the interval) flapped between fresh and stale while every poll succeeded.
 */
export const POLL_GRACE_MS = 15_000;

/**
 * fresh: the last poll succeeded within two intervals (and the grace of a poll under way)
 * and the newest value is as recent as the feed normally is (`normalLagMs` behind now; a
 * forecast reaches past now); stale: polls have failed for two intervals or more, or the
 * data stopped advancing, while usable values remain; fallback: nothing usable for the
 * answer's hours (the model runs on the synthetic generator for that input).
 */
export function feedStatus(
  state: FeedState | undefined,
  usable: boolean,
  nowMs: number,
  pollMs: number,
  normalLagMs: number,
): SourceStatus {
  if (!usable || !state || state.lastSuccessMs === null || state.newestValueMs === null) return 'fallback';
  const window = 2 * pollMs + POLL_GRACE_MS;
  const polled = nowMs - state.lastSuccessMs < window;
  const recent = nowMs - state.newestValueMs <= normalLagMs;
  return polled && recent ? 'fresh' : 'stale';
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/**
 * The sources of an answer whose hours stand on two sets of inputs (a history reaching
 * past the held hours into older stored ones): one entry per feed and input, the usable
 * one where either is; the generator's entry only for an input no feed covered at all
 * (each hour's own basis says which hours were synthetic).
 */
export function mergeSources(recent: readonly Source[], older: readonly Source[]): Source[] {
  const merged = [...recent];
  for (const source of older) {
    const i = merged.findIndex((s) => s.id === source.id && s.input === source.input);
    if (i < 0) merged.push(source);
    else if (merged[i]!.status === 'fallback' && source.status !== 'fallback') merged[i] = source;
  }
  const covered = new Set(
    merged.filter((s) => s.id !== 'synthetic' && s.status !== 'fallback').map((s) => s.input),
  );
  return merged.filter((s) => s.id !== 'synthetic' || !covered.has(s.input));
}
