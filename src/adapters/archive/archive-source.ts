import type { ArchiveSource } from '../../services/live/archive-port.ts';
import type { HttpPolicy } from '../feeds/http-get.ts';
import { fetchIrcelData, fetchIrcelSeries } from '../feeds/ircel.ts';
import { fetchOpenMeteo, OPEN_METEO_WEATHER, openMeteoHost } from '../feeds/open-meteo.ts';

/**
 * The archives behind `svc feeds backfill` (FEEDS.md): Open-Meteo's `/v1/archive` (ERA5,
 * hourly) asked one calendar month at a time for every point at once, and IRCEL-CELINE's
 * `getData` with a month's `start/end` timespan. A month keeps each answer small (a
 * month of 7 variables is ~2 of Open-Meteo's weighted calls per point; a year in one
 * call would be one 26-call request that a rate limit refuses whole) and makes a chunk
 * the unit an interrupted backfill resumes from.
 */
const HOUR_MS = 3_600_000;

/** a backfill can wait: longer answers, more patience with a busy provider */
export const ARCHIVE_HTTP_POLICY: HttpPolicy = {
  timeoutMs: 60_000,
  retries: 3,
  backoffMs: 2_000,
  maxRetryAfterMs: 120_000,
};

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoHour = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export function createArchiveSource(options: {
  meteoHost?: string | undefined;
  ircelRoot?: string | undefined;
  http?: HttpPolicy;
}): ArchiveSource {
  const http = options.http ?? ARCHIVE_HTTP_POLICY;
  const host = options.meteoHost ? openMeteoHost(options.meteoHost) : null;
  const root = options.ircelRoot ? options.ircelRoot.replace(/\/+$/, '') : null;
  return {
    meteoRoot: host?.base ?? null,
    airRoot: root,
    async meteoMonth(points, year, month) {
      if (!host) throw new Error('FEED_OPENMETEO_ARCHIVE_URL is not set');
      const start = Date.UTC(year, month, 1);
      const end = Date.UTC(year, month + 1, 1) - HOUR_MS;
      return fetchOpenMeteo({
        feed: 'open-meteo',
        host,
        path: '/v1/archive',
        variables: OPEN_METEO_WEATHER,
        // the preceding-hour variables (gusts, radiation) of the month's last hour are
        // stamped on the next month's first: that day is asked too
        extra: `start_date=${isoDate(start)}&end_date=${isoDate(end + HOUR_MS)}&wind_speed_unit=ms&timezone=GMT`,
        points,
        http,
      });
    },
    async stationSeries() {
      if (!root) throw new Error('FEED_IRCEL_URL is not set');
      return fetchIrcelSeries(root, http);
    },
    async airMonth(series, year, month) {
      if (!root) throw new Error('FEED_IRCEL_URL is not set');
      // values are stamped at the END of their hour: the month's hours are stamped from
      // its first hour + 1 h to the next month's first hour
      const start = Date.UTC(year, month, 1) + HOUR_MS;
      const end = Date.UTC(year, month + 1, 1);
      return fetchIrcelData(root, series, `${isoHour(start)}/${isoHour(end)}`, Date.now(), http);
    },
  };
}
