import type { Config } from '../config.ts';
import type { ComposeOverrides, Composition } from './composition.ts';
import { layFoundation } from './foundation.ts';
import { lifecycle } from './lifecycle.ts';
import { wireAlerts } from './wire-alerts.ts';
import { wireCaches } from './wire-caches.ts';
import { wireDataServices, wireGeocoding } from './wire-data.ts';
import { wireFeeds } from './wire-feeds.ts';
import { wireHttp } from './wire-http.ts';
import { wireKeys } from './wire-keys.ts';
import { wireMap } from './wire-map.ts';
import { wireCitiesAndModel } from './wire-model.ts';
import { wireReports } from './wire-reports.ts';
import { wireStatistics } from './wire-statistics.ts';

export type { ComposeOverrides, Composition } from './composition.ts';
export { serviceVersion } from './version.ts';
export { REPORT_LEASE } from './wire-reports.ts';

/**
 * How long the server holds its port closed for the start-up warm-up (`warmedUp`):
 * seconds on the very first start, milliseconds on a restart.
 */
export const WARM_UP_LIMIT_MS = 10_000;

/**
 * The composition root: adapters from config, services from adapters, the app from
 * services. Each concern is wired in its own file (wire-*.ts), registering what it opens
 * with the closers as it opens it; lifecycle.ts starts and stops the whole.
 */
export async function compose(
  config: Readonly<Config>,
  overrides: ComposeOverrides = {},
): Promise<Composition> {
  const foundation = await layFoundation(config, overrides);
  const authenticator = await wireKeys(foundation);
  const city = await wireCitiesAndModel(foundation);
  const caches = wireCaches(foundation);
  const geocoding = await wireGeocoding(foundation, city);
  const statistics = wireStatistics(foundation, city, caches);
  const feeds = wireFeeds(foundation, city, statistics);
  const data = wireDataServices(foundation, city, caches, geocoding, statistics, feeds);
  const mapParts = await wireMap(foundation, city, authenticator, caches, feeds);
  const reportParts = await wireReports(foundation, city, geocoding, data, feeds);
  const alertParts = await wireAlerts(foundation, city, geocoding, data, feeds);
  const app = await wireHttp(foundation, {
    city,
    authenticator,
    geocoding,
    data,
    feeds,
    mapParts,
    reportParts,
    alertParts,
  });
  return lifecycle(foundation, { app, city, caches, statistics, feeds, mapParts, reportParts, alertParts });
}
