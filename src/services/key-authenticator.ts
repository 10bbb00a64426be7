import { timingSafeEqual } from 'node:crypto';
import type { KeyRepository } from '../adapters/store/port.ts';
import { DependencyUnavailableError } from '../domain/errors/dependency.ts';
import { NOT_A_BROWSER } from '../domain/keys/browser-request.ts';
import type { KeyRecord } from '../domain/keys/key-record.ts';
import { hashKeySecret, keyTypeOf } from '../domain/keys/key-secret.ts';
import { evaluateKey } from '../domain/keys/key-status.ts';
import type { CacheProbe } from '../domain/telemetry/port.ts';

/**
 * Finds the key behind a presented secret. Found keys are cached for at most
 * `maxStaleMs` so that a revocation by the CLI (another process) shows within that time;
 * unknown secrets are never cached, so a key created a moment ago works at once.
 */
export interface KeyAuthenticator {
  lookup(secret: string): Promise<KeyRecord | null>;
  /**
   * `lookup`'s answer when the cache holds a fresh one for this secret (no store read),
   * else undefined; an unknown secret is never cached, so it is always undefined
   */
  cachedLookup(secret: string): KeyRecord | null | undefined;
  /** the key's current record by id (tiles: a revoked key's URLs stop working) */
  byId(id: string): Promise<KeyRecord | null>;
  /** `byId`'s answer when its cache still holds a fresh one (no store read), else undefined */
  cachedById(id: string): KeyRecord | null | undefined;
  /** drops a key from the caches (a revocation announced by another process) */
  forget(keyId: string): void;
  /** drops every cached key (announcements may have been missed while Redis was away) */
  forgetAll(): void;
}

export function createKeyAuthenticator(
  repository: KeyRepository,
  options: {
    maxStaleMs?: number;
    clock?: () => number;
    /**
     * while the database is unreachable, a key read from it within this long is still
     * accepted (what can be served is); a revocation cannot be written meanwhile anyway
     */
    outageGraceMs?: number;
    /** this process read a key as revoked: tell the other instances to drop it */
    onRevokedSeen?: (keyId: string) => void;
    /** told whether each look-up was answered from the cache (metrics) */
    onCache?: CacheProbe;
  } = {},
): KeyAuthenticator {
  const maxStaleMs = options.maxStaleMs ?? 2000;
  const outageGraceMs = options.outageGraceMs ?? 10 * 60_000;
  const clock = options.clock ?? Date.now;
  /** `stored`: the row's hash as bytes, decoded once per fill for the constant-time compare */
  const byHash = new Map<string, { key: KeyRecord; stored: Buffer; at: number }>();
  const byIdCache = new Map<string, { key: KeyRecord | null; at: number }>();
  const MAX_ENTRIES = 10_000;

  function remember<V>(map: Map<string, V>, id: string, value: V): void {
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
    map.set(id, value);
  }

  /** the cached key of a presented hash, compared in constant time with the stored hash */
  function matching(entry: { key: KeyRecord; stored: Buffer }, hash: string): KeyRecord | null {
    // the index lookup found the row; compare the stored hash in constant time as well
    const presented = Buffer.from(hash, 'hex');
    if (entry.stored.length !== presented.length || !timingSafeEqual(entry.stored, presented)) return null;
    return entry.key;
  }

  return {
    cachedLookup(secret) {
      if (keyTypeOf(secret) === null || secret.length > 200) return undefined;
      const hash = hashKeySecret(secret);
      const entry = byHash.get(hash);
      if (entry === undefined || clock() - entry.at > maxStaleMs) return undefined;
      options.onCache?.('hit');
      return matching(entry, hash);
    },
    async lookup(secret) {
      if (keyTypeOf(secret) === null || secret.length > 200) return null;
      const hash = hashKeySecret(secret);
      const now = clock();
      let entry = byHash.get(hash);
      const fresh = entry !== undefined && now - entry.at <= maxStaleMs;
      options.onCache?.(fresh ? 'hit' : 'miss');
      if (!entry || now - entry.at > maxStaleMs) {
        let found: Awaited<ReturnType<KeyRepository['findByHash']>>;
        try {
          found = await repository.findByHash(hash);
        } catch (error) {
          if (!(error instanceof DependencyUnavailableError) || !entry || now - entry.at > outageGraceMs)
            throw error;
          found = { key: entry.key, hash };
        }
        if (!found) {
          byHash.delete(hash);
          return null;
        }
        if (found.key.revokedMs !== null && entry?.key.revokedMs == null)
          options.onRevokedSeen?.(found.key.id);
        // an outage answer keeps the entry's age, so the next request asks the database again
        entry = {
          key: found.key,
          stored: Buffer.from(found.hash, 'hex'),
          at: entry && found.key === entry.key ? entry.at : now,
        };
        remember(byHash, hash, entry);
      }
      return matching(entry, hash);
    },
    cachedById(id) {
      const cached = byIdCache.get(id);
      if (cached === undefined || clock() - cached.at > maxStaleMs) return undefined;
      options.onCache?.('hit');
      return cached.key;
    },
    async byId(id) {
      const now = clock();
      const cached = byIdCache.get(id);
      const fresh = cached !== undefined && now - cached.at <= maxStaleMs;
      options.onCache?.(fresh ? 'hit' : 'miss');
      if (cached && now - cached.at <= maxStaleMs) return cached.key;
      let key: KeyRecord | null;
      try {
        key = await repository.findById(id);
      } catch (error) {
        if (error instanceof DependencyUnavailableError && cached && now - cached.at <= outageGraceMs)
          return cached.key;
        throw error;
      }
      remember(byIdCache, id, { key, at: now });
      return key;
    },
    forget(keyId) {
      byIdCache.delete(keyId);
      for (const [hash, entry] of byHash) if (entry.key.id === keyId) byHash.delete(hash);
    },
    forgetAll() {
      byIdCache.clear();
      byHash.clear();
    },
  };
}

/**
 * Whether a key may still use what it signed earlier (tile URLs), answered through
 * `byId`'s short cache: the composition root and the map tests share this one wiring, so
 * a revoked key's URLs stop within that cache's staleness and no second cache stacks on it.
 */
export function keyActivity(
  authenticator: KeyAuthenticator,
  clock: () => number,
): (keyId: string) => boolean | Promise<boolean> {
  const active = (key: KeyRecord | null) =>
    key !== null && evaluateKey(key, { nowMs: clock(), browser: NOT_A_BROWSER }).kind === 'ok';
  // answered synchronously while the cache is fresh: a hot tile then takes no promise turn
  return (keyId) => {
    const cached = authenticator.cachedById(keyId);
    return cached === undefined ? authenticator.byId(keyId).then(active) : active(cached);
  };
}
