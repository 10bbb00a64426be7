import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CachedTile, TileCache } from '../../../src/services/map/tile-cache.ts';

/** an empty tile: 64 bytes of the cache's accounting */
const tile = (etag: string): CachedTile => ({ raw: null, gzip: null, etag });
const held = (cache: TileCache, keys: string[]) => keys.filter((key) => cache.get(key) !== undefined);

test('the cache holds what fits in its bytes, the oldest out first', () => {
  const cache = new TileCache(4 * 64);
  for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, tile(key));
  assert.equal(cache.size, 4);
  assert.equal(cache.totalBytes, 4 * 64);
  assert.equal(cache.get('a'), undefined);
  assert.equal(cache.get('e')?.etag, 'e');
});

test('a tile read once it has grown old is kept over tiles nobody read', () => {
  const cache = new TileCache(4 * 64);
  for (const key of ['a', 'b', 'c', 'd']) cache.set(key, tile(key));
  assert.equal(cache.get('a')?.etag, 'a', 'the oldest, read');
  cache.set('e', tile('e'));
  cache.set('f', tile('f'));
  assert.deepEqual(held(cache, ['a', 'b', 'c', 'd', 'e', 'f']), ['a', 'd', 'e', 'f']);
});

test('a young tile read is not moved: the order of the others stays as it was', () => {
  const cache = new TileCache(4 * 64);
  for (const key of ['a', 'b', 'c', 'd']) cache.set(key, tile(key));
  for (let i = 0; i < 100; i++) cache.get('d');
  cache.set('e', tile('e'));
  assert.deepEqual(held(cache, ['a', 'b', 'c', 'd', 'e']), ['b', 'c', 'd', 'e']);
});

test('a tile set again replaces its bytes and becomes the youngest', () => {
  const cache = new TileCache(3 * 64);
  cache.set('a', tile('a'));
  cache.set('b', tile('b'));
  cache.set('a', { raw: Buffer.alloc(10), gzip: Buffer.alloc(5), etag: 'a2' });
  assert.equal(cache.totalBytes, 64 + 64 + 15);
  cache.set('c', tile('c'));
  assert.deepEqual(held(cache, ['a', 'b', 'c']), ['a', 'c']);
  assert.equal(cache.get('a')?.etag, 'a2');
});
