import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../src/domain/errors/catalogue.ts';
import type { KeyRecord } from '../../src/domain/keys/key-record.ts';
import { PlacementMemo } from '../../src/services/data/records-placement.ts';
import { LiveCities } from '../../src/services/live-cities.ts';
import { EMBEDDED_REGISTRY, embeddedCities } from '../helpers/embedded-cities.ts';
import { keyRecord as aKeyRecord } from '../helpers/key-record.ts';

const GRAND_PLACE = { lat: '50.8467', lon: '4.3525' };

/** one key id throughout: the memo tells records of one key apart by record, not by id */
const keyRecord = (overrides: Partial<KeyRecord> = {}) => aKeyRecord({ id: 'key-1', ...overrides });

const refusedWith = (code: string) => (error: unknown) => error instanceof ApiError && error.code === code;

test('a coordinate query is placed once per key record: rounded, in its city, with the metrics the key reads', () => {
  const memo = new PlacementMemo(embeddedCities);
  const key = keyRecord({ metrics: ['air', 'thermal'] });
  const first = memo.ofPoint('realtime', key, { ...GRAND_PLACE, radius: '20' });
  assert.equal(first.city.id, 'brussels');
  assert.deepEqual([first.location.lat, first.location.lon, first.radius], [50.8467, 4.3525, 20]);
  assert.deepEqual([...first.held].sort(), ['air', 'thermal']);
  assert.equal(memo.ofPoint('realtime', key, { ...GRAND_PLACE, radius: '20' }), first, 'from the memo');
  assert.notEqual(memo.ofPoint('forecast', key, { ...GRAND_PLACE, radius: '20' }), first, 'per product');
});

test('a key read again from the store (a new record) is placed again, so a narrower scope applies', () => {
  const memo = new PlacementMemo(embeddedCities);
  memo.ofPoint('realtime', keyRecord(), GRAND_PLACE);
  assert.throws(
    () => memo.ofPoint('realtime', keyRecord({ cities: ['charleroi'] }), GRAND_PLACE),
    refusedWith('forbidden'),
  );
});

test('a change of the city registry places every query again', () => {
  const live = new LiveCities(EMBEDDED_REGISTRY.cities);
  const memo = new PlacementMemo(live.current);
  const key = keyRecord();
  const before = memo.ofPoint('realtime', key, GRAND_PLACE);
  live.replace(EMBEDDED_REGISTRY.cities.filter((city) => city.id !== 'brussels'));
  assert.throws(() => memo.ofPoint('realtime', key, GRAND_PLACE), refusedWith('outside_coverage'));
  live.replace(EMBEDDED_REGISTRY.cities);
  const after = memo.ofPoint('realtime', key, GRAND_PLACE);
  assert.notEqual(after, before);
  assert.equal(after.city.id, 'brussels');
});

test('refusals are never remembered: bad input and places outside coverage are refused every time', () => {
  const memo = new PlacementMemo(embeddedCities);
  const key = keyRecord();
  for (let i = 0; i < 2; i++) {
    assert.throws(
      () => memo.ofPoint('realtime', key, { ...GRAND_PLACE, radius: '500' }),
      refusedWith('validation_error'),
    );
    assert.throws(
      () => memo.ofPoint('realtime', key, { lat: '51.2', lon: '3.2' }),
      refusedWith('outside_coverage'),
    );
  }
});

test('each coordinate, radius and product is its own entry, and the memo holds at most 4096 placements', () => {
  const memo = new PlacementMemo(embeddedCities);
  const key = keyRecord();
  const a = memo.ofPoint('realtime', key, GRAND_PLACE);
  const b = memo.ofPoint('realtime', key, { ...GRAND_PLACE, radius: '10' });
  const c = memo.ofPoint('realtime', key, { lat: '50.8468', lon: '4.3525' });
  assert.notEqual(a, b, 'a radius given is remembered apart from none');
  assert.deepEqual([a.radius, b.radius], [10, 10]);
  assert.equal(c.location.lat, 50.8468);
  assert.equal(memo.size, 3);
  // distinct places in Brussels until the memo is full, then one more
  for (let i = 0; memo.size < 4096; i++)
    memo.ofPoint('realtime', key, {
      lat: (50.847 + (i % 64) * 1e-5).toFixed(5),
      lon: (4.353 + Math.floor(i / 64) * 1e-5).toFixed(5),
    });
  assert.equal(memo.ofPoint('realtime', key, GRAND_PLACE), a, 'still remembered while there is room');
  memo.ofPoint('realtime', key, { lat: '50.8460', lon: '4.3520' });
  assert.equal(memo.size, 1, 'full: it starts again empty');
  const again = memo.ofPoint('realtime', key, GRAND_PLACE);
  assert.notEqual(again, a, 'placed afresh');
  assert.deepEqual(again, a);
});
