import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { computeThermalBlock } from '../../../../src/domain/metrics/thermal/block.ts';
import {
  cell,
  hoursFrom,
  input,
  intlBrusselsHour,
  intlBrusselsMonth,
  yearHours,
} from '../../../helpers/stats-years.ts';

const YEAR = yearHours(2025);
const isLocalDay = (t: number) => intlBrusselsHour(t) >= 8 && intlBrusselsHour(t) < 20;
const isSummer = (t: number) => [6, 7, 8].includes(intlBrusselsMonth(t));
const isWinter = (t: number) => [12, 1, 2].includes(intlBrusselsMonth(t));

describe('thermal block', () => {
  test('a year at a constant 20 °C is comfortable everywhere, all seasons tied', () => {
    const block = computeThermalBlock(input(YEAR, cell(YEAR, { utci: 20 })))!;
    assert.deepEqual(block.seasonal_comfort_pct, { winter: 100, spring: 100, summer: 100, autumn: 100 });
    assert.deepEqual(block.seasonal_acceptable_pct, { winter: 100, spring: 100, summer: 100, autumn: 100 });
    assert.equal(block.rating, 10);
    assert.equal(block.score, 10);
    assert.equal(block.label, 'Excellent');
    assert.deepEqual(block.rating_limiting_seasons, ['spring', 'summer', 'autumn']);
    assert.equal(block.rating_limiting_season, 'spring');
    assert.deepEqual(block.limiting_seasons, ['winter', 'spring', 'summer', 'autumn']);
    assert.equal(block.limiting_season, 'winter');
    assert.equal(block.comfort_pct, 100);
    assert.equal(block.summer_day_comfort_pct, 100);
    assert.equal(block.tropical_nights, 0, 'a UTCI of exactly 20 °C is not above 20 °C');
    assert.equal(block.tropical_nights_air, 0, 'no air temperature: no night is counted tropical');
    assert.equal(block.strong_heat_stress_days, 0);
    assert.equal(block.summer_night_mean_utci_c, 20);
    assert.equal(block.mean_utci_c, 20);
    assert.equal(block.min_utci_c, 20);
    assert.equal(block.max_utci_c, 20);
    assert.equal(block.monthly_mean_utci_c['11'], 20);
  });

  test('tropical_nights_air: the air temperature stays at or above 20 °C all night, whatever the UTCI', () => {
    const nights = (airAtNight: number, utciAtNight: number) =>
      computeThermalBlock(
        input(
          YEAR,
          cell(YEAR, {
            utci: (_, t) => (isLocalDay(t) ? 25 : utciAtNight),
            airTempC: (_, t) => (isLocalDay(t) ? 25 : airAtNight),
          }),
        ),
      )!.tropical_nights_air;
    // every night of the year (the year's first and last are cut by its edges and still count)
    assert.equal(nights(20, 10), 366, 'air at exactly 20 °C all night: tropical, even at a felt 10 °C');
    assert.equal(nights(19.9, 25), 0, 'a felt temperature above 20 °C does not make a night tropical');
    const oneCoolHour = computeThermalBlock(
      input(
        YEAR,
        cell(YEAR, {
          utci: 25,
          // 04:00 and 21:00: every night has one of them, the two cut by the year's edges too
          airTempC: (_, t) => (isLocalDay(t) ? 25 : [4, 21].includes(intlBrusselsHour(t)) ? 19.5 : 22),
        }),
      ),
    )!;
    assert.equal(oneCoolHour.tropical_nights_air, 0, 'the minimum decides: one hour below 20 °C is enough');
  });

  test("tropical_nights is the spec's: the night's minimum UTCI above 20 °C, whatever the air", () => {
    const nights = (utciAtNight: number, airAtNight: number) =>
      computeThermalBlock(
        input(
          YEAR,
          cell(YEAR, {
            utci: (_, t) => (isLocalDay(t) ? 25 : utciAtNight),
            airTempC: (_, t) => (isLocalDay(t) ? 25 : airAtNight),
          }),
        ),
      )!.tropical_nights;
    assert.equal(nights(20.5, 10), 366, 'a felt 20.5 °C all night is tropical in the spec, at an air 10 °C');
    assert.equal(nights(20, 25), 0, 'exactly 20 °C UTCI is not above 20 °C');
  });

  test('band edges come from the UTCI scale: 26 comfortable, 9 not; 32 acceptable, 0 not', () => {
    assert.equal(computeThermalBlock(input(YEAR, cell(YEAR, { utci: 26 })))!.comfort_pct, 100);
    const nine = computeThermalBlock(input(YEAR, cell(YEAR, { utci: 9 })))!;
    assert.equal(nine.comfort_pct, 0);
    assert.equal(nine.seasonal_acceptable_pct.spring, 100);
    const hot = computeThermalBlock(input(YEAR, cell(YEAR, { utci: 32 })))!;
    assert.equal(hot.seasonal_acceptable_pct.summer, 100);
    assert.equal(hot.strong_heat_stress_days, 0);
    assert.equal(
      computeThermalBlock(input(YEAR, cell(YEAR, { utci: 0 })))!.seasonal_acceptable_pct.summer,
      0,
    );
  });

  test('a hot summer: strong heat days, tropical nights, the summer limits both rating and score', () => {
    const utci = (_: number, t: number) => (isSummer(t) ? (isLocalDay(t) ? 33 : 21) : 15);
    const airTempC = (_: number, t: number) => (isSummer(t) ? (isLocalDay(t) ? 30 : 20.5) : 12);
    const block = computeThermalBlock(input(YEAR, cell(YEAR, { utci, airTempC })))!;
    assert.equal(block.strong_heat_stress_days, 92, 'every local day of June, July and August');
    // nights of 1 June to 30 August; the nights of 31 May and 31 August each reach into a mild season
    assert.equal(block.tropical_nights, 91);
    assert.equal(block.tropical_nights_air, 91);
    assert.equal(block.summer_day_comfort_pct, 0);
    assert.equal(block.seasonal_acceptable_pct.summer, 0);
    assert.equal(block.rating, 0);
    assert.deepEqual(block.rating_limiting_seasons, ['summer']);
    assert.equal(block.score, 0);
    assert.equal(block.label, 'Bad');
    assert.deepEqual(block.limiting_seasons, ['summer']);
    assert.equal(block.summer_night_mean_utci_c, 21);
    assert.equal(block.max_utci_c, 33);
  });

  test('winter is reported but never rated; it can still decide the score', () => {
    const block = computeThermalBlock(input(YEAR, cell(YEAR, { utci: (_, t) => (isWinter(t) ? -5 : 20) })))!;
    assert.equal(block.seasonal_comfort_pct.winter, 0);
    assert.equal(block.rating, 10);
    assert.deepEqual(block.rating_limiting_seasons, ['spring', 'summer', 'autumn']);
    assert.equal(block.score, 0);
    assert.deepEqual(block.limiting_seasons, ['winter']);
  });

  test('seasonal anchors turn the acceptable share into a subscore', () => {
    // spring daytime acceptable exactly half the days: 72.5 % would be 5; use alternate local days
    const utci = (_: number, t: number) => {
      const month = intlBrusselsMonth(t);
      if (month < 3 || month > 5) return 20;
      return Math.floor((t + 3_600_000) / 86_400_000) % 2 === 0 ? 20 : -1;
    };
    const block = computeThermalBlock(input(YEAR, cell(YEAR, { utci })))!;
    const springPct = block.seasonal_acceptable_pct.spring!;
    assert.ok(Math.abs(springPct - 50) < 1.5, `about half of spring days: ${springPct}`);
    // spring anchors: 0 at 50 %, 10 at 95 %
    assert.equal(block.score, Math.round(((springPct - 50) / 45) * 100) / 10);
    assert.deepEqual(block.limiting_seasons, ['spring']);
  });

  test('days are local days: two hot hours either side of local midnight are two days', () => {
    // records 21 and 22 are 21:00 and 22:00 UTC on 1 July: 23:00 on 1 July and 00:00 on 2 July local
    const hours = hoursFrom('2025-07-01T00:00:00Z', 48);
    const block = computeThermalBlock(
      input(hours, cell(hours, { utci: (i) => (i === 21 || i === 22 ? 34 : 20) })),
    )!;
    assert.equal(block.strong_heat_stress_days, 2);
  });

  test('compares summer nights with the coverage area only when a reference is given', () => {
    const data = input(YEAR, cell(YEAR, { utci: 20 }));
    assert.equal('summer_night_vs_city_c' in computeThermalBlock(data)!, false);
    assert.equal(computeThermalBlock(data, { summer_night_mean_utci_c: 18.75 })!.summer_night_vs_city_c, 1.3);
    assert.equal(computeThermalBlock(data, { summer_night_mean_utci_c: 21 })!.summer_night_vs_city_c, -1);
  });

  test('a season absent from the data is null and takes no part in rating or score', () => {
    const july = hoursFrom('2025-07-01T00:00:00Z', 24 * 20);
    const block = computeThermalBlock(
      input(july, cell(july, { utci: (_, t) => (isLocalDay(t) ? 30 : 18) })),
    )!;
    assert.equal(block.seasonal_acceptable_pct.winter, null);
    assert.equal(block.seasonal_comfort_pct.autumn, null);
    assert.equal(block.seasonal_comfort_pct.summer, 0);
    assert.deepEqual(block.limiting_seasons, ['summer']);
    assert.equal(block.score, 10);
    assert.equal(block.monthly_mean_utci_c['1'], null);
  });

  test('comfort share, mean, min and max over all hours; monthly means in local months', () => {
    const block = computeThermalBlock(
      input(YEAR, cell(YEAR, { utci: (i) => (i % 2 === 0 ? 30 : 5) }), cell(YEAR, { utci: 5 })),
    )!;
    // the cell mean alternates 17.5 (comfortable) and 5 (slight cold)
    assert.equal(block.comfort_pct, 50);
    assert.equal(block.mean_utci_c, 11.3, '11.25 rounded half up');
    assert.equal(block.min_utci_c, 5);
    assert.equal(block.max_utci_c, 17.5);
    const monthly = computeThermalBlock(input(YEAR, cell(YEAR, { utci: (_, t) => intlBrusselsMonth(t) })))!;
    assert.equal(monthly.monthly_mean_utci_c['1'], 1);
    assert.equal(monthly.monthly_mean_utci_c['12'], 12);
  });

  test('is null without UTCI data', () => {
    assert.equal(computeThermalBlock(input(YEAR, cell(YEAR, {}))), null);
  });
});
