import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyServerOptions,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../../config.ts';
import type { Cities } from '../../domain/coverage/registry.ts';
import type { KeyVerifier } from '../../services/key-verifier.ts';
import type { Telemetry } from '../../services/ports/telemetry-port.ts';
import type { Readiness } from '../../services/readiness.ts';
import type { UpstreamFailureLog } from '../error-handler.ts';

/** The Fastify instance routes register on: the /v1 scope with the TypeBox provider. */
export type V1App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export type RouteRegistrar = (app: V1App) => Promise<void> | void;

/**
 * One product feature's routes (data, geocode, reports, map), built by its
 * `…Routes(services)` function with the services bound. `keyed` routes run behind the
 * key hook (401/403, rate window, product scope from the route's `config.product`);
 * `open` routes carry their own authorisation (signed tile URLs) or none (static
 * client files) and never count against a key.
 */
export interface FeatureRoutes {
  keyed: RouteRegistrar[];
  open: RouteRegistrar[];
}

/** What the app builder (http/app.ts) needs; the composition root supplies it. */
export interface AppDeps {
  config: Readonly<Config>;
  /** the live city registry: GET /cities and /cities/{city} */
  cities: Cities;
  clock: () => number;
  /** the key check of keyed routes (and the optional key of public ones) */
  verifier: KeyVerifier;
  /** the API version string reported by /health */
  version: string;
  /** every product feature's routes, registered the same way */
  features: FeatureRoutes[];
  logger?: FastifyServerOptions['logger'];
  /** where the request log writes instead of stdout (tests read it) */
  logStream?: DestinationStream;
  /** counts 5xx answers caused by a failing dependency, throttled (the process's fault log) */
  failures: UpstreamFailureLog;
  /** probes behind GET /v1/health/ready; the route exists only when given */
  readiness?: Readiness;
  /** request metrics and the HTTP span; off when absent */
  telemetry?: Telemetry;
  /** the configured live feeds' credits, added to the cities' attribution (none without FEED_*) */
  liveCredits?: () => readonly string[];
  /** a city's backfilled reference year (`svc feeds backfill`); undefined: its package's */
  referenceYearOf?: (cityId: string) => number | undefined;
}
