import autocannon from 'autocannon';
import Fastify from 'fastify';

/**
 * Throughput of one URL on a running server, measured with real HTTP over loopback, next
 * to a bare Fastify route serving the same bytes in the same process: the ratio is the
 * figure the README reports (it cancels out how fast this particular machine is).
 */
export async function measureRps(
  url: string,
  headers: Record<string, string> = {},
  seconds = 4,
): Promise<number> {
  const result = await autocannon({ url, connections: 16, duration: seconds, headers, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

export async function bareServer(
  body: Buffer | string,
  contentType: string,
  extraHeaders: Record<string, string> = {},
) {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async (_request, reply) => {
    reply.headers(extraHeaders);
    return reply.type(contentType).send(body);
  });
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/bare`, close: () => bare.close() };
}

/** Measures the service URL and its bare twin twice, interleaved, and keeps each one's best. */
export async function compareWithBare(
  label: string,
  serviceUrl: string,
  headers: Record<string, string>,
  bareUrl: string,
): Promise<{ label: string; service: number; bare: number; ratio: number }> {
  // warm-up so that neither side pays for JIT or caches
  await measureRps(serviceUrl, headers, 1);
  await measureRps(bareUrl, {}, 1);
  let service = 0;
  let bare = 0;
  for (let round = 0; round < 2; round++) {
    service = Math.max(service, await measureRps(serviceUrl, headers));
    bare = Math.max(bare, await measureRps(bareUrl));
  }
  return { label, service, bare, ratio: service / bare };
}

export function printTable(rows: Array<Record<string, string | number>>): void {
  console.table(rows);
}
