import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import { median } from './figures.ts';
import { LOAD_GENERATOR, loadFor } from './load-generator.ts';
import { PINNED, pinnedWhile, SERVER_CORE } from './pinning.ts';

/**
 * Throughput of one URL on a running server, measured with real HTTP over loopback, next
 * to a bare Fastify route that answers with the same bytes and the same headers in the
 * same process, both loaded by the same generator from another process
 * (bench/load-generator.ts): the ratio is the figure the README reports (it cancels out
 * how fast this particular machine is).
 */
export async function measureRps(
  url: string,
  headers: Record<string, string> = {},
  seconds = 4,
): Promise<number> {
  const result = await loadFor(url, { headers, seconds, connections: 16 });
  if (result.failures > 0) throw new Error(`${url}: ${result.failures} failed answers`);
  return result.rps;
}

/** headers Node writes itself (or that describe this one connection), not copied to the twin */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** One raw answer of the service: its status, headers and body bytes exactly as sent (no decoding). */
function rawAnswer(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const copied: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (!OWN_HEADERS.has(name) && typeof value === 'string') copied[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, headers: copied, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A bare Fastify server answering exactly what the service answered to `url` (bytes and
 * headers), asked for with the same request: the same path and query string (one
 * catch-all route, so the bare side still parses the URL and its query as every Fastify
 * route does), so the ratio measures the service's own work and nothing the request line
 * adds (a signed tile URL is 180 bytes long).
 */
export async function bareTwin(url: string, headers: Record<string, string> = {}) {
  const answer = await rawAnswer(url, headers);
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  const bare = Fastify({ logger: false, routerOptions: { maxParamLength: 500 } });
  bare.get('/*', (_request, reply) => reply.headers(answer.headers).send(answer.body));
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  const { pathname, search } = new URL(url);
  return { url: `${address}${pathname}${search}`, bytes: answer.body.length, close: () => bare.close() };
}

export interface Comparison {
  label: string;
  /** requests per second of each round */
  service: number[];
  bare: number[];
  /** best service round over best bare round */
  bestRatio: number;
  /** median over rounds of the ratio measured within the round */
  medianRatio: number;
}

/**
 * Measures the service URL and its bare twin in `rounds` interleaved rounds (the order
 * alternating, so drift falls on both alike) after a warm-up of each.
 */
export async function compareWithBare(
  label: string,
  serviceUrl: string,
  headers: Record<string, string>,
  options: { rounds?: number; seconds?: number } = {},
): Promise<Comparison> {
  const rounds = options.rounds ?? 3;
  const seconds = options.seconds ?? 4;
  const twin = await bareTwin(serviceUrl, headers);
  try {
    return await pinnedWhile(SERVER_CORE, () =>
      interleavedRounds(label, serviceUrl, twin.url, headers, rounds, seconds),
    );
  } finally {
    await twin.close();
  }
}

/** compareWithBare's rounds, on whatever cores the caller chose */
async function interleavedRounds(
  label: string,
  serviceUrl: string,
  twinUrl: string,
  headers: Record<string, string>,
  rounds: number,
  seconds: number,
): Promise<Comparison> {
  // warm-up so that neither side pays for JIT or caches
  await measureRps(serviceUrl, headers, 1);
  await measureRps(twinUrl, headers, 1);
  const service: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      service.push(await measureRps(serviceUrl, headers, seconds));
      bare.push(await measureRps(twinUrl, headers, seconds));
    } else {
      bare.push(await measureRps(twinUrl, headers, seconds));
      service.push(await measureRps(serviceUrl, headers, seconds));
    }
  }
  return {
    label,
    service,
    bare,
    bestRatio: Math.max(...service) / Math.max(...bare),
    medianRatio: median(service.map((rps, i) => rps / (bare[i] as number))),
  };
}

/** the spread of the per-round ratios around their median, e.g. 0.04 for ±4 % */
export function ratioSpread(c: Comparison): number {
  const ratios = c.service.map((rps, i) => rps / (c.bare[i] as number));
  return (Math.max(...ratios) - Math.min(...ratios)) / 2 / c.medianRatio;
}

/** "median 0.89 ±2 % over 3 rounds, best 0.91 (7,812 vs 8,590 req/s, wrk, pinned)" */
export function describeComparison(c: Comparison): string {
  const best = (xs: number[]) => Math.round(Math.max(...xs)).toLocaleString('en');
  return `median ${c.medianRatio.toFixed(2)} ±${(ratioSpread(c) * 100).toFixed(0)} % over ${c.service.length} rounds, best ${c.bestRatio.toFixed(2)} (${best(c.service)} vs ${best(c.bare)} req/s, ${LOAD_GENERATOR}${PINNED ? ', pinned' : ''})`;
}
