import assert from 'node:assert/strict';
import { test } from 'node:test';
import { constantTimeEqual } from '../../../src/domain/security/constant-time-equal.ts';

const KNOWN = 'a3f1c9e07b2d4858e6f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6';

test('equal texts compare equal, including the empty text', () => {
  assert.equal(constantTimeEqual(KNOWN, `${KNOWN}`), true);
  assert.equal(constantTimeEqual('', ''), true);
});

test('a text differing in any one character is unequal, first, middle or last', () => {
  for (const at of [0, 31, KNOWN.length - 1]) {
    const changed = KNOWN.slice(0, at) + (KNOWN[at] === '0' ? '1' : '0') + KNOWN.slice(at + 1);
    assert.equal(constantTimeEqual(KNOWN, changed), false, `changed at ${at}`);
  }
});

test('a prefix or an extension of the known text is unequal', () => {
  assert.equal(constantTimeEqual(KNOWN, KNOWN.slice(0, -1)), false);
  assert.equal(constantTimeEqual(KNOWN, `${KNOWN}0`), false);
  assert.equal(constantTimeEqual(KNOWN, ''), false);
});

test('characters beyond one byte are compared whole (no truncation to a byte)', () => {
  // U+0100 and U+0000 differ only above the low byte
  assert.equal(constantTimeEqual('\u0100', '\u0000'), false);
  assert.equal(constantTimeEqual('é', 'é'), true);
});
