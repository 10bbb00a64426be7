import { openConfiguredGeocoder } from '../adapters/geocoder/from-config.ts';
import { cacheProbe } from '../adapters/telemetry/cache.ts';
import { NATIONAL_DOMAIN } from '../domain/grid/model-data.ts';
import { typicalYearPeriod } from '../domain/live/typical-year-period.ts';
import { createHistoricalService } from '../services/data/historical.ts';
import { createHistoryService } from '../services/data/history.ts';
import { createRecordsService } from '../services/data/records.ts';
import type { ResolveAddress } from '../services/data/resolve-location.ts';
import { createGeocodeService } from '../services/geocode.ts';
import { createStationsService } from '../services/live/stations.ts';
import type { Foundation } from './foundation.ts';
import type { Caches } from './wire-caches.ts';
import type { Feeds } from './wire-feeds.ts';
import type { CitiesAndModel } from './wire-model.ts';
import type { Statistics } from './wire-statistics.ts';

export async function wireGeocoding(
  { config, clock, stores, telemetry, closers }: Foundation,
  city: CitiesAndModel,
) {
  const geocoder = await openConfiguredGeocoder(config.geocoder, stores.database);
  const geocoding = createGeocodeService(geocoder, city.currentCities, {
    clock,
    onCache: cacheProbe('geocoder', telemetry.metrics),
  });
  closers.computing.push({
    name: 'geocoder',
    dependency: config.geocoder.kind === 'photon' ? 'geocoder' : 'database',
    close: () => geocoding.close(),
  });
  return geocoding;
}

export type Geocoding = Awaited<ReturnType<typeof wireGeocoding>>;

/** The data services behind /statistics, /realtime, /forecast, /history and /stations. */
export function wireDataServices(
  { config, clock, telemetry }: Foundation,
  city: CitiesAndModel,
  caches: Caches,
  geocoding: Geocoding,
  { statistics }: Statistics,
  { liveFeeds, referenceYears }: Feeds,
) {
  const resolveAddress: ResolveAddress = (address) => geocoding.resolveAddress(address);
  const shared = {
    model: city.model,
    cities: city.currentCities,
    resolveAddress,
    clock,
    deadlineMs: config.computeDeadlineMs,
    metrics: telemetry.metrics,
  };
  const historical = createHistoricalService({
    ...shared,
    cache: caches.durableCache,
    statistics,
    referenceSources: (domain) => referenceYears.sources(domain),
    // the model knows its domains' weather (the nationwide one too); else the live city list
    referenceWeather: (domain) =>
      city.model.referenceWeather?.(domain) ??
      (city.specOf(domain)?.referenceWeatherEpw ? 'epw' : 'synthetic'),
    // the years a typical weather year was made of ("a typical year of 2007–2021 weather")
    referencePeriod: (domain) =>
      typicalYearPeriod(
        domain === NATIONAL_DOMAIN
          ? city.nationalClimate.referenceWeatherEpw
          : city.specOf(domain)?.referenceWeatherEpw,
      ),
  });
  // how far back the stored readings go (FEED_RETENTION_DAYS; nothing kept without feeds)
  const keptFrom = (nowMs: number) => liveFeeds.retention?.keptFrom(nowMs) ?? nowMs;
  // the stations the feeds know and their stored readings (issue #50)
  const stations = createStationsService({
    store: liveFeeds.store,
    live: liveFeeds.live,
    model: city.model,
    cities: city.currentCities,
    clock,
    keptFrom,
  });
  const history = createHistoryService({
    model: city.model,
    cities: city.currentCities,
    resolveAddress,
    clock,
    live: liveFeeds.live,
    store: liveFeeds.store,
    keptFrom,
    referenceYear: (domain) => referenceYears.current().years.find((y) => y.domain === domain),
    referenceSources: (domain) => referenceYears.sources(domain),
  });
  const records = createRecordsService({
    ...shared,
    cache: caches.shortCache,
    live: liveFeeds.live,
    stations,
  });
  return { historical, records, history, stations };
}

export type DataServices = ReturnType<typeof wireDataServices>;
