import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequestIds } from '../../src/http/request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('request ids are UUID v4, all distinct, across many draws of random bytes', () => {
  const next = createRequestIds();
  const seen = new Set<string>();
  // 20,000 ids: the random bytes are drawn 256 ids at a time, so this crosses 78 draws
  for (let i = 0; i < 20_000; i++) {
    const id = next();
    assert.match(id, UUID_V4);
    seen.add(id);
  }
  assert.equal(seen.size, 20_000);
});

test('an id handed out stays what it was when the next ones are written', () => {
  const next = createRequestIds();
  const first = next();
  const copy = `${first}`;
  for (let i = 0; i < 600; i++) next();
  assert.equal(first, copy);
});

test('every hex digit is used in every free position (the ids are not biased)', () => {
  const next = createRequestIds();
  const digitsAt = Array.from({ length: 36 }, () => new Set<string>());
  for (let i = 0; i < 5_000; i++) {
    const id = next();
    for (let at = 0; at < id.length; at++) digitsAt[at]!.add(id[at]!);
  }
  for (const [at, digits] of digitsAt.entries()) {
    if ([8, 13, 18, 23].includes(at)) assert.deepEqual([...digits], ['-']);
    else if (at === 14) assert.deepEqual([...digits], ['4']);
    else if (at === 19) assert.deepEqual([...digits].sort(), ['8', '9', 'a', 'b']);
    else assert.equal(digits.size, 16, `position ${at}`);
  }
});
