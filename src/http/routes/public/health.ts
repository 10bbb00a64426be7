import { Type } from 'typebox';
import { KEY_OPTIONAL } from '../../openapi/access.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { V1App } from '../types.ts';

export const HealthSchema = Type.Object(
  {
    service: Type.Literal('svc-api'),
    status: Type.Literal('ok'),
    version: Type.String(),
    time: Type.String({ format: 'date-time' }),
  },
  { title: 'Health' },
);

export function registerHealth(app: V1App, deps: { version: string; clock: () => number }): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['public'],
        summary: 'Service health',
        operationId: 'getHealth',
        description: 'Whether the service answers, with its version and clock. No key; not rate limited.',
        security: KEY_OPTIONAL,
        // 400: an HTTP/1.1 request without Host, refused before any route runs
        response: { 200: HealthSchema, ...problemResponses(400) },
      },
    },
    // synchronous: nothing to wait for, so no promise per request (Fastify sends the value)
    (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        service: 'svc-api' as const,
        status: 'ok' as const,
        version: deps.version,
        time: new Date(deps.clock()).toISOString(),
      };
    },
  );
}
