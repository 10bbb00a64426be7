import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  brusselsOffsetMs,
  civilFromDays,
  daysFromCivil,
  LocalCalendars,
  localCalendar,
  seasonOfMonth,
  summerTimeTransitions,
} from '../../../src/domain/stats/local-time.ts';
import { hoursFrom, intlBrusselsHour, intlBrusselsMonth, yearHours } from '../../helpers/stats-years.ts';

const HOUR = 3_600_000;

describe('Brussels local time', () => {
  test('summer time runs from the last Sunday of March to the last Sunday of October, 01:00 UTC', () => {
    const expected: Array<[number, string, string]> = [
      [2024, '2024-03-31T01:00:00Z', '2024-10-27T01:00:00Z'],
      [2025, '2025-03-30T01:00:00Z', '2025-10-26T01:00:00Z'],
      [2026, '2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z'],
      [2027, '2027-03-28T01:00:00Z', '2027-10-31T01:00:00Z'],
    ];
    for (const [year, start, end] of expected) {
      const transitions = summerTimeTransitions(year);
      assert.equal(transitions.summerStartMs, Date.parse(start), `${year} start`);
      assert.equal(transitions.summerEndMs, Date.parse(end), `${year} end`);
    }
  });

  test('switches offset exactly at the transition instants', () => {
    const start = Date.parse('2025-03-30T01:00:00Z');
    assert.equal(brusselsOffsetMs(start - 1), HOUR);
    assert.equal(brusselsOffsetMs(start), 2 * HOUR);
    const end = Date.parse('2025-10-26T01:00:00Z');
    assert.equal(brusselsOffsetMs(end - 1), 2 * HOUR);
    assert.equal(brusselsOffsetMs(end), HOUR);
  });

  test('agrees with Intl for every hour of 2024 (leap) and 2025', () => {
    for (const year of [2024, 2025]) {
      const hours = yearHours(year);
      const calendar = localCalendar(hours);
      for (let i = 0; i < hours.length; i++) {
        assert.equal(calendar.hour[i], intlBrusselsHour(hours[i]!), new Date(hours[i]!).toISOString());
        assert.equal(calendar.month[i], intlBrusselsMonth(hours[i]!), new Date(hours[i]!).toISOString());
      }
    }
  });

  test('skips local 02:00 in spring and repeats 02:00 in autumn', () => {
    const spring = localCalendar(hoursFrom('2025-03-29T23:00:00Z', 4));
    assert.deepEqual([...spring.hour], [0, 1, 3, 4]);
    const autumn = localCalendar(hoursFrom('2025-10-25T23:00:00Z', 4));
    assert.deepEqual([...autumn.hour], [1, 2, 2, 3]);
  });

  test('numbers nights by their evening and leaves daytime out of any night', () => {
    // 2025-07-01 18:00Z = 20:00 local (summer time) through 2025-07-02 06:00Z = 08:00 local
    const calendar = localCalendar(hoursFrom('2025-07-01T17:00:00Z', 14));
    const evening = calendar.day[1]!;
    assert.equal(calendar.night[0], -1, '19:00 local is daytime');
    for (let i = 1; i <= 12; i++) assert.equal(calendar.night[i], evening, `record ${i}`);
    assert.equal(calendar.night[13], -1, '08:00 local is daytime again');
    assert.equal(calendar.day[12], evening + 1);
  });

  test('a LocalCalendars memo: a run of hours seen before in another array reads the same calendar; other hours get their own', () => {
    const calendars = new LocalCalendars();
    const first = calendars.of(yearHours(2025));
    assert.equal(calendars.of(yearHours(2025)), first, 'the same run of hours, a new array');
    const gapped = yearHours(2025);
    gapped[5000] = gapped[5000]! + 30 * 60_000;
    assert.notEqual(calendars.of(gapped), first, 'not a run of whole consecutive hours');
    const shifted = calendars.of(hoursFrom('2025-01-01T01:00:00Z', 8760));
    assert.notEqual(shifted, first);
    assert.equal(shifted.hour[0], first.hour[1], 'starts an hour later');
    // and what it remembers is what localCalendar builds
    assert.deepEqual(first, localCalendar(yearHours(2025)));
    assert.notEqual(localCalendar(yearHours(2025)), first, 'the function itself keeps nothing');
  });

  test('the last UTC hour of a year is local New Year', () => {
    const hours = yearHours(2025);
    const calendar = localCalendar(hours);
    assert.equal(calendar.month[hours.length - 1], 1);
    assert.equal(calendar.hour[hours.length - 1], 0);
    assert.equal(calendar.hour[0], 1);
  });

  test('round-trips civil dates through day counts, leap days included', () => {
    for (const [y, m, d] of [
      [1970, 1, 1],
      [2000, 2, 29],
      [2024, 2, 29],
      [2024, 12, 31],
      [2100, 3, 1],
    ] as const) {
      const days = daysFromCivil(y, m, d);
      assert.equal(days, Date.UTC(y, m - 1, d) / 86_400_000);
      assert.deepEqual(civilFromDays(days), { year: y, month: m, day: d });
    }
  });

  test('meteorological seasons', () => {
    assert.deepEqual(
      Array.from({ length: 12 }, (_, i) => seasonOfMonth(i + 1)),
      [
        'winter',
        'winter',
        'spring',
        'spring',
        'spring',
        'summer',
        'summer',
        'summer',
        'autumn',
        'autumn',
        'autumn',
        'winter',
      ],
    );
  });
});
