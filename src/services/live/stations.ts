import type { CityDefinition } from '../../domain/coverage/cities.ts';
import { classifyPoint } from '../../domain/coverage/classify.ts';
import type { Cities } from '../../domain/coverage/registry.ts';
import { assertCityInScope } from '../../domain/data/entitlement.ts';
import { type HourRange, isoHour } from '../../domain/data/hour-range.ts';
import { RECORDS_DEFAULT_RADIUS_M } from '../../domain/data/location-input.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import { type DomainId, NATIONAL_DOMAIN } from '../../domain/grid/model-data.ts';
import { scopeAllows } from '../../domain/keys/key-record.ts';
import type { LiveStation } from '../../domain/live/live-inputs.ts';
import { FEED_ATTRIBUTION } from '../../domain/live/provenance.ts';
import { type FeedSite, POLLUTANTS, type Pollutant } from '../../domain/live/readings.ts';
import {
  type LatestMeasured,
  latestMeasured,
  nearestOf,
  type PollutantValues,
} from '../../domain/live/station-view.ts';
import type { ModelSeries } from '../data/model-series-port.ts';
import type { ModelSampling } from '../ports/model-sampling-port.ts';
import type { ObservationStore } from './feeds-port.ts';
import type { LiveData } from './live-data.ts';

/**
 * The measuring stations the feeds know (issue #50): `GET /v1/stations` lists each with
 * its newest measured hour beside what the service answers at its place for that hour
 * (the model as /v1/realtime serves it), `GET /v1/stations/{id}/history` its measured
 * series from the store, and `nearest()` the station a live answer names
 * (`meta.nearest_station`). The sites are read from the store and the model's side is
 * computed once per live version (new data or a new status); the measurements are the
 * live data the model holds.
 */
export interface StationsDeps {
  store: ObservationStore | null;
  live: Pick<LiveData, 'configured' | 'stations' | 'key'> | null;
  model: ModelSampling & ModelSeries;
  cities: Cities;
  clock: () => number;
  /** the oldest hour the store keeps at a time (FEED_RETENTION_DAYS) */
  keptFrom: (nowMs: number) => number;
}

export interface StationView {
  id: string;
  name: string;
  lat: number;
  lon: number;
  /** the station's class; the feeds do not publish it (docs/history.md) */
  type: 'unknown';
  pollutants: Pollutant[];
  /** the high-resolution city it stands in, or null (the nationwide grid answers there) */
  city: string | null;
  latest: {
    hour: string;
    measured: PollutantValues;
    /** what the service answers at the station for that hour, over its real-time footprint */
    modelled: PollutantValues;
  } | null;
}

export interface NearestStation {
  id: string;
  name: string;
  distance_m: number;
  latest: { hour: string; measured: PollutantValues } | null;
}

export interface StationSeriesAnswer {
  station: Omit<StationView, 'latest'>;
  from: string;
  to: string;
  hourly: Array<{ hour: string; timestamp: string } & PollutantValues>;
  attribution: string;
}

export interface StationsService {
  list(key: KeyScope, query: { city?: string | undefined }): Promise<{ stations: StationView[] }>;
  history(key: KeyScope, id: string, range: HourRange): Promise<StationSeriesAnswer>;
  /** the station nearest a point, with its latest values; null without station feed */
  nearest(at: { lat: number; lon: number }): Promise<NearestStation | null>;
}

type KeyScope = { readonly cities: readonly string[] };
const FEED = 'ircel-celine';
const round1 = (v: number) => Math.round(v * 10) / 10;

export function createStationsService(deps: StationsDeps): StationsService {
  let sites: { version: string; list: FeedSite[] } | null = null;
  let modelled: { version: string; views: Promise<StationView[]> } | null = null;

  async function knownSites(): Promise<FeedSite[]> {
    if (!deps.store) return [];
    // a poll that stored new values may have listed new stations: read again on a new version
    const version = deps.live?.key() ?? '';
    if (sites === null || sites.version !== version) sites = { version, list: await deps.store.sites(FEED) };
    // a station measured before its listing was kept (an older store) still shows, named by its code
    const listed = new Set(sites.list.map((s) => s.site));
    const unlisted = (deps.live?.stations() ?? [])
      .filter((s) => !listed.has(s.id))
      .map(
        (s): FeedSite => ({
          feed: FEED,
          site: s.id,
          name: s.id,
          lat: s.lat,
          lon: s.lon,
          quantities: POLLUTANTS.filter((p) => s.series[p] !== undefined),
        }),
      );
    return [...sites.list, ...unlisted];
  }

  function placeOf(site: { lat: number; lon: number }): {
    domain: DomainId | null;
    city: CityDefinition | null;
  } {
    const coverage = classifyPoint(deps.cities(), site.lat, site.lon);
    if (coverage.covered === 'high_res') return { domain: coverage.city.id, city: coverage.city };
    return { domain: coverage.covered === false ? null : NATIONAL_DOMAIN, city: null };
  }

  /** the mean of each pollutant over the station's footprint, for its latest hour */
  async function modelledAt(domain: DomainId, site: FeedSite, hourMs: number): Promise<PollutantValues> {
    if (!deps.model.domains().some((d) => d.id === domain)) return {};
    let cells = deps.model.outdoorCellsWithin(domain, site.lat, site.lon, RECORDS_DEFAULT_RADIUS_M);
    if (cells.length === 0) cells = deps.model.nearestOutdoor(domain, site.lat, site.lon)?.cells ?? [];
    if (cells.length === 0) return {};
    const series = await deps.model.series(domain, cells, { kind: 'observed', fromMs: hourMs, toMs: hourMs });
    const values: PollutantValues = {};
    for (const pollutant of POLLUTANTS) {
      let sum = 0;
      let n = 0;
      for (const cell of series) {
        const v = cell[pollutant][0];
        if (v !== undefined && !Number.isNaN(v)) {
          sum += v;
          n++;
        }
      }
      if (n > 0) values[pollutant] = round1(sum / n);
    }
    return values;
  }

  function describe(site: FeedSite): Omit<StationView, 'latest'> {
    return {
      id: site.site,
      name: site.name,
      lat: site.lat,
      lon: site.lon,
      type: 'unknown',
      pollutants: POLLUTANTS.filter((p) => site.quantities.includes(p)),
      city: placeOf(site).city?.id ?? null,
    };
  }

  async function views(): Promise<StationView[]> {
    const now = deps.clock();
    const measured = new Map<string, LiveStation>((deps.live?.stations() ?? []).map((s) => [s.id, s]));
    const list = await knownSites();
    return Promise.all(
      list.map(async (site): Promise<StationView> => {
        const latest: LatestMeasured | null = latestMeasured(measured.get(site.site), now);
        const { domain } = placeOf(site);
        return {
          ...describe(site),
          latest:
            latest === null
              ? null
              : {
                  hour: isoHour(latest.hourMs),
                  measured: latest.values,
                  modelled: domain === null ? {} : await modelledAt(domain, site, latest.hourMs),
                },
        };
      }),
    );
  }

  const visibleTo = (key: KeyScope) => (view: { city: string | null }) =>
    view.city === null || scopeAllows(key.cities, view.city);

  return {
    async list(key, query) {
      if (query.city !== undefined) {
        const city = deps.cities().cities.find((c) => c.id === query.city);
        if (!city)
          throw apiError('not_found', `There is no city '${query.city}'; GET /v1/cities lists them.`);
        assertCityInScope(key, city);
      }
      if (!deps.live?.configured) return { stations: [] };
      const version = deps.live.key();
      if (modelled === null || modelled.version !== version) {
        const next = { version, views: views() };
        modelled = next;
        // a failed computation is not kept
        next.views.catch(() => {
          if (modelled === next) modelled = null;
        });
      }
      const all = await modelled.views;
      return {
        stations: all.filter(
          (view) => visibleTo(key)(view) && (query.city === undefined || view.city === query.city),
        ),
      };
    },
    async history(key, id, range) {
      const site = (await knownSites()).find((s) => s.site === id);
      if (!site || !deps.store)
        throw apiError('not_found', `No station '${id.slice(0, 40)}' is known; GET /v1/stations lists them.`);
      const described = describe(site);
      if (!visibleTo(key)(described))
        throw apiError('forbidden', `This API key is not scoped to the city '${described.city}'.`);
      const keptFromMs = deps.keptFrom(deps.clock());
      if (range.fromMs < keptFromMs)
        throw apiError(
          'validation_error',
          `Station readings are kept from ${isoHour(keptFromMs)} on (FEED_RETENTION_DAYS); ask for a 'from' at or after it.`,
        );
      const readings = await deps.store.siteReadings(FEED, id, range.fromMs, range.toMs);
      const hourly: StationSeriesAnswer['hourly'] = [];
      for (const r of readings) {
        if (!(POLLUTANTS as readonly string[]).includes(r.quantity)) continue;
        let last = hourly.at(-1);
        if (last === undefined || last.timestamp !== String(r.hourMs)) {
          last = { hour: new Date(r.hourMs).toISOString(), timestamp: String(r.hourMs) };
          hourly.push(last);
        }
        last[r.quantity as Pollutant] = r.value;
      }
      return {
        station: described,
        from: isoHour(range.fromMs),
        to: isoHour(range.toMs),
        hourly,
        attribution: FEED_ATTRIBUTION[FEED],
      };
    },
    async nearest(at) {
      if (!deps.live?.configured) return null;
      const found = nearestOf(await knownSites(), at);
      if (!found) return null;
      const station = deps.live.stations().find((s) => s.id === found.place.site);
      const latest = latestMeasured(station, deps.clock());
      return {
        id: found.place.site,
        name: found.place.name,
        distance_m: Math.round(found.distanceM),
        latest: latest && { hour: isoHour(latest.hourMs), measured: latest.values },
      };
    },
  };
}
