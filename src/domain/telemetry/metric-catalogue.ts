/**
 * Every metric the service exposes, with its help text and label names. The catalogue is
 * the contract between call sites (which name a metric and give its labels, typed from
 * here) and the Prometheus adapter (which builds one instrument per entry). Label values
 * are always drawn from small fixed sets (route templates, methods, statuses, stage and
 * reason names): never a key, an address, a coordinate or a raw URL.
 */
const SECONDS_FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SECONDS_SLOW = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];

export const METRIC_CATALOGUE = {
  // HTTP
  svc_http_requests_total: {
    type: 'counter',
    help: 'HTTP requests answered, by route template (never the raw URL), method and status',
    labels: ['route', 'method', 'status'],
  },
  svc_http_request_duration_seconds: {
    type: 'histogram',
    help: 'Time from receiving a request to sending its response, seconds',
    labels: ['route', 'method', 'status'],
    buckets: SECONDS_FAST,
  },
  svc_http_requests_in_flight: {
    type: 'gauge',
    help: 'Requests received and not yet answered',
    labels: [],
  },
  // auth and limits
  svc_auth_refusals_total: {
    type: 'counter',
    help: 'Requests refused 401 or 403, by reason (missing_key, malformed_credentials, unknown_key, deactivated, expired, browser_origin, product_scope, data_scope)',
    labels: ['status', 'reason'],
  },
  svc_rate_limited_total: {
    type: 'counter',
    help: 'Requests refused 429 rate_limited (the key used its per-minute window)',
    labels: [],
  },
  svc_report_quota_exceeded_total: {
    type: 'counter',
    help: 'Report submissions refused 429 quota_exceeded (the key used its daily quota)',
    labels: [],
  },
  // caches
  svc_cache_requests_total: {
    type: 'counter',
    help: 'Cache look-ups by cache (historical, realtime, forecast, statistics, catalog, tiles, keys, geocoder) and outcome (hit, miss)',
    labels: ['cache', 'outcome'],
  },
  // model
  svc_model_compute_seconds: {
    type: 'histogram',
    help: 'Model computation time by kind (reference_year, observed, forecast, tile_window, buildings_tile, layer_range, statistics)',
    labels: ['kind'],
    buckets: SECONDS_SLOW,
  },
  svc_model_pool_queue_length: {
    type: 'gauge',
    help: 'Tasks handed to a worker pool and not finished, by pool (model, statistics)',
    labels: ['pool'],
  },
  svc_model_single_flight_joins_total: {
    type: 'counter',
    help: 'Requests that joined a computation already running for the same input, by kind',
    labels: ['kind'],
  },
  svc_model_deadline_expiries_total: {
    type: 'counter',
    help: 'Requests answered 504 upstream_timeout (the computation outlived the deadline), by route template',
    labels: ['route'],
  },
  // reports
  svc_report_jobs: {
    type: 'gauge',
    help: 'Report jobs not finished, by state (queued, running, delivering, pdf_pending), read from the database at scrape',
    labels: ['state'],
  },
  svc_report_job_events_total: {
    type: 'counter',
    help: 'Report job events seen by this instance (accepted, claimed, completed, pdf_pending, pdf_retried, failed, requeued_by_sweep, lease_lost)',
    labels: ['event'],
  },
  svc_report_queue_depth: {
    type: 'gauge',
    help: 'Messages in the report queue by state (waiting, active, delayed)',
    labels: ['state'],
  },
  // alerts
  svc_alert_events_total: {
    type: 'counter',
    help: 'Alert events put in the outbox, by type (alert.triggered, alert.cleared, outlook.daily, test)',
    labels: ['type'],
  },
  svc_webhook_deliveries_total: {
    type: 'counter',
    help: 'Webhook delivery attempts by outcome (delivered, http_error, timeout, network_error, refused)',
    labels: ['outcome'],
  },
  svc_alert_outbox_depth: {
    type: 'gauge',
    help: 'Alert events not delivered yet (pending in the outbox)',
    labels: [],
  },
  svc_alert_evaluation_seconds: {
    type: 'histogram',
    help: 'Time to evaluate every alert subscription once new data landed, seconds',
    labels: [],
    buckets: SECONDS_SLOW,
  },
  svc_report_stage_seconds: {
    type: 'histogram',
    help: 'Time a report job spent in a stage: queued (accepted to claimed), running (statistics and HTML), delivering (PDF), total (accepted to completed)',
    labels: ['stage'],
    buckets: SECONDS_SLOW,
  },
  svc_report_pdf_render_seconds: {
    type: 'histogram',
    help: 'PDF rendering time by outcome (ok, error) and origin (worker, poll)',
    labels: ['outcome', 'origin'],
    buckets: SECONDS_SLOW,
  },
  svc_report_retries_total: {
    type: 'counter',
    help: 'Report jobs put back on the queue after a transient failure of the compute back end',
    labels: [],
  },
  svc_report_sweep_requeues_total: {
    type: 'counter',
    help: 'Unheld report jobs put back on the queue by the sweep (or at start)',
    labels: [],
  },
  svc_report_failures_total: {
    type: 'counter',
    help: 'Report jobs failed, by reason (attempts_exhausted, internal, or the error code that ended it)',
    labels: ['reason'],
  },
  // storage
  svc_pg_pool_connections: {
    type: 'gauge',
    help: 'PostgreSQL pool connections by state (total, idle, waiting: clients waiting for a connection)',
    labels: ['state'],
  },
  svc_db_query_seconds: {
    type: 'histogram',
    help: 'Database query time by operation (select, insert, update, delete, other) and outcome',
    labels: ['operation', 'outcome'],
    buckets: SECONDS_FAST,
  },
  svc_redis_command_errors_total: {
    type: 'counter',
    help: 'Redis commands that failed, by command name',
    labels: ['command'],
  },
  // live feeds (issue #34; names fixed by the issue, without the svc_ prefix)
  feed_fetch_total: {
    type: 'counter',
    help: 'Polls of a live feed by feed (ircel-celine, open-meteo, open-meteo-air-quality) and outcome (ok, http_error, timeout, rate_limited, invalid_body, network, circuit_open)',
    labels: ['feed', 'outcome'],
  },
  feed_data_age_seconds: {
    type: 'gauge',
    help: "How old a live feed's data is, by feed: for observations the end of the newest measured hour, for forecasts the last successful poll, seconds before now",
    labels: ['feed'],
  },
  feed_store_readings: {
    type: 'gauge',
    help: 'Live feed readings held in the store (FEED_RETENTION_DAYS), by feed; counted after each hourly prune',
    labels: ['feed'],
  },
  feed_store_oldest_age_seconds: {
    type: 'gauge',
    help: "Age of a feed's oldest stored reading (its hour's start), by feed, seconds before now",
    labels: ['feed'],
  },
  svc_sqlite_busy_total: {
    type: 'counter',
    help: 'SQLite queries that failed with SQLITE_BUSY (the database stayed locked past busy_timeout)',
    labels: [],
  },
} as const;

type Catalogue = typeof METRIC_CATALOGUE;
export type MetricName = keyof Catalogue;
type NamesOf<T extends string> = {
  [N in MetricName]: Catalogue[N]['type'] extends T ? N : never;
}[MetricName];
export type CounterName = NamesOf<'counter'>;
export type HistogramName = NamesOf<'histogram'>;
export type GaugeName = NamesOf<'gauge'>;
/** the label values a metric takes: one string per label name of its catalogue entry */
export type LabelsOf<N extends MetricName> = { [L in Catalogue[N]['labels'][number]]: string };
