import swaggerUi from '@fastify/swagger-ui';
import type { AppDeps, V1App } from '../types.ts';
import { renderErrorsPage } from './errors-page.ts';

/** The OpenAPI document, the API reference (served locally) and the errors page. */
export async function registerDocsRoutes(v1: V1App, _deps: AppDeps): Promise<void> {
  const errorsPage = renderErrorsPage();
  v1.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('application/json').send(JSON.stringify(v1.swagger()));
  });
  v1.get('/docs/errors', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('text/html; charset=utf-8').send(errorsPage);
  });
  await v1.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
  });
}
