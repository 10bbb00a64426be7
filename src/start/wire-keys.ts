import type { RevocationChannel } from '../adapters/redis/revocations.ts';
import { cacheProbe } from '../adapters/telemetry/cache.ts';
import { createKeyAuthenticator } from '../services/key-authenticator.ts';
import type { Foundation } from './foundation.ts';

/** The key cache, and in scale-out the channel that carries a revocation to every instance's cache at once. */
export async function wireKeys({ config, clock, stores, faults, telemetry, closers }: Foundation) {
  let revocations: RevocationChannel | null = null;
  const authenticator = createKeyAuthenticator(stores.keys, {
    clock,
    onRevokedSeen: (keyId) => revocations?.announce(keyId),
    onCache: cacheProbe('keys', telemetry.metrics),
  });
  if (stores.redis && config.redisUrl) {
    const { openRevocationChannel } = await import('../adapters/redis/revocations.ts');
    const channel = openRevocationChannel({
      redisUrl: config.redisUrl,
      prefix: config.redisPrefix,
      publisher: stores.redis,
      faults,
      onRevoked: (keyId) => authenticator.forget(keyId),
      onResync: () => authenticator.forgetAll(),
    });
    revocations = channel;
    closers.working.push({
      name: 'revocation subscriber',
      dependency: 'redis',
      close: () => channel.close(),
      abandon: () => channel.abandon(),
    });
  }
  return authenticator;
}

export type KeyAuthenticator = Awaited<ReturnType<typeof wireKeys>>;
