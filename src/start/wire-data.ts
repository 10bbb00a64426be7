import { openConfiguredGeocoder } from '../adapters/geocoder/from-config.ts';
import { cacheProbe } from '../adapters/telemetry/cache.ts';
import { createHistoricalService } from '../services/data/historical.ts';
import { createRecordsService } from '../services/data/records.ts';
import type { ResolveAddress } from '../services/data/resolve-location.ts';
import { createGeocodeService } from '../services/geocode.ts';
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

/** The two data services behind /statistics, /realtime and /forecast. */
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
  });
  const records = createRecordsService({ ...shared, cache: caches.shortCache, live: liveFeeds.live });
  return { historical, records };
}

export type DataServices = ReturnType<typeof wireDataServices>;
