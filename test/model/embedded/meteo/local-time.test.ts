import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { localClock } from '../../../../src/model/embedded/meteo/local-time.ts';
import { emissionProfiles } from '../../../../src/model/embedded/physics/emission-profiles.ts';

const HOUR = 3_600_000;

/** the EU rule the model's clock was written for before it took its zone from data: CET, CEST from the last Sunday of March to the last Sunday of October, 01:00 UTC */
function euCentralOffsetHours(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  return ms >= lastSunday(2) && ms < lastSunday(9) ? 2 : 1;
}

/** the local reading through Intl, the slow way */
function intlReading(timeZone: string, ms: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      weekday: 'short',
    })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return {
    hour: Number(parts.hour),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!),
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
  };
}

describe('local clock', () => {
  test('Europe/Brussels follows the EU rule the model ran on, every hour of 2000–2030', () => {
    const clock = localClock('Europe/Brussels');
    for (let ms = Date.UTC(2000, 0, 1); ms < Date.UTC(2031, 0, 1); ms += HOUR) {
      const expected = euCentralOffsetHours(ms);
      if (clock.offsetHours(ms) !== expected)
        assert.fail(`${new Date(ms).toISOString()}: ${clock.offsetHours(ms)}`);
    }
    // a reading a minute either side of the spring change
    const change = Date.UTC(2025, 2, 30, 1);
    assert.equal(clock.read(change - 60_000).hour, 1);
    assert.equal(clock.read(change).hour, 3);
  });

  test('another zone reads as Intl reads it, half-hour offsets and southern summers included', () => {
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'UTC']) {
      const clock = localClock(zone);
      for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 7 * HOUR)
        assert.deepEqual(clock.read(ms), intlReading(zone, ms), `${zone} ${new Date(ms).toISOString()}`);
    }
  });

  test('the emission profiles run on the clock of the zone they are given', () => {
    // Wednesday 15 January 2025, 07:00 UTC: 08:00 in Brussels (rush hour), 07:00 in London
    const at = Date.UTC(2025, 0, 15, 7);
    const brussels = emissionProfiles(at, 'Europe/Brussels');
    const london = emissionProfiles(at, 'Europe/London');
    // London reaches 08:00 an hour later
    assert.deepEqual(brussels, emissionProfiles(at + HOUR, 'Europe/London'));
    assert.notDeepEqual(brussels, london);
  });
});
