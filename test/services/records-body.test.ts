import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CachedRecords, createRecordsBodyEncoder } from '../../src/services/data/records-body.ts';
import { EMBEDDED_REGISTRY } from '../helpers/embedded-cities.ts';

const brussels = EMBEDDED_REGISTRY.find('brussels')!;
const location = { address: null, lat: 50.8467, lon: 4.3525 };
const T = Date.UTC(2026, 10, 26, 4, 0, 0, 123);
// one encoder for the file, as the records service holds one
const encodeRecordsBody = createRecordsBodyEncoder();

function payload(): CachedRecords {
  return {
    resolution_m: 10,
    radius_m: 10,
    hourly: [
      {
        hour: '2026-11-26T03:00:00Z',
        timestamp: '1795662000000',
        c: 12.5,
        c_pm25: 6,
        c_pm10: 11,
        c_o3: 40,
        ucomfort: 2.1,
        ugust: 4.4,
        utci: 5.2,
        air_temp_c: 6,
        rel_humidity_pct: 80,
        wind_10m_ms: 3,
        wind_dir_deg: 200,
      },
    ],
  };
}

test('a records body is the envelope with retrieved_utc of the given instant', () => {
  const body = JSON.parse(
    encodeRecordsBody(payload(), { city: brussels, location, held: brussels.metrics }, T).toString(),
  );
  assert.equal(body.meta.retrieved_utc, '2026-11-26T04:00:00.123Z');
  assert.equal(body.meta.hours, 1);
  assert.deepEqual(body.location, location);
  assert.equal(body.hourly[0].utci, 5.2);
});

test('answers assembled in the same millisecond share their bytes; the next millisecond gets its own', () => {
  const cached = payload();
  const first = encodeRecordsBody(cached, { city: brussels, location, held: brussels.metrics }, T);
  const again = encodeRecordsBody(cached, { city: brussels, location, held: brussels.metrics }, T);
  assert.equal(again, first, 'the same Buffer, not a copy');
  const later = encodeRecordsBody(cached, { city: brussels, location, held: brussels.metrics }, T + 1);
  assert.notEqual(later, first);
  assert.equal(JSON.parse(later.toString()).meta.retrieved_utc, '2026-11-26T04:00:00.124Z');
  assert.equal(JSON.parse(first.toString()).meta.retrieved_utc, '2026-11-26T04:00:00.123Z', 'unchanged');
});

test('a key holding fewer metrics never gets the bytes framed for another key in the same millisecond', () => {
  const cached = payload();
  const everything = encodeRecordsBody(cached, { city: brussels, location, held: brussels.metrics }, T);
  const airOnly = JSON.parse(
    encodeRecordsBody(cached, { city: brussels, location, held: ['air'] }, T).toString(),
  );
  assert.ok(everything.toString().includes('"utci"'));
  assert.equal(airOnly.hourly[0].utci, undefined);
  assert.equal(airOnly.hourly[0].ucomfort, undefined);
  assert.equal(airOnly.hourly[0].c, 12.5);
});

test('one place answered again with a newer payload gets the newer records, even in the same millisecond', () => {
  const place = { city: brussels, location, held: brussels.metrics };
  const older = payload();
  const newer = payload();
  newer.hourly[0]!.utci = 9.9;
  assert.equal(JSON.parse(encodeRecordsBody(older, place, T).toString()).hourly[0].utci, 5.2);
  assert.equal(JSON.parse(encodeRecordsBody(newer, place, T).toString()).hourly[0].utci, 9.9);
  assert.equal(JSON.parse(encodeRecordsBody(older, place, T).toString()).hourly[0].utci, 5.2);
});
