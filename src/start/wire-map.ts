import { createBasemapThread } from '../adapters/basemap/thread.ts';
import { loadSigningSecrets } from '../adapters/signing-secret.ts';
import { cacheProbe } from '../adapters/telemetry/cache.ts';
import { keyActivity } from '../services/key-authenticator.ts';
import { createBasemapService } from '../services/map/basemap-service.ts';
import { createMapServices } from '../services/map/index.ts';
import type { Foundation } from './foundation.ts';
import type { Caches } from './wire-caches.ts';
import type { Feeds } from './wire-feeds.ts';
import type { KeyAuthenticator } from './wire-keys.ts';
import type { CitiesAndModel } from './wire-model.ts';

/** The map's catalog and signed tiles, and the basemap cut from the city packages the model holds. */
export async function wireMap(
  { config, clock, telemetry, closers }: Foundation,
  city: CitiesAndModel,
  authenticator: KeyAuthenticator,
  caches: Caches,
  { liveFeeds }: Feeds,
) {
  const { metrics } = telemetry;
  const secrets = await loadSigningSecrets({
    dataDir: config.dataDir,
    configured: config.tileSigningSecrets,
  });
  const map = createMapServices({
    model: city.model,
    cities: city.currentCities,
    secrets,
    now: clock,
    isKeyActive: keyActivity(authenticator, clock),
    cacheProbes: { catalog: cacheProbe('catalog', metrics), tiles: cacheProbe('tiles', metrics) },
    // scale-out: one catalog assembly serves every instance for its 60 s
    ...(caches.sharedShortCache ? { sharedCache: caches.shortCache } : {}),
    durableCache: caches.durableCache,
    publicBaseUrl: config.publicBaseUrl,
    liveCredits: () => liveFeeds.live.attributions(),
    // without FEED_* the catalog says the weather is generated, as the data answers do
    ...(liveFeeds.live.configured ? { live: liveFeeds.live } : {}),
  });
  const basemapThread = createBasemapThread();
  closers.computing.push({
    name: 'basemap thread',
    dependency: 'basemap',
    close: () => basemapThread.close(),
  });
  const basemap = createBasemapService({
    cutter: basemapThread,
    cities: city.currentCities,
    packageOf: city.packageOf,
    publicBaseUrl: config.publicBaseUrl,
    onCache: cacheProbe('basemap', metrics),
  });
  return { map, basemap };
}

export type MapParts = Awaited<ReturnType<typeof wireMap>>;
