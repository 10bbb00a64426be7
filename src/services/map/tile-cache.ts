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

export class TileCache {
  private readonly entries = new Map<string, CachedTile>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedTile | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // re-insert: Map iteration order is insertion order, so the oldest entry is first
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, tile: CachedTile): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= sizeOf(previous);
      this.entries.delete(key);
    }
    this.entries.set(key, tile);
    this.bytes += sizeOf(tile);
    while (this.bytes > this.maxBytes && this.entries.size > 1) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= sizeOf(oldest);
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
