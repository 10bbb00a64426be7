import type { CityDefinition, DataMetric } from '../../domain/coverage/cities.ts';
import type { HourlyRecord } from '../../domain/data/hourly-records.ts';
import type { Source } from '../../domain/live/provenance.ts';
import { DEFAULT_METRICS } from '../../domain/metrics/registry.ts';
import { HYPER_LOCAL_DATASET } from '../../domain/stats/historical-stats.ts';
import type { NearestStation } from '../live/stations.ts';
import type { ResolvedLocation } from './resolve-location.ts';

/** What the records cache holds for one (product, model version, lat, lon, radius). */
export interface CachedRecords {
  resolution_m: number;
  radius_m: number;
  hourly: HourlyRecord[];
  /** meta.sources: the inputs behind these records when they were computed (CONTRACT.md) */
  sources?: Source[];
  /** meta.geometry: the buildings at the point mapped or estimated (docs/cities.md) */
  geometry?: 'mapped' | 'estimated';
  /** meta.nearest_station: the measuring station nearest the point, with the feeds on (issue #50) */
  nearest_station?: NearestStation;
}

/** Drops the record fields (each module's `records`) of the metrics the key does not hold. */
export function withoutUnheld(hourly: readonly HourlyRecord[], held: readonly DataMetric[]): HourlyRecord[] {
  const dropped = DEFAULT_METRICS.filter((metric) => !held.includes(metric.id)).flatMap((metric) =>
    (metric.records ?? []).map((field) => field.name),
  );
  return hourly.map((record) => {
    const copy: HourlyRecord = { ...record };
    for (const field of dropped) delete copy[field];
    return copy;
  });
}

/** The encoded answer around its one per-request field: `head` + retrieved_utc + `tail`. */
interface Framing {
  head: Buffer;
  tail: Buffer;
  /** the last answer framed and its retrieved_utc: under load many requests share a millisecond */
  lastMs: number;
  lastBody: Buffer | null;
}

/** past this many variants of one payload (address labels), answers are framed afresh */
const VARIANTS_PER_PAYLOAD = 32;

function frame(
  payload: CachedRecords,
  city: CityDefinition,
  location: ResolvedLocation,
  held: readonly DataMetric[],
): Framing {
  const fixed = JSON.stringify({
    city: { id: city.id, name: city.name, country: city.country },
    location: { address: location.address, lat: location.lat, lon: location.lon },
    meta: {
      // the spec's two dataset names: a city's model, whichever city, is the hyper-local one
      dataset: HYPER_LOCAL_DATASET,
      resolution_m: payload.resolution_m,
      radius_m: payload.radius_m,
      hours: payload.hourly.length,
      ...(payload.sources ? { sources: payload.sources } : {}),
      ...(payload.geometry ? { geometry: payload.geometry } : {}),
      ...(payload.nearest_station ? { nearest_station: payload.nearest_station } : {}),
    },
  });
  const hourly = held.length === city.metrics.length ? payload.hourly : withoutUnheld(payload.hourly, held);
  return {
    // reopen the two objects the fixed part closes (meta, then the answer) for the rest
    head: Buffer.from(`${fixed.slice(0, -2)},"retrieved_utc":"`),
    tail: Buffer.from(`"},"hourly":${JSON.stringify(hourly)}}`),
    lastMs: Number.NaN,
    lastBody: null,
  };
}

/** Where an answer is for: its city, location and the metrics the key reads (a records placement). */
export interface RecordsPlace {
  city: CityDefinition;
  location: ResolvedLocation;
  held: readonly DataMetric[];
}

/**
 * The JSON bytes of a real-time or forecast answer:
 * `{"city":…,"location":…,"meta":{…,"retrieved_utc":"…"},"hourly":[…]}`. Only
 * retrieved_utc changes from one request to the next, so everything around it is
 * serialised and encoded once per payload, held metrics and location, and a cache hit
 * copies ready bytes instead of serialising two dozen records again. Under load many hits
 * fall in one millisecond: they share one assembled Buffer (answers are never written to
 * after sending), which spares a fresh allocation and copy per request
 * (scripts/profile/cpu-per-request.ts measures it).
 */
export type RecordsBodyEncoder = (payload: CachedRecords, at: RecordsPlace, retrievedMs: number) => Buffer;

/** An encoder with its own framings; the records service holds one. */
export function createRecordsBodyEncoder(): RecordsBodyEncoder {
  /**
   * Framings of each cached payload, per held-metric set and location. Payloads are never
   * changed once cached, so their framings stay true and leave with them (weak keys).
   */
  const framings = new WeakMap<CachedRecords, Map<string, Framing>>();
  /**
   * The framing of the last payload answered for each place object: a place kept by the
   * placement memo finds it without building the variant text below.
   */
  const lastByPlace = new WeakMap<RecordsPlace, { payload: CachedRecords; framing: Framing }>();

  function framingFor(payload: CachedRecords, at: RecordsPlace): Framing {
    const last = lastByPlace.get(at);
    if (last !== undefined && last.payload === payload) return last.framing;
    let variants = framings.get(payload);
    if (variants === undefined) {
      variants = new Map();
      framings.set(payload, variants);
    }
    // the address comes last (as JSON, so null differs from any label): variants never collide
    const variant = `${at.held.join(',')}|${at.location.lat}|${at.location.lon}|${JSON.stringify(at.location.address)}`;
    let framing = variants.get(variant);
    if (framing === undefined) {
      framing = frame(payload, at.city, at.location, at.held);
      if (variants.size < VARIANTS_PER_PAYLOAD) variants.set(variant, framing);
    }
    lastByPlace.set(at, { payload, framing });
    return framing;
  }

  return (payload, at, retrievedMs) => {
    const framing = framingFor(payload, at);
    if (framing.lastMs === retrievedMs && framing.lastBody !== null) return framing.lastBody;
    const retrieved = Buffer.from(new Date(retrievedMs).toISOString(), 'latin1');
    const body = Buffer.concat([framing.head, retrieved, framing.tail]);
    framing.lastMs = retrievedMs;
    framing.lastBody = body;
    return body;
  };
}
