import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summerAfternoons } from '../../../src/services/reports/site-map.ts';

/** the report map's summer afternoons are 15:00 on the location's civil clock */
test('in Brussels, 13:00 UTC (15:00 summer time) every fourth day from 1 June to 31 August', () => {
  const hours = summerAfternoons(2025, 'Europe/Brussels');
  // the fixed hour the map used before the city's time zone was read
  const before: number[] = [];
  for (let at = Date.UTC(2025, 5, 1, 13); at <= Date.UTC(2025, 7, 31, 13); at += 4 * 86_400_000)
    before.push(at);
  assert.deepEqual(hours, before);
  assert.equal(hours.length, 23);
});

test("another city's afternoons follow its own time zone", () => {
  const brussels = summerAfternoons(2025, 'Europe/Brussels');
  // London summer time is UTC+1, an hour behind Brussels; New York's (EDT) UTC−4
  assert.deepEqual(
    summerAfternoons(2025, 'Europe/London'),
    brussels.map((at) => at + 3_600_000),
  );
  assert.deepEqual(
    summerAfternoons(2025, 'America/New_York'),
    brussels.map((at) => at + 6 * 3_600_000),
  );
  for (const at of summerAfternoons(2025, 'Asia/Kolkata')) assert.equal(new Date(at).getUTCMinutes(), 30);
});
