import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KEY_STATUS_DETAIL } from '../../domain/keys/key-status.ts';
import type { SpanHandle, Telemetry } from '../../services/ports/telemetry-port.ts';
import { toApiError } from '../problem.ts';

interface RequestTelemetry {
  span: SpanHandle | null;
  /** the problem the request ended with, if any (code and detail only) */
  problem: { code: string; detail: string } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    telemetry: RequestTelemetry | null;
  }
}

const FORBIDDEN_BY_STATUS: ReadonlyArray<readonly [string, string]> = [
  [KEY_STATUS_DETAIL.revoked, 'deactivated'],
  [KEY_STATUS_DETAIL.expired, 'expired'],
  [KEY_STATUS_DETAIL.secret_from_browser, 'browser_origin'],
  [KEY_STATUS_DETAIL.origin_not_allowed, 'browser_origin'],
];

/** The refusal metric's reason for each refusal of the key verifier (services/key-verifier.ts). */
const REASON_BY_VERIFICATION: Readonly<Record<NonNullable<FastifyRequest['keyRefusal']>, string>> = {
  unknown: 'unknown_key',
  revoked: 'deactivated',
  expired: 'expired',
  secret_from_browser: 'browser_origin',
  origin_not_allowed: 'browser_origin',
  product_missing: 'product_scope',
  rate_limited: 'rate_limited',
};

/**
 * Why a request was refused 401/403 without a verdict of the key verifier (no key, a
 * malformed header, a metric outside the key's scope), as one of a few fixed words (the metric label):
 * read from the problem the refusal carried, never from the key or the request.
 */
export function refusalReason(status: number, detail: string): string {
  if (status === 401) {
    if (/not recognised/i.test(detail)) return 'unknown_key';
    if (/required/i.test(detail)) return 'missing_key';
    return 'malformed_credentials';
  }
  for (const [text, reason] of FORBIDDEN_BY_STATUS) if (detail === text) return reason;
  if (/deactivated/i.test(detail)) return 'deactivated';
  if (/product/i.test(detail)) return 'product_scope';
  if (/scoped|metric/i.test(detail)) return 'data_scope';
  return 'other';
}

/** The route template a request matched (never the raw URL): `unmatched` for 404s without a route. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Per-request metrics and the HTTP server span. Registered only when metrics or tracing
 * is on: with both off the API runs exactly the hooks it ran before.
 */
export function registerTelemetryHooks(app: FastifyInstance, telemetry: Telemetry): void {
  const { metrics, tracing } = telemetry;
  if (!metrics.enabled && !tracing.enabled) return;
  app.decorateRequest('telemetry', null);

  app.addHook('onRequest', (request, _reply, done) => {
    const state: RequestTelemetry = { span: null, problem: null };
    request.telemetry = state;
    metrics.adjust('svc_http_requests_in_flight', 1, {});
    if (tracing.enabled) state.span = tracing.startServerSpan(request.method, request.headers, () => done());
    else done();
  });

  app.addHook('onError', (request, _reply, error, done) => {
    const mapped = toApiError(error);
    if (request.telemetry) {
      request.telemetry.problem = mapped
        ? { code: mapped.code, detail: mapped.detail }
        : { code: 'internal_error', detail: '' };
    }
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const state = request.telemetry;
    const route = routeOf(request);
    const status = reply.statusCode;
    const labels = { route, method: request.method, status: String(status) };
    metrics.adjust('svc_http_requests_in_flight', -1, {});
    metrics.count('svc_http_requests_total', labels);
    metrics.observe('svc_http_request_duration_seconds', reply.elapsedTime / 1000, labels);
    const problem = state?.problem;
    if (status === 401 || status === 403) {
      metrics.count('svc_auth_refusals_total', {
        status: String(status),
        reason: request.keyRefusal
          ? REASON_BY_VERIFICATION[request.keyRefusal]
          : refusalReason(status, problem?.detail ?? ''),
      });
    } else if (status === 429) {
      if (problem?.code === 'quota_exceeded') metrics.count('svc_report_quota_exceeded_total', {});
      else metrics.count('svc_rate_limited_total', {});
    } else if (status === 504 && problem?.code === 'upstream_timeout') {
      metrics.count('svc_model_deadline_expiries_total', { route });
    }
    if (state?.span) {
      state.span.updateName(`${request.method} ${route}`);
      state.span.setAttributes({
        'http.request.method': request.method,
        'http.route': route,
        'http.response.status_code': status,
        'svc.request_id': request.id,
      });
      state.span.end(status >= 500);
    }
    done();
  });
}
