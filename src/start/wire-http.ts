import { databaseProbe, diskProbe, modelProbe, redisProbe } from '../adapters/faults/probes.ts';
import { buildApp } from '../http/app.ts';
import { alertRoutes } from '../http/routes/alerts/index.ts';
import { dataRoutes } from '../http/routes/data/index.ts';
import { geocodeRoutes } from '../http/routes/geocode/geocode.ts';
import { mapRoutes, registerMapAssets } from '../http/routes/map/index.ts';
import { reportRoutes } from '../http/routes/reports/index.ts';
import { stationRoutes } from '../http/routes/stations/index.ts';
import { createKeyVerifier } from '../services/key-verifier.ts';
import { createReadiness } from '../services/readiness.ts';
import { pdfReadiness } from '../services/reports/pdf-readiness.ts';
import type { Foundation } from './foundation.ts';
import { serviceVersion } from './version.ts';
import type { AlertParts } from './wire-alerts.ts';
import type { DataServices, Geocoding } from './wire-data.ts';
import type { Feeds } from './wire-feeds.ts';
import type { KeyAuthenticator } from './wire-keys.ts';
import type { MapParts } from './wire-map.ts';
import type { CitiesAndModel } from './wire-model.ts';
import type { ReportParts } from './wire-reports.ts';

export interface HttpParts {
  city: CitiesAndModel;
  authenticator: KeyAuthenticator;
  geocoding: Geocoding;
  data: DataServices;
  feeds: Feeds;
  mapParts: MapParts;
  reportParts: ReportParts;
  alertParts: AlertParts;
}

/** The HTTP app: readiness from the dependencies' probes, and every product feature's routes. */
export async function wireHttp(foundation: Foundation, parts: HttpParts) {
  const { config, overrides, clock, stores, telemetry, faults } = foundation;
  const { city, feeds, reportParts } = parts;
  const { liveFeeds, referenceYears } = feeds;
  const readiness = createReadiness(
    [
      databaseProbe(stores.database.db),
      ...(stores.redis ? [redisProbe(stores.redis)] : []),
      modelProbe(city.model),
      diskProbe(config.dataDir),
    ],
    { feeds: () => liveFeeds.readiness(), reports: pdfReadiness(reportParts.pdf) },
  );
  const app = await buildApp({
    readiness,
    config,
    cities: city.currentCities,
    clock,
    verifier: createKeyVerifier({ authenticator: parts.authenticator, counters: stores.counters, clock }),
    version: serviceVersion(),
    telemetry,
    // every product feature's routes, each built the same way from its services
    features: [
      dataRoutes(parts.data),
      stationRoutes(parts.data.stations, clock),
      mapRoutes({ ...parts.mapParts.map, basemap: parts.mapParts.basemap, cities: city.currentCities }),
      reportRoutes(reportParts.reports),
      geocodeRoutes(parts.geocoding),
      alertRoutes(parts.alertParts.subscriptions, { allowPrivate: config.alerts.allowPrivateUrls }),
    ],
    failures: faults,
    liveCredits: () => liveFeeds.live.attributions(),
    referenceYearOf: (cityId) => referenceYears.current().years.find((y) => y.domain === cityId)?.year,
    ...(overrides.logDestination
      ? { logStream: overrides.logDestination }
      : overrides.logger === false
        ? { logger: false }
        : {}),
  });
  faults.bind(app.log);
  await app.register(registerMapAssets);
  // city refresh problems go to the service's log (no coordinates, only ids and reasons)
  city.sources.log = (message, error) => app.log.warn({ err: error }, message);
  return app;
}
