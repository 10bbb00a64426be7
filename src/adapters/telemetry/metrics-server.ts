import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
/** what a scrape reads: a prom-client Registry, or the cluster's aggregate of every worker's */
export interface MetricsSource {
  readonly contentType: string;
  metrics(): Promise<string>;
}

export interface MetricsServer {
  /** the port it listens on (METRICS_PORT, or the one the system chose for 0) */
  readonly port: number;
  close(): Promise<void>;
}

/**
 * The Prometheus scrape endpoint on its own listener (HOST:METRICS_PORT), apart from the
 * public API: `GET /metrics` in the text exposition format, 404 for anything else. It has
 * no authentication; bind it where only the scraper reaches it.
 */
export async function startMetricsServer(
  registry: MetricsSource,
  host: string,
  port: number,
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (body) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
