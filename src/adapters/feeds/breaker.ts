import { type FeedClient, FeedError, type FeedPoint, type FeedRead } from '../../services/live/feeds-port.ts';

/**
 * A circuit breaker around a feed client: after `threshold` failed reads in a row the
 * provider is left alone for `openMs` (or as long as its 429 asked, if longer); then it
 * is probed with one read — through `probe`, the same client without retries, when given
 * — which either closes the circuit or opens it again. A provider that is down is then
 * asked once per poll instead of with retries at every poll, and `openMs` below the poll
 * interval lets every scheduled poll probe: the service is back at the first good poll
 * (docs/live-data.md: fresh again within two polls).
 */
export interface BreakerOptions {
  threshold?: number;
  openMs: number;
  /** the provider asked once, without retries: the half-open circuit's probe */
  probe?: FeedClient;
  clock?: () => number;
}

export function withCircuitBreaker(client: FeedClient, options: BreakerOptions): FeedClient {
  const threshold = options.threshold ?? 3;
  const clock = options.clock ?? Date.now;
  let failures = 0;
  let openUntil = 0;
  return {
    feed: client.feed,
    root: client.root,
    cadenceMs: client.cadenceMs,
    normalLagMs: client.normalLagMs,
    async read(nowMs: number, points: readonly FeedPoint[]): Promise<FeedRead> {
      const at = clock();
      if (at < openUntil)
        throw new FeedError(
          'circuit_open',
          `not asked: ${failures} failed reads in a row, next try in ${Math.ceil((openUntil - at) / 1000)} s`,
        );
      const reader = failures >= threshold ? (options.probe ?? client) : client;
      try {
        const read = await reader.read(nowMs, points);
        failures = 0;
        return read;
      } catch (error) {
        failures++;
        const asked = error instanceof FeedError ? (error.retryAfterMs ?? 0) : 0;
        if (failures >= threshold || asked > 0)
          openUntil = clock() + Math.max(asked, failures >= threshold ? options.openMs : 0);
        throw error;
      }
    },
  };
}
