import type { Cities } from '../../domain/coverage/registry.ts';
import { basisOf, type HistoryRecord } from '../../domain/data/history-records.ts';
import { type HourRange, isoHour, parseHourRange } from '../../domain/data/hour-range.ts';
import { meanRecords } from '../../domain/data/hourly-records.ts';
import { parseRadius, RECORDS_DEFAULT_RADIUS_M } from '../../domain/data/location-input.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import type { CellSeries, DomainId } from '../../domain/grid/model-data.ts';
import type { KeyRecord } from '../../domain/keys/key-record.ts';
import type { LiveInputs, LivePoint } from '../../domain/live/live-inputs.ts';
import { mergeSources, type Source } from '../../domain/live/provenance.ts';
import type { ReferenceYear } from '../../domain/live/reference-year.ts';
import { distanceM } from '../../domain/live/station-view.ts';
import { HYPER_LOCAL_DATASET } from '../../domain/stats/historical-stats.ts';
import type { ObservationStore } from '../live/feeds-port.ts';
import { groupReadings } from '../live/group-readings.ts';
import { heldFrom, type LiveData } from '../live/live-data.ts';
import type { ModelSampling } from '../ports/model-sampling-port.ts';
import type { ModelSeries } from './model-series-port.ts';
import { withoutUnheld } from './records-body.ts';
import { place } from './records-placement.ts';
import { type ResolveAddress, resolveLocation } from './resolve-location.ts';

/**
 * `GET /v1/history` (issue #50): the real-time records of a past range, an hour each,
 * tagged with what they stand on (domain/data/history-records.ts). Hours come from three
 * places: the last ~36 hours from the inputs the model holds (the same numbers as
 * `/v1/realtime`); older stored hours (FEED_RETENTION_DAYS back) from the store's
 * readings of their own day, read and screened as the held ones are, which the model's
 * observed hours run on; and a backfilled reference year (`svc feeds backfill`: the
 * model's reference series over that year). Everything a refusal needs is checked before
 * the first byte; the records are then produced a day at a time, so a long range never
 * sits whole in memory.
 */
export interface HistoryQuery {
  address?: string | undefined;
  lat?: string | undefined;
  lon?: string | undefined;
  radius?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface HistoryDeps {
  model: ModelSampling & ModelSeries;
  cities: Cities;
  resolveAddress: ResolveAddress;
  clock: () => number;
  /** the feeds: their held inputs and sources; null without FEED_* (nothing stored) */
  live: Pick<LiveData, 'configured' | 'inputs' | 'realtimeSources' | 'storedSources'> | null;
  /** the stored readings (older hours than the held ones); null without feeds */
  store: Pick<ObservationStore, 'readings' | 'newestWithin'> | null;
  /** the oldest stored hour at a time (FEED_RETENTION_DAYS) */
  keptFrom: (nowMs: number) => number;
  /** a domain's backfilled year, if any, and its sources */
  referenceYear: (domain: string) => ReferenceYear | undefined;
  referenceSources: (domain: string) => Source[] | undefined;
}

export interface HistoryEnvelope {
  city: { id: string; name: string; country: string };
  location: { address: string | null; lat: number; lon: number };
  meta: {
    dataset: string;
    resolution_m: number;
    radius_m: number;
    from: string;
    to: string;
    hours: number;
    retrieved_utc: string;
    kept: { stored_from: string | null; stored_to: string | null; backfilled_year: number | null };
    sources: Source[];
  };
}

export interface HistoryAnswer {
  envelope: HistoryEnvelope;
  /** the records, a day at a time, in hour order */
  records(): AsyncGenerator<HistoryRecord[]>;
}

export interface HistoryService {
  history(key: KeyRecord, query: HistoryQuery): Promise<HistoryAnswer>;
}

const HOUR_MS = 3_600_000;
const CHUNK_HOURS = 24;
/** runs of hours (days) computed ahead of the one being written */
const RUNS_AHEAD = 3;
/** stations this far from the point count for its `observed` hours (as the model's city correction) */
const STATION_REACH_M = 40_000;
/**
 * a stored day is read with this much either side: the screening of its meteorology
 * fills a gap from the values around it, as it does for the held hours
 */
const STORED_MARGIN_MS = 6 * HOUR_MS;

/** where an hour's records come from: the held inputs, the store's older readings, a backfilled year */
type HourOrigin = 'held' | 'stored' | 'year';

interface Window {
  fromMs: number;
  toMs: number;
}

const within = (w: Window | null, hourMs: number) => w !== null && hourMs >= w.fromMs && hourMs <= w.toMs;

/** the hours [i0, i1) of series over a year, as series of those hours */
function sliceSeries(series: readonly CellSeries[], i0: number, i1: number): CellSeries[] {
  return series.map((cell) => {
    const out: Record<string, unknown> = { cell: cell.cell };
    for (const [name, column] of Object.entries(cell))
      if (column instanceof Float32Array || column instanceof Float64Array)
        out[name] = column.subarray(i0, i1);
    return out as unknown as CellSeries;
  });
}

function near<P extends { lat: number; lon: number }>(
  points: readonly P[],
  at: { lat: number; lon: number },
): P[] {
  return points.filter((p) => distanceM(p, at) <= STATION_REACH_M);
}

export function createHistoryService(deps: HistoryDeps): HistoryService {
  function refuse(range: HourRange, stored: Window | null, year: ReferenceYear | undefined): never {
    const parts: string[] = [];
    if (stored)
      parts.push(
        `stored hours from ${isoHour(stored.fromMs)} to ${isoHour(stored.toMs)} (FEED_RETENTION_DAYS)`,
      );
    if (year) parts.push(`the backfilled year ${year.year}`);
    const kept = parts.length
      ? `History here covers ${parts.join(' and ')}`
      : 'No history is kept here: the live feeds are off and no year is backfilled';
    throw apiError(
      'validation_error',
      `The range ${isoHour(range.fromMs)} to ${isoHour(range.toMs)} reaches hours that are not kept. ${kept}; ask for hours within it.`,
    );
  }

  return {
    async history(key, query) {
      const range = parseHourRange(query);
      const radius = parseRadius(query.radius, RECORDS_DEFAULT_RADIUS_M)!;
      const location = await resolveLocation(query, deps.resolveAddress);
      const at = place(deps.cities(), 'realtime', key, location, radius);
      const domain = at.city.id as DomainId;
      const now = deps.clock();
      const latest = deps.model.latestObservedHour(now);
      const stored: Window | null = deps.live?.configured
        ? { fromMs: deps.keptFrom(now), toMs: latest }
        : null;
      const year = deps.referenceYear(domain);
      const backfilled: Window | null = year
        ? { fromMs: Date.UTC(year.year, 0, 1), toMs: Date.UTC(year.year + 1, 0, 1) - HOUR_MS }
        : null;
      let storedHours = 0;
      let yearHours = 0;
      for (let h = range.fromMs; h <= range.toMs; h += HOUR_MS) {
        if (within(stored, h)) storedHours++;
        else if (within(backfilled, h)) yearHours++;
        else refuse(range, stored, year);
      }

      let cells = deps.model.outdoorCellsWithin(domain, location.lat, location.lon, radius);
      if (cells.length === 0)
        cells = deps.model.nearestOutdoor(domain, location.lat, location.lon)?.cells ?? [];
      if (cells.length === 0)
        throw apiError('outside_coverage', 'No outdoor grid cell was found near this location.');
      const info = deps.model.domain(domain);
      const recentFrom = heldFrom(now);
      const originOf = (hourMs: number): HourOrigin =>
        !within(stored, hourMs) ? 'year' : hourMs >= recentFrom || !deps.store ? 'held' : 'stored';
      // the inputs the recent hours stand on, taken before the model is asked (LiveData.snapshot)
      const inputs: LiveInputs | null = deps.live?.configured ? deps.live.inputs() : null;
      let sources: Source[] = [];
      if (storedHours > 0 && deps.live) {
        const lo = Math.max(range.fromMs, stored!.fromMs);
        const hi = Math.min(range.toMs, stored!.toMs);
        if (hi >= recentFrom || !deps.store)
          sources = deps.live.realtimeSources({ fromMs: Math.max(lo, recentFrom), toMs: hi });
        if (lo < recentFrom && deps.store) {
          const older = { fromMs: lo, toMs: Math.min(hi, recentFrom - HOUR_MS) };
          const newest = await deps.store.newestWithin(older.fromMs, older.toMs);
          sources = mergeSources(sources, deps.live.storedSources(older, newest));
        }
      }
      if (yearHours > 0) sources.push(...(deps.referenceSources(domain) ?? []));
      const held = at.held;
      const fullScope = held.length === at.city.metrics.length;
      const liveStations = near(inputs?.stations ?? [], location);
      const liveFed: LivePoint<string>[] = [...(inputs?.meteo ?? []), ...(inputs?.cams ?? [])];
      const yearStations = near(year?.stations ?? [], location);
      const yearFed = year?.meteo ?? [];

      let yearSeries: Promise<CellSeries[]> | null = null;
      const referenceSeries = () => {
        yearSeries ??= deps.model.series(domain, cells, { kind: 'reference' });
        return yearSeries;
      };

      /** the series of a run of hours and the points its basis is told from */
      async function seriesOf(
        fromMs: number,
        toMs: number,
        origin: HourOrigin,
      ): Promise<{ series: CellSeries[]; stations: LivePoint<string>[]; fed: LivePoint<string>[] }> {
        if (origin === 'held') {
          const series = await deps.model.series(domain, cells, { kind: 'observed', fromMs, toMs });
          return { series, stations: liveStations, fed: liveFed };
        }
        if (origin === 'stored') {
          const day = await groupReadings(
            await deps.store!.readings(fromMs - STORED_MARGIN_MS, toMs + STORED_MARGIN_MS),
          );
          const series = await deps.model.series(domain, cells, {
            kind: 'observed',
            fromMs,
            toMs,
            inputs: day,
          });
          return { series, stations: near(day.stations, location), fed: [...day.meteo, ...day.cams] };
        }
        const i0 = (fromMs - backfilled!.fromMs) / HOUR_MS;
        const series = sliceSeries(await referenceSeries(), i0, i0 + (toMs - fromMs) / HOUR_MS + 1);
        return { series, stations: yearStations, fed: yearFed };
      }

      async function hoursOf(fromMs: number, toMs: number, origin: HourOrigin): Promise<HistoryRecord[]> {
        const { series, stations, fed } = await seriesOf(fromMs, toMs, origin);
        const records = meanRecords(series, info.models);
        const scoped = fullScope ? records : withoutUnheld(records, held);
        return scoped.map((record) => ({
          ...record,
          basis: basisOf(Number(record.timestamp), stations, fed),
        }));
      }

      /** the runs of hours in order: a day at a time, cut where the origin changes */
      function runs(): Array<{ fromMs: number; toMs: number; origin: HourOrigin }> {
        const out: Array<{ fromMs: number; toMs: number; origin: HourOrigin }> = [];
        for (let start = range.fromMs; start <= range.toMs; start += CHUNK_HOURS * HOUR_MS) {
          const end = Math.min(range.toMs, start + (CHUNK_HOURS - 1) * HOUR_MS);
          let runStart = start;
          while (runStart <= end) {
            const origin = originOf(runStart);
            let runEnd = runStart;
            while (runEnd + HOUR_MS <= end && originOf(runEnd + HOUR_MS) === origin) runEnd += HOUR_MS;
            out.push({ fromMs: runStart, toMs: runEnd, origin });
            runStart = runEnd + HOUR_MS;
          }
        }
        return out;
      }

      async function* records(): AsyncGenerator<HistoryRecord[]> {
        // a few runs computed ahead while the earlier ones are written: the model's threads
        // work on the next days while this one serializes; at most RUNS_AHEAD days in memory
        const queue = runs();
        const pending: Array<Promise<HistoryRecord[]>> = [];
        let next = 0;
        const fill = () => {
          while (next < queue.length && pending.length < RUNS_AHEAD) {
            const run = queue[next++]!;
            const work = hoursOf(run.fromMs, run.toMs, run.origin);
            // a later run failing while an earlier one is awaited is not unhandled: it is
            // thrown when its turn comes (or dropped with the answer, if the client left)
            work.catch(() => {});
            pending.push(work);
          }
        };
        fill();
        while (pending.length > 0) {
          const chunk = await pending.shift()!;
          fill();
          yield chunk;
        }
      }

      return {
        envelope: {
          city: { id: at.city.id, name: at.city.name, country: at.city.country },
          location: { address: location.address, lat: location.lat, lon: location.lon },
          meta: {
            dataset: HYPER_LOCAL_DATASET,
            resolution_m: info.resolutionM,
            radius_m: radius,
            from: isoHour(range.fromMs),
            to: isoHour(range.toMs),
            hours: storedHours + yearHours,
            retrieved_utc: new Date(now).toISOString(),
            kept: {
              stored_from: stored ? isoHour(stored.fromMs) : null,
              stored_to: stored ? isoHour(stored.toMs) : null,
              backfilled_year: year?.year ?? null,
            },
            sources,
          },
        },
        records,
      };
    },
  };
}
