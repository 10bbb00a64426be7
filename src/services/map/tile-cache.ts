import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

/**
 * A tile as the caches keep it: compressed with the tile, on zlib's thread pool (a cached
 * tile then costs a lookup and a write whatever the client accepts, never a compression),
 * and its ETag from its address and bytes.
 */
export async function cachedTileOf(key: string, raw: Buffer | null): Promise<CachedTile> {
  return {
    raw,
    gzip: raw === null ? null : await gzip(raw, { level: 6 }),
    etag: `"${createHash('sha1')
      .update(key)
      .update(raw ?? '')
      .digest('base64url')}"`,
  };
}

/**
 * Encoded tiles by address, least recently used out first, bounded by bytes. An empty
 * tile is cached too (as null), since asking the model again would find it empty again.
 * Keys carry the model version, so new data never meets old tiles.
 */
export interface CachedTile {
  /** the MVT bytes, or null for an empty tile */
  raw: Buffer | null;
  /** gzip of raw, made with it (null exactly when raw is) */
  gzip: Buffer | null;
  etag: string;
}

/** a cached tile and when it was last put at the young end of the order */
interface Slot {
  tile: CachedTile;
  movedAt: number;
}

export class TileCache {
  private readonly entries = new Map<string, Slot>();
  private bytes = 0;
  /** counts insertions and moves: how far back in the order a slot has drifted */
  private moves = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedTile | undefined {
    const slot = this.entries.get(key);
    if (slot === undefined) return undefined;
    // Map iteration is insertion order, so the oldest entry is first. A hit moves its
    // entry to the young end only once more entries than half the cache were put there
    // after it: moving on every hit (delete + set) made the Map of a hot tile rebuild its
    // table over and over. An entry read within that time was young anyway, so least
    // recently used still goes first, to within half the cache.
    if (this.moves - slot.movedAt > this.entries.size >> 1) {
      this.entries.delete(key);
      slot.movedAt = ++this.moves;
      this.entries.set(key, slot);
    }
    return slot.tile;
  }

  set(key: string, tile: CachedTile): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= sizeOf(previous.tile);
      this.entries.delete(key);
    }
    this.entries.set(key, { tile, movedAt: ++this.moves });
    this.bytes += sizeOf(tile);
    while (this.bytes > this.maxBytes && this.entries.size > 1) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= sizeOf(oldest.tile);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}

function sizeOf(tile: CachedTile): number {
  return 64 + (tile.raw?.length ?? 0) + (tile.gzip?.length ?? 0);
}
