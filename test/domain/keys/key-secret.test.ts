import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { generateKeySecret, hashKeySecret } from '../../../src/domain/keys/key-secret.ts';

test('a key is looked up by the SHA-256 of its secret, as hex text', () => {
  const secret = generateKeySecret('sk');
  assert.match(secret, /^svc_sk_[0-9A-Za-z]{40}$/);
  const expected = createHash('sha256').update(secret).digest('hex');
  assert.equal(hashKeySecret(secret), expected);
  assert.notEqual(hashKeySecret(generateKeySecret('sk')), expected);
});
