/**
 * Whether a key may still use its signed URLs, asked of the key store at most once per
 * key every `ttlMs` (5 s: the contract gives a revocation 5 seconds to take effect), so
 * a page pulling dozens of tiles a second costs the store one lookup.
 */
export type IsKeyActive = (keyId: string) => Promise<boolean>;

export function cachedKeyActivity(
  isKeyActive: IsKeyActive,
  opts: { ttlMs?: number; now?: () => number; maxEntries?: number } = {},
): IsKeyActive {
  const ttlMs = opts.ttlMs ?? 4_000;
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 10_000;
  const seen = new Map<string, { active: Promise<boolean>; atMs: number }>();
  return (keyId) => {
    const t = now();
    const hit = seen.get(keyId);
    if (hit && t - hit.atMs < ttlMs) return hit.active;
    const active = isKeyActive(keyId);
    // a failed lookup is not remembered: the next request asks again
    active.catch(() => {
      if (seen.get(keyId)?.active === active) seen.delete(keyId);
    });
    if (seen.size >= maxEntries) seen.delete(seen.keys().next().value!);
    seen.set(keyId, { active, atMs: t });
    return active;
  };
}
