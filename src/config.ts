import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { unknownSettings } from './config/unknown-settings.ts';

/**
 * Configuration, parsed once at start from the environment into a frozen object and
 * passed down. Nothing else reads process.env. Malformed values fail fast with a message
 * that names the variable.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** where the model's generated morphology is cached (reused across restarts) */
  modelDir: string;
  /** base of problem `type` URIs: `{docsUrl}/errors#<code>` */
  docsUrl: string;
  /** PUBLIC_BASE_URL: when set, TileJSON `tiles` are absolute on this base (default: relative /v1/...) */
  publicBaseUrl: string | undefined;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** prefix of every Redis key (rate windows, short caches, report queue), so deployments can share a Redis */
  redisPrefix: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  geocoder: { kind: 'embedded' } | { kind: 'photon'; url: string; timeoutMs: number };
  /** tile-signing secrets: the first signs, all verify (rotation); empty → generated in DATA_DIR */
  tileSigningSecrets: string[];
  modelWorkers: number;
  /** HTTP processes sharing PORT (WORKERS; `auto`: one per core); 1 is a single process */
  httpWorkers: number;
  /**
   * DRAIN_MS: at SIGTERM, how long requests in flight may take to finish; the process then
   * exits within this plus 2 s whatever its dependencies do (start/shutdown.ts)
   */
  drainMs: number;
  /** how long a data request waits for the compute back end before 504 upstream_timeout */
  computeDeadlineMs: number;
  /** how often each instance looks for imported or removed cities (docs/cities.md) */
  citiesPollMs: number;
  /** default limits of keys created without explicit values */
  defaultRatePerMin: number;
  defaultReportsPerDay: number;
  /**
   * REPORTS_WARM_AT_START (`true`/`false`, default false): once the start-up work is done,
   * launch Chromium and build and print one report, so the first report ordered takes
   * about what a warm one does; the price is Chromium resident from the start
   * (~320 MB in its own processes) in an instance that may never print
   */
  reportsWarmAtStart: boolean;
  /**
   * CHROMIUM_PATH (default /usr/bin/chromium, Debian's package): the browser that prints
   * report PDFs. Missing or broken, reports still complete with their HTML and say why the
   * PDF is pending; readiness shows `reports` degraded (docs/reports.md)
   */
  chromiumPath: string;
  /** METRICS_PORT: Prometheus `GET /metrics` on HOST:this port; undefined = no metrics listener */
  metricsPort: number | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: OTLP/HTTP collector base URL for traces; undefined = no tracing */
  otlpEndpoint: string | undefined;
  /** alerts (ALERTS_*, docs/alerts.md) */
  alerts: {
    /** ALERTS_ALLOW_PRIVATE_URLS=1: webhooks may target loopback and private addresses, over http too (tests only) */
    allowPrivateUrls: boolean;
    /** ALERTS_MAX_PER_KEY (default 100): subscriptions one key may hold */
    maxPerKey: number;
    /** ALERTS_SECRET_KEY: what seals the subscriptions' signing secrets; unset = generated in DATA_DIR */
    secretKey: string | undefined;
    /** ALERTS_RETRY_BASE_MS (default 30 s): the first retry's delay, doubled at each attempt (with jitter) */
    retryBaseMs: number;
    /** ALERTS_RETRY_FOR_S (default 24 h): how long an event is retried before its subscription is failing */
    retryForMs: number;
  };
  /** live data feeds (FEED_*, docs/live-data.md); every URL unset = the synthetic weather alone */
  feeds: {
    ircelUrl: string | undefined;
    openMeteoUrl: string | undefined;
    openMeteoAqUrl: string | undefined;
    openMeteoArchiveUrl: string | undefined;
    /** FEED_POLL_S in ms; undefined = each provider's cadence */
    pollMs: number | undefined;
    /** FEED_RETENTION_DAYS: how long polled readings are kept (they serve /v1/history and /v1/stations) */
    retentionDays: number;
  };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'`);
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got ${parsed.protocol}`);
  }
  return raw;
}

/** An origin with an optional path prefix, where clients reach this service (no query, no trailing slash). */
function publicBaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']);
  if (raw === undefined) return undefined;
  const parsed = new URL(raw);
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError(
      'PUBLIC_BASE_URL must be an origin with an optional path, e.g. https://api.example.com',
    );
  }
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
}

/** an absolute path (a relative one is taken from the working directory, as DATA_DIR is) */
function chromiumPath(env: NodeJS.ProcessEnv, cwd: string): string {
  const raw = env.CHROMIUM_PATH || '/usr/bin/chromium';
  return isAbsolute(raw) ? raw : resolve(cwd, raw);
}

function alertsSecretKey(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.ALERTS_SECRET_KEY;
  if (value === undefined || value === '') return undefined;
  if (value.length < 32) throw new ConfigError('ALERTS_SECRET_KEY must be at least 32 characters');
  return value;
}

export function parseConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): Readonly<Config> {
  const unknown = unknownSettings(env);
  if (unknown.length > 0)
    throw new ConfigError(`unknown setting${unknown.length > 1 ? 's' : ''}: ${unknown.join('; ')}`);
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const dataDirRaw = env.DATA_DIR || './var';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  const publicHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const docsUrl = (
    url(env, 'DOCS_URL', ['http:', 'https:']) ?? `http://${publicHost}:${port}/v1/docs`
  ).replace(/\/+$/, '');
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const geocoderKind = env.GEOCODER || 'embedded';
  let geocoder: Config['geocoder'];
  if (geocoderKind === 'embedded') geocoder = { kind: 'embedded' };
  else if (geocoderKind === 'photon') {
    const geocoderUrl = url(env, 'GEOCODER_URL', ['http:', 'https:']);
    if (!geocoderUrl) throw new ConfigError('GEOCODER=photon needs GEOCODER_URL');
    geocoder = {
      kind: 'photon',
      url: geocoderUrl,
      timeoutMs: integer(env, 'GEOCODER_TIMEOUT_MS', 3000, 100, 60000),
    };
  } else throw new ConfigError(`GEOCODER must be 'embedded' or 'photon', got '${geocoderKind}'`);
  const secrets = (env.TILE_SIGNING_SECRETS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const secret of secrets) {
    if (secret.length < 32)
      throw new ConfigError('each TILE_SIGNING_SECRETS entry must be at least 32 characters');
  }
  return Object.freeze({
    port,
    host,
    dataDir,
    modelDir: env.MODEL_DIR ? resolve(cwd, env.MODEL_DIR) : dataDir,
    docsUrl,
    publicBaseUrl: publicBaseUrl(env),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: env.REDIS_PREFIX || 'svc:',
    logLevel,
    geocoder,
    tileSigningSecrets: secrets,
    modelWorkers: integer(env, 'MODEL_WORKERS', 2, 1, 64),
    httpWorkers:
      env.WORKERS === 'auto' ? Math.max(1, availableParallelism()) : integer(env, 'WORKERS', 1, 1, 64),
    drainMs: integer(env, 'DRAIN_MS', 10000, 0, 600000),
    computeDeadlineMs: integer(env, 'COMPUTE_DEADLINE_MS', 25000, 10, 600000),
    citiesPollMs: integer(env, 'CITIES_POLL_MS', 15000, 200, 60000),
    defaultRatePerMin: integer(env, 'DEFAULT_RATE_PER_MIN', 60, 1, 1000000),
    defaultReportsPerDay: integer(env, 'DEFAULT_REPORTS_PER_DAY', 20, 0, 1000000),
    reportsWarmAtStart: flag(env, 'REPORTS_WARM_AT_START', false),
    chromiumPath: chromiumPath(env, cwd),
    metricsPort: env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined,
    otlpEndpoint: url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']),
    alerts: Object.freeze({
      allowPrivateUrls: env.ALERTS_ALLOW_PRIVATE_URLS === '1',
      maxPerKey: integer(env, 'ALERTS_MAX_PER_KEY', 100, 0, 1_000_000),
      secretKey: alertsSecretKey(env),
      retryBaseMs: integer(env, 'ALERTS_RETRY_BASE_MS', 30_000, 10, 3_600_000),
      retryForMs: integer(env, 'ALERTS_RETRY_FOR_S', 86_400, 1, 7 * 86_400) * 1000,
    }),
    feeds: Object.freeze({
      ircelUrl: url(env, 'FEED_IRCEL_URL', ['http:', 'https:']),
      openMeteoUrl: url(env, 'FEED_OPENMETEO_URL', ['http:', 'https:']),
      openMeteoAqUrl: url(env, 'FEED_OPENMETEO_AQ_URL', ['http:', 'https:']),
      openMeteoArchiveUrl: url(env, 'FEED_OPENMETEO_ARCHIVE_URL', ['http:', 'https:']),
      pollMs: env.FEED_POLL_S ? integer(env, 'FEED_POLL_S', 0, 1, 86_400) * 1000 : undefined,
      retentionDays: integer(env, 'FEED_RETENTION_DAYS', 400, 2, 3650),
    }),
  });
}
