import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  AdmissionMemo,
  type AdmittedTile,
  splitSignature,
} from '../../../src/services/map/admission-memo.ts';

const URL_TEXT =
  '/v1/map/brussels/tiles/thermal/1795665600000/15/16780/10992.mvt?key=k1&exp=1795680000&sig=SIGNATURE';

function entry(overrides: Partial<AdmittedTile> = {}): AdmittedTile {
  return {
    keyId: 'k1',
    cacheKey: 'v1|/map/brussels/tiles/thermal/1795665600000|-|15/16780/10992',
    modelVersion: 'v1',
    validUntilMs: 10_000,
    signature: 'SIGNATURE',
    ...overrides,
  };
}

test('splitSignature takes the one sig parameter out of the URL, wherever it stands', () => {
  assert.deepEqual(splitSignature(URL_TEXT), {
    lookup: '/v1/map/brussels/tiles/thermal/1795665600000/15/16780/10992.mvt?key=k1&exp=1795680000',
    signature: 'SIGNATURE',
  });
  assert.deepEqual(splitSignature('/t.mvt?sig=S&key=k1&exp=9'), {
    lookup: '/t.mvt?key=k1&exp=9',
    signature: 'S',
  });
  assert.deepEqual(splitSignature('/t.mvt?key=k1&sig=S&exp=9'), {
    lookup: '/t.mvt?key=k1&exp=9',
    signature: 'S',
  });
  // a parameter whose name ends in "sig" is not the signature
  assert.deepEqual(splitSignature('/t.mvt?xsig=1&sig=S'), { lookup: '/t.mvt?xsig=1', signature: 'S' });
});

test('splitSignature refuses URLs without a query, without a signature, or with two', () => {
  assert.equal(splitSignature('/t.mvt'), null);
  assert.equal(splitSignature('/t.mvt?key=k1&exp=9'), null);
  assert.equal(splitSignature('/t.mvt?xsig=1'), null);
  assert.equal(splitSignature('/t.mvt?sig=A&sig=B'), null);
  assert.equal(splitSignature('/t.mvt?key=k&sig=A&exp=1&sig=A'), null);
});

test('an entry is found only with the signature that verified, and only before its time', () => {
  const memo = new AdmissionMemo();
  memo.remember('L', entry());
  assert.equal(memo.find('L', 'SIGNATURE', 0)?.keyId, 'k1');
  assert.equal(memo.find('L', 'SIGNATURX', 0), undefined);
  assert.equal(memo.find('L', 'SIGNATUR', 0), undefined);
  assert.equal(memo.find('other', 'SIGNATURE', 0), undefined);
  assert.equal(memo.find('L', 'SIGNATURE', 9_999)?.keyId, 'k1');
  assert.equal(memo.find('L', 'SIGNATURE', 10_000), undefined);
  // an expired entry is dropped, not kept
  assert.equal(memo.size, 0);
});

test('the memo is bounded: the oldest entry leaves first', () => {
  const memo = new AdmissionMemo();
  for (let i = 0; i < 5000; i++) memo.remember(`L${i}`, entry());
  assert.equal(memo.size, 4096);
  assert.equal(memo.find('L0', 'SIGNATURE', 0), undefined);
  assert.ok(memo.find('L4999', 'SIGNATURE', 0));
});
