import { Type } from 'typebox';
import { RETRY_AFTER_SECONDS } from '../../../domain/errors/dependency.ts';
import {
  DegradableStateSchema,
  DependencyStateSchema,
  FeedReadinessSchema,
  type Readiness,
} from '../../../services/readiness.ts';
import { KEY_OPTIONAL } from '../../openapi/access.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { V1App } from '../types.ts';

export const ReadinessSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
    checks: Type.Record(Type.String(), DependencyStateSchema, {
      description: 'database, redis (scale-out only), model_workers, disk',
    }),
    feeds: Type.Optional(
      Type.Record(Type.String(), FeedReadinessSchema, {
        description:
          'live data feeds (when configured): a degraded feed never makes the instance unready, the API serves its last good data',
      }),
    ),
    reports: Type.Optional(
      Type.Object(DegradableStateSchema.properties, {
        description:
          'report PDFs: degraded (with the reason) while the browser that prints them (CHROMIUM_PATH) is missing or failing; never makes the instance unready, jobs complete with their HTML and `pdf_pending`',
      }),
    ),
    time: Type.String({ format: 'date-time' }),
  },
  { title: 'Readiness' },
);

/**
 * GET /v1/health/ready, for load balancers and orchestrators: 200 when this instance can
 * serve keyed traffic, 503 with the failing dependencies otherwise. `/v1/health` stays
 * the spec's liveness answer (the process is up), whatever its dependencies do.
 */
export function registerReadiness(app: V1App, deps: { readiness: Readiness; clock: () => number }): void {
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['public'],
        summary: 'Readiness: whether this instance can serve keyed requests (operators, load balancers)',
        operationId: 'getReadiness',
        description:
          'Readiness, an operator extension beside the liveness answer of `GET /health`: 200 when this instance can serve keyed requests, 503 with `Retry-After` when a dependency it needs (database, Redis in scale-out, model workers, disk) is unavailable. `checks` gives each dependency its state and latency. No key; not rate limited; `Cache-Control: no-store`.',
        security: KEY_OPTIONAL,
        // 400: an HTTP/1.1 request without Host, refused before any route runs
        response: { 200: ReadinessSchema, 503: ReadinessSchema, ...problemResponses(400) },
      },
    },
    async (_request, reply) => {
      const report = await deps.readiness.report();
      reply.header('cache-control', 'no-store');
      if (!report.ready) reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      return {
        status: report.ready ? ('ready' as const) : ('unavailable' as const),
        checks: report.checks,
        ...(report.feeds ? { feeds: report.feeds } : {}),
        ...(report.reports ? { reports: report.reports } : {}),
        time: new Date(deps.clock()).toISOString(),
      };
    },
  );
}
