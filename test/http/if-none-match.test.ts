import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ifNoneMatchHits } from '../../src/http/if-none-match.ts';

/** If-None-Match as RFC 9110 §13.1.2 reads it: weak comparison over a list, or `*`. */
const ETAG = '"tile-abc123"';

test('the current ETag revalidates, strong or weak, on either side', () => {
  assert.equal(ifNoneMatchHits(ETAG, ETAG), true);
  assert.equal(ifNoneMatchHits('W/"tile-abc123"', ETAG), true);
  assert.equal(ifNoneMatchHits(ETAG, 'W/"tile-abc123"'), true);
  assert.equal(ifNoneMatchHits('W/"tile-abc123"', 'W/"tile-abc123"'), true);
});

test('a list revalidates when any of its tags is the current one', () => {
  assert.equal(ifNoneMatchHits(`"old", ${ETAG}`, ETAG), true);
  assert.equal(ifNoneMatchHits(`"old",W/"tile-abc123" , "older"`, ETAG), true);
  assert.equal(ifNoneMatchHits('"old", "older"', ETAG), false);
});

test('`*` matches any current representation', () => {
  assert.equal(ifNoneMatchHits('*', ETAG), true);
  assert.equal(ifNoneMatchHits(' * ', ETAG), true);
});

test('no header, another tag, or a tag that only contains the current one does not', () => {
  assert.equal(ifNoneMatchHits(undefined, ETAG), false);
  assert.equal(ifNoneMatchHits('', ETAG), false);
  assert.equal(ifNoneMatchHits('"tile-abc1234"', ETAG), false);
  assert.equal(ifNoneMatchHits('"tile-abc12"', ETAG), false);
  // the opaque tag is compared whole: a comma inside a quoted tag does not split it
  assert.equal(ifNoneMatchHits('"x, tile-abc123"', ETAG), false);
  assert.equal(ifNoneMatchHits('"tile-abc123, x"', ETAG), false);
  // unquoted text is no entity tag
  assert.equal(ifNoneMatchHits('tile-abc123', ETAG), false);
});
