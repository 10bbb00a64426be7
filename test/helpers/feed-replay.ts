import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the feed providers (FEEDS.md §5): answers each path with what the
 * test set for it — a fixture body in the provider's exact bytes, an error status, HTML,
 * a bare `nan`, a slow or cut answer — on 127.0.0.1 at a free port.
 */
export interface ReplayAnswer {
  status?: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** wait this long before answering (a slow provider) */
  delayMs?: number;
  /** send this many bytes of the body, then drop the connection (a cut answer) */
  cutAfterBytes?: number;
}

export type ReplayHandler = (request: { url: URL; body: string }) => ReplayAnswer;

export interface FeedReplay {
  url: string;
  /** answers `pathname` with `answer` from now on */
  on(pathname: string, answer: ReplayAnswer | ReplayHandler): void;
  /** requests received per pathname */
  hits(pathname: string): number;
  /** the last request's URL per pathname */
  lastUrl(pathname: string): URL | undefined;
  close(): Promise<void>;
}

export function fixture(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFeedReplay(): Promise<FeedReplay> {
  const answers = new Map<string, ReplayAnswer | ReplayHandler>();
  const counts = new Map<string, number>();
  const last = new Map<string, URL>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
    last.set(url.pathname, url);
    const configured = answers.get(url.pathname);
    const answer: ReplayAnswer =
      configured === undefined
        ? { status: 404, body: '{"error":true,"reason":"no such path"}' }
        : typeof configured === 'function'
          ? configured({ url, body })
          : configured;
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (response.destroyed) return;
    const payload = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body ?? '', 'utf8');
    response.writeHead(answer.status ?? 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(payload.length),
      ...answer.headers,
    });
    if (answer.cutAfterBytes !== undefined) {
      response.write(payload.subarray(0, answer.cutAfterBytes));
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    response.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    on: (pathname, answer) => answers.set(pathname, answer),
    hits: (pathname) => counts.get(pathname) ?? 0,
    lastUrl: (pathname) => last.get(pathname),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
