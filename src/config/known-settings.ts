/**
 * Every environment variable the service knows, in one list (CONTRACT.md, Environment,
 * plus the operational settings docs/ and the tests use). One name a line, sorted, so
 * that adding a setting is one line that merges cleanly. A name here is accepted even
 * when no code reads it yet (ALERTS_ALLOW_PRIVATE_URLS): the
 * contract promises it.
 */
export const KNOWN_SETTINGS = [
  'ALERTS_ALLOW_PRIVATE_URLS',
  'ALERTS_MAX_PER_KEY',
  'ALERTS_RETRY_BASE_MS',
  'ALERTS_RETRY_FOR_S',
  'ALERTS_SECRET_KEY',
  'CHROMIUM_PATH',
  'CITIES_POLL_MS',
  'COMPUTE_DEADLINE_MS',
  'DATABASE_URL',
  'DATA_DIR',
  'DEFAULT_RATE_PER_MIN',
  'DEFAULT_REPORTS_PER_DAY',
  'DOCS_URL',
  'DRAIN_MS',
  'FEED_IRCEL_URL',
  'FEED_OPENMETEO_AQ_URL',
  'FEED_OPENMETEO_ARCHIVE_URL',
  'FEED_OPENMETEO_URL',
  'FEED_POLL_S',
  'FEED_RETENTION_DAYS',
  'GEOCODER',
  'GEOCODER_TIMEOUT_MS',
  'GEOCODER_URL',
  'HOST',
  'LOG_LEVEL',
  'METRICS_PORT',
  'MODEL_DIR',
  'MODEL_WORKERS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'PORT',
  'PUBLIC_BASE_URL',
  'REDIS_PREFIX',
  'REDIS_URL',
  'REPORTS_WARM_AT_START',
  'TILE_SIGNING_SECRETS',
  'WORKERS',
] as const;

/**
 * Prefixes that belong to other software although a known setting starts with them:
 * OpenTelemetry's SDKs and collectors read OTEL_* variables of their own
 * (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, …), which a deployment sets on purpose.
 */
export const FOREIGN_PREFIXES: readonly string[] = ['OTEL_'];
