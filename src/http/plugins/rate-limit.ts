import type { FastifyReply } from 'fastify';
import type { Counters } from '../../adapters/counters/port.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import type { KeyRecord } from '../../domain/keys/key-record.ts';

const MINUTE_MS = 60_000;

/**
 * Counts one request in the key's current minute window (aligned to the minute) and sets
 * the X-RateLimit-* headers from the counter's answer; past the limit it throws
 * 429 rate_limited with an integer Retry-After (seconds to the next window).
 */
export async function consumeRateWindow(
  counters: Counters,
  key: KeyRecord,
  nowMs: number,
  reply: FastifyReply,
): Promise<void> {
  const windowStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const nextWindow = windowStart + MINUTE_MS;
  const result = await counters.incrementWithin(
    `rate:${key.id}:${windowStart / 1000}`,
    1,
    key.ratePerMin,
    nextWindow + MINUTE_MS,
  );
  reply.header('X-RateLimit-Limit', String(key.ratePerMin));
  reply.header('X-RateLimit-Remaining', String(Math.max(0, key.ratePerMin - result.value)));
  reply.header('X-RateLimit-Reset', String(nextWindow / 1000));
  if (!result.applied) {
    const retryAfter = Math.max(1, Math.ceil((nextWindow - nowMs) / 1000));
    throw apiError(
      'rate_limited',
      `Rate limit of ${key.ratePerMin} requests per minute exceeded; retry in ${retryAfter} s.`,
      {
        headers: { 'Retry-After': String(retryAfter) },
      },
    );
  }
}
