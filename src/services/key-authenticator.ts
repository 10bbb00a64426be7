import { BoundedMap } from '../domain/collections/bounded-map.ts';
import { DependencyUnavailableError } from '../domain/errors/dependency.ts';
import { NOT_A_BROWSER } from '../domain/keys/browser-request.ts';
import type { KeyRecord } from '../domain/keys/key-record.ts';
import { hashKeySecret, keyTypeOf } from '../domain/keys/key-secret.ts';
import { evaluateKey } from '../domain/keys/key-status.ts';
import { constantTimeEqual } from '../domain/security/constant-time-equal.ts';
import type { KeyRepository } from './key-repository-port.ts';
import type { CacheProbe } from './ports/telemetry-port.ts';

/**
 * Finds the key behind a presented secret. Found keys are cached for at most
 * `maxStaleMs` so that a revocation by the CLI (another process) shows within that time;
 * unknown secrets are never cached, so a key created a moment ago works at once.
 */
export interface KeyAuthenticator {
  lookup(secret: string): Promise<KeyRecord | null>;
  /**
   * `lookup`'s answer when it needs no store read: the cached key while fresh, null for
   * text that cannot be a key; else undefined (an unknown secret is never cached)
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
  const MAX_ENTRIES = 10_000;
  /** `stored`: the row's hash (hex), compared in constant time with the presented one */
  const byHash = new BoundedMap<string, { key: KeyRecord; stored: string; at: number }>(MAX_ENTRIES);
  const byIdCache = new BoundedMap<string, { key: KeyRecord | null; at: number }>(MAX_ENTRIES);

  /** the cached key of a presented hash, compared in constant time with the stored hash */
  function matching(entry: { key: KeyRecord; stored: string }, presented: string): KeyRecord | null {
    // the index lookup found the row; compare the stored hash in constant time as well
    return constantTimeEqual(entry.stored, presented) ? entry.key : null;
  }

  /** an entry read within the staleness bound, or undefined */
  function fresh<V extends { at: number }>(
    cache: BoundedMap<string, V>,
    id: string,
    now: number,
  ): V | undefined {
    const entry = cache.get(id);
    return entry !== undefined && now - entry.at <= maxStaleMs ? entry : undefined;
  }

  /**
   * One read of a key by id at a time: concurrent callers (hot tiles of one key whose
   * cache entry just aged) share it. A caller holding a copy younger than the outage
   * grace keeps using it while the store is away.
   */
  const readingById = new Map<string, Promise<KeyRecord | null>>();
  async function readById(id: string, now: number): Promise<KeyRecord | null> {
    let reading = readingById.get(id);
    if (reading === undefined) {
      const started: Promise<KeyRecord | null> = repository.findById(id).then((key) => {
        // a forget() while the read ran: what it read may predate the revocation announced
        if (readingById.get(id) === started) byIdCache.set(id, { key, at: now });
        return key;
      });
      reading = started;
      readingById.set(id, started);
      const done = () => {
        if (readingById.get(id) === started) readingById.delete(id);
      };
      started.then(done, done);
    }
    const held = byIdCache.get(id);
    try {
      return await reading;
    } catch (error) {
      if (error instanceof DependencyUnavailableError && held && now - held.at <= outageGraceMs)
        return held.key;
      throw error;
    }
  }

  /** the stored hash a presented secret would have, or null for text that cannot be a key */
  function hashOf(secret: string): string | null {
    return keyTypeOf(secret) === null || secret.length > 200 ? null : hashKeySecret(secret);
  }

  /** the cached key of a hash while fresh, else undefined */
  function cachedByHash(hash: string): KeyRecord | null | undefined {
    const entry = fresh(byHash, hash, clock());
    if (entry === undefined) return undefined;
    options.onCache?.('hit');
    return matching(entry, hash);
  }

  function cachedById(id: string): KeyRecord | null | undefined {
    const entry = fresh(byIdCache, id, clock());
    if (entry === undefined) return undefined;
    options.onCache?.('hit');
    return entry.key;
  }

  return {
    cachedLookup(secret) {
      const hash = hashOf(secret);
      return hash === null ? null : cachedByHash(hash);
    },
    async lookup(secret) {
      const hash = hashOf(secret);
      if (hash === null) return null;
      const known = cachedByHash(hash);
      if (known !== undefined) return known;
      options.onCache?.('miss');
      const now = clock();
      const held = byHash.get(hash);
      let found: Awaited<ReturnType<KeyRepository['findByHash']>>;
      try {
        found = await repository.findByHash(hash);
      } catch (error) {
        if (!(error instanceof DependencyUnavailableError) || !held || now - held.at > outageGraceMs)
          throw error;
        found = { key: held.key, hash };
      }
      if (!found) {
        byHash.delete(hash);
        return null;
      }
      if (found.key.revokedMs !== null && held?.key.revokedMs == null) options.onRevokedSeen?.(found.key.id);
      // an outage answer keeps the entry's age, so the next request asks the database again
      const entry = {
        key: found.key,
        stored: found.hash,
        at: held && found.key === held.key ? held.at : now,
      };
      byHash.set(hash, entry);
      return matching(entry, hash);
    },
    cachedById,
    async byId(id) {
      const known = cachedById(id);
      if (known !== undefined) return known;
      options.onCache?.('miss');
      return readById(id, clock());
    },
    forget(keyId) {
      byIdCache.delete(keyId);
      readingById.delete(keyId);
      for (const [hash, entry] of byHash) if (entry.key.id === keyId) byHash.delete(hash);
    },
    forgetAll() {
      byIdCache.clear();
      readingById.clear();
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
