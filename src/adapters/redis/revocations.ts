import type { Redis } from 'ioredis';
import type { FaultLog } from '../faults/fault-log.ts';
import { BACKGROUND_REDIS, closeRedis, openRedis } from './connection.ts';

/**
 * Revocations announced to every instance over Redis pub/sub, so that once one process
 * knows a key is revoked (the CLI that revoked it, or an instance that read it so) no
 * instance keeps accepting it from its short key cache. Messages carry only the key id.
 */
export interface RevocationChannel {
  announce(keyId: string): void;
  /** throws when Redis could not be told goodbye (see closeRedis) */
  close(): Promise<void>;
  /** drops the subscriber's socket at once (a shutdown past its deadline) */
  abandon(): void;
}

export function revocationChannelName(prefix: string): string {
  return `${prefix}keys:revoked`;
}

/** Publishes on an existing connection; never throws (the cache's short life is the fallback). */
export async function announceRevocation(redis: Redis, prefix: string, keyId: string): Promise<void> {
  await redis.publish(revocationChannelName(prefix), keyId).catch(() => {});
}

export function openRevocationChannel(options: {
  redisUrl: string;
  prefix: string;
  publisher: Redis;
  faults: FaultLog;
  /** a key was revoked somewhere: drop it */
  onRevoked(keyId: string): void;
  /** (re)subscribed after a gap in which announcements may have been lost: drop everything */
  onResync(): void;
}): RevocationChannel {
  const channel = revocationChannelName(options.prefix);
  const subscriber = openRedis(options.redisUrl, 'revocations', options.faults, BACKGROUND_REDIS);
  subscriber.on('message', (from: string, keyId: string) => {
    if (from === channel) options.onRevoked(keyId);
  });
  // ioredis resubscribes by itself on reconnect; what was announced meanwhile is lost
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (connectedBefore) options.onResync();
    connectedBefore = true;
  });
  subscriber.subscribe(channel).catch((error: unknown) => {
    options.faults.report('redis', error, 'revocation channel: subscribe failed');
  });
  return {
    announce(keyId) {
      void announceRevocation(options.publisher, options.prefix, keyId);
    },
    close: () => closeRedis(subscriber),
    abandon: () => subscriber.disconnect(),
  };
}
