import type { FastifyInstance } from 'fastify';

/**
 * Remembers every registered route's method and path pattern so that the not-found
 * handler can tell an unknown path from a known path asked with the wrong method.
 */
export function createRouteIndex(app: FastifyInstance): { allowedMethods(path: string): string[] } {
  const routes: Array<{ methods: string[]; pattern: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const source = route.url
      .split('/')
      .map((segment) => {
        if (segment === '*') return '.*';
        if (segment.startsWith(':')) return '[^/]+';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
      })
      .join('/');
    routes.push({ methods, pattern: new RegExp(`^${source}$`) });
  });
  return {
    allowedMethods(path) {
      const allowed = new Set<string>();
      for (const route of routes) {
        if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
      }
      return [...allowed];
    },
  };
}
