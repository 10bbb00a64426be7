import { FeedError } from '../../services/live/feeds-port.ts';

/**
 * One GET or POST to a provider with the manners a public API expects: a timeout, a few
 * retries with jittered back-off on 5xx, timeouts and network errors, and a 429 honoured
 * as the provider asks (Retry-After). Returns the body text of a 2xx answer; anything
 * else is a FeedError naming what went wrong (never the URL's query, which may hold a key).
 */
export interface HttpPolicy {
  timeoutMs: number;
  /** attempts after the first */
  retries: number;
  /** base back-off; attempt n waits base · 2^n · (0.5 … 1.5) */
  backoffMs: number;
  /** a Retry-After longer than this ends the poll instead of waiting */
  maxRetryAfterMs: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const DEFAULT_HTTP_POLICY: HttpPolicy = {
  timeoutMs: 10_000,
  retries: 2,
  backoffMs: 500,
  maxRetryAfterMs: 30_000,
};

// a timer that holds the process: `svc feeds poll` must not exit in the middle of a back-off
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as milliseconds: delta-seconds or an HTTP date */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export async function httpText(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: string } = {},
  policy: HttpPolicy = DEFAULT_HTTP_POLICY,
): Promise<string> {
  const sleep = policy.sleep ?? defaultSleep;
  const random = policy.random ?? Math.random;
  const where = new URL(url).pathname;
  let last: FeedError = new FeedError('network', `no attempt at ${where}`);
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    if (attempt > 0) await sleep(policy.backoffMs * 2 ** (attempt - 1) * (0.5 + random()));
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body ? { body: init.body } : {}),
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      last = timedOut
        ? new FeedError('timeout', `no answer from ${where} within ${policy.timeoutMs} ms`)
        : new FeedError(
            'network',
            `${where} unreachable (${error instanceof Error ? error.message : error})`,
          );
      continue;
    }
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after'), Date.now());
      const reason = await reasonOf(response);
      last = new FeedError('rate_limited', `${where} answered 429${reason}`, wait);
      // as the provider asks: wait what it says when that is short, else stop this poll
      if (wait === undefined || wait > policy.maxRetryAfterMs || attempt === policy.retries) throw last;
      await sleep(wait);
      continue;
    }
    if (response.status >= 500) {
      last = new FeedError('http_error', `${where} answered ${response.status}${await reasonOf(response)}`);
      continue;
    }
    if (!response.ok) {
      // 4xx other than 429: asking again will not help
      throw new FeedError('http_error', `${where} answered ${response.status}${await reasonOf(response)}`);
    }
    try {
      return await response.text();
    } catch (error) {
      last = new FeedError(
        'network',
        `${where}: the body was cut off (${error instanceof Error ? error.message : error})`,
      );
    }
  }
  throw last;
}

/** Open-Meteo's `{"error":true,"reason":"…"}`, shortened, for the log */
async function reasonOf(response: Response): Promise<string> {
  try {
    const text = await response.text();
    const parsed = JSON.parse(text) as { reason?: unknown };
    return typeof parsed.reason === 'string' ? `: ${parsed.reason.slice(0, 160)}` : '';
  } catch {
    return '';
  }
}

/** JSON.parse that answers a FeedError for HTML pages, bare `nan` and cut bodies */
export function parseJsonBody(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const start = text.trimStart().slice(0, 20).replace(/\s+/g, ' ');
    throw new FeedError('invalid_body', `${where}: the body is not JSON (starts with '${start}')`);
  }
}
