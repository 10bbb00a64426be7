/**
 * A Map that holds at most `capacity` entries: setting a new key when it is full drops
 * the oldest entry first. A key set again becomes the newest, and `use` makes a key
 * the newest on reading, which turns the order into least-recently-used. The memos in
 * front of hot paths (signatures, keys, placements, parsed payloads) all need exactly
 * this bound, so that a stream of distinct inputs cannot grow memory without limit.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity ${capacity} is not a positive integer`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** the value of `key`, made the newest entry (least recently used go first) */
  use(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    // Map iteration is insertion order: the first key is the oldest
    if (!this.entries.delete(key) && this.entries.size >= this.capacity) {
      this.entries.delete(this.entries.keys().next().value as K);
    }
    this.entries.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** the entries, oldest first */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries.entries();
  }
}
