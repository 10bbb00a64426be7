import type { Generated } from 'kysely';
import type { GazetteerEntry } from '../../domain/geocode/gazetteer-entry.ts';

/**
 * Tables of the service's database, one interface per feature. The same schema and the
 * same Kysely queries run on SQLite (embedded default) and PostgreSQL (scale-out).
 * Timestamps are stored as epoch milliseconds (bigint in PostgreSQL, read back as
 * numbers), booleans as 0/1 integers, lists as JSON text: both dialects agree on those.
 */
export interface ApiKeysTable {
  id: string;
  /** SHA-256 of the full secret, hex; the secret itself is never stored */
  hash: string;
  /** first characters of the secret (type prefix + 4), shown in listings */
  display_prefix: string;
  label: string;
  type: 'sk' | 'pk';
  cities: string;
  products: string;
  metrics: string;
  horizons: string;
  origins: string;
  rate_per_min: number;
  reports_per_day: number;
  created_ms: number;
  expires_ms: number | null;
  revoked_ms: number | null;
}

export interface CountersTable {
  /** e.g. `rate:<keyId>:<windowStartSec>` or `reports:<keyId>:<yyyy-mm-dd>` */
  name: string;
  value: number;
  expires_ms: number;
}

export interface CacheEntriesTable {
  key: string;
  value: string;
  created_ms: number;
  expires_ms: number | null;
}

export interface MigrationMarker {
  id: Generated<number>;
}

export interface CoreTables {
  api_keys: ApiKeysTable;
  counters: CountersTable;
  cache_entries: CacheEntriesTable;
}

/** One report job (src/adapters/store/report-jobs.ts). */
export interface ReportJobsTable {
  id: string;
  key_id: string;
  /** processing | completed | failed */
  status: string;
  /** queued | running | delivering while processing; null once finished */
  stage: string | null;
  lang: string;
  /** the address as posted, null for coordinates */
  address: string | null;
  /** the address the report describes (resolved label), set once known */
  label: string | null;
  lat: number;
  lon: number;
  radius: number;
  /** JSON array of the metrics the report shows; null on jobs older than the column */
  metrics: string | null;
  detail: string | null;
  html: string | null;
  /** PDF bytes (BLOB on SQLite, bytea on PostgreSQL) */
  pdf: Buffer | null;
  /** 1 once the worker gave up on the PDF and polls retry it */
  pdf_pending: number;
  attempts: number;
  /** a worker holds the job until this instant; heartbeats push it forward */
  lease_until_ms: number | null;
  created_ms: number;
  updated_ms: number;
  expires_ms: number;
  /** the request id of the POST that created the job (job logs), null before 006 */
  request_id: string | null;
  /** W3C traceparent of that POST (the worker's spans join its trace), null when tracing is off */
  trace_context: string | null;
}

/** `groupKey` → `group_key`: a domain field's name as its column's. */
type SnakeCase<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : Name;

/** The columns of a domain record: the same fields, the same types, named in snake case. */
export type ColumnsOf<Record> = { [Field in keyof Record & string as SnakeCase<Field>]: Record[Field] };

/**
 * The embedded gazetteer (see migration 002 and src/adapters/geocoder/). A row is a
 * GazetteerEntry (the domain's declaration, with each field's meaning) plus its id.
 */
export interface GazetteerTables {
  gazetteer: ColumnsOf<GazetteerEntry> & { id: Generated<number> };
  gazetteer_terms: { term: string; docs: number };
  gazetteer_term_grams: { gram: string; len: number; term: string };
  gazetteer_meta: { name: string; value: string };
}

/** Add each feature's table interface to this intersection. */
/** imported city data packages (migration 005) */
export interface CityPackagesTable {
  id: string;
  revision: string;
  manifest: string;
  files_gz: Uint8Array;
  imported_at: number;
}

/** live feeds (migration 007, src/adapters/store/feed-store.ts) */
export interface FeedTables {
  feed_readings: {
    feed: string;
    site: string;
    quantity: string;
    hour_ms: number;
    value: number;
    lat: number;
    lon: number;
    read_ms: number;
  };
  feed_sites: {
    feed: string;
    site: string;
    name: string;
    lat: number;
    lon: number;
    /** comma-separated quantities the site measures */
    quantities: string;
    seen_ms: number;
  };
  feed_states: {
    feed: string;
    last_attempt_ms: number | null;
    last_success_ms: number | null;
    last_error: string | null;
    newest_value_ms: number | null;
  };
  feed_leases: { name: string; holder: string; until_ms: number };
}

/** archive backfills (migration 008, src/adapters/store/reference-store.ts) */
export interface ReferenceTables {
  backfill_chunks: { run: string; chunk: string; body_gz: Uint8Array; fetched_ms: number };
  reference_years: {
    domain: string;
    year: number;
    version: string;
    payload_gz: Uint8Array;
    summary: string;
    activated_ms: number;
  };
}

/** alerts (migration 009, src/adapters/store/alert-store.ts) */
export interface AlertTables {
  alert_subscriptions: {
    id: string;
    key_id: string;
    city: string;
    lat: number;
    lon: number;
    address: string | null;
    radius: number;
    url: string;
    /** JSON list of {metric, field, op, value} */
    conditions: string;
    outlook_hour: number | null;
    lang: string;
    /** the signing secret, sealed (adapters/alerts/secret-box.ts) */
    secret_sealed: string;
    /** JSON episode state (domain/alerts/episodes.ts) */
    state: string | null;
    failing_since_ms: number | null;
    created_ms: number;
  };
  alert_events: {
    id: string;
    subscription_id: string;
    type: string;
    body: string;
    /** pending | delivered | failed */
    status: string;
    attempts: number;
    next_attempt_ms: number;
    lease_holder: string | null;
    lease_until_ms: number | null;
    created_ms: number;
    settled_ms: number | null;
  };
  alert_deliveries: {
    id: string;
    event_id: string;
    subscription_id: string;
    event_type: string;
    attempted_ms: number;
    outcome: string;
    status_code: number | null;
    duration_ms: number;
    detail: string | null;
  };
}

export type Database = CoreTables & { report_jobs: ReportJobsTable } & GazetteerTables & {
    city_packages: CityPackagesTable;
  } & FeedTables &
  ReferenceTables &
  AlertTables;
