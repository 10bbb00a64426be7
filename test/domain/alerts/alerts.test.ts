import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { alertFields, episodeOf } from '../../../src/domain/alerts/conditions.ts';
import { initialState, parseState, transition } from '../../../src/domain/alerts/episodes.ts';
import { eventId } from '../../../src/domain/alerts/events.ts';
import { outlookOf } from '../../../src/domain/alerts/outlook.ts';
import { signatureHeader, verifySignatureHeader } from '../../../src/domain/alerts/signature.ts';
import { DEFAULT_METRICS } from '../../../src/domain/metrics/registry.ts';

const field = (name: string) => alertFields(DEFAULT_METRICS).find((f) => f.field.name === name)!.field;
const hour = (h: number) => new Date(Date.UTC(2026, 5, 1, h)).toISOString();
const records = [
  { hour: hour(0), c: 20, c_pm25: 5, c_pm10: 10, utci: 24, ucomfort: 2, ugust: 4 },
  { hour: hour(1), c: 20, c_pm25: 40, c_pm10: 10, utci: 33, ucomfort: 2, ugust: 4 },
  { hour: hour(2), c: 20, c_pm25: 55, c_pm10: 10, utci: 35, ucomfort: 7, ugust: 16 },
  { hour: hour(3), c: 20, c_pm25: 8, c_pm10: 10, utci: 20, ucomfort: 2, ugust: 4 },
];

test('an episode: first hour, peak and the records where the condition holds', () => {
  const belaqi = episodeOf({ metric: 'air', field: 'belaqi', op: 'gte', value: 7 }, field('belaqi'), records);
  // PM2.5 40 is class 7 (35–50], 55 is class 8
  assert.deepEqual(belaqi && { first: belaqi.first_hour, peak: belaqi.peak, hours: belaqi.hours }, {
    first: hour(1),
    peak: { value: 8, hour: hour(2) },
    hours: 2,
  });
  const cold = episodeOf({ metric: 'thermal', field: 'utci', op: 'lte', value: 21 }, field('utci'), records);
  assert.deepEqual(cold?.peak, { value: 20, hour: hour(3) });
  // a 16 m/s gust is the danger class
  const gusts = episodeOf(
    { metric: 'wind', field: 'wind_class', op: 'gte', value: 4 },
    field('wind_class'),
    records,
  );
  assert.deepEqual(gusts?.peak, { value: 5, hour: hour(2) });
  assert.equal(
    episodeOf({ metric: 'wind', field: 'ugust', op: 'gte', value: 20 }, field('ugust'), records),
    null,
  );
});

test('one event per episode, not per evaluation', () => {
  let state = initialState(1).conditions[0]!;
  const seen: Array<string | null> = [];
  for (const holds of [false, true, true, true, false, false, true]) {
    const next = transition(state, holds);
    seen.push(next.event);
    state = next.state;
  }
  assert.deepEqual(seen, [null, 'alert.triggered', null, null, 'alert.cleared', null, 'alert.triggered']);
  assert.equal(state.episode, 2);
  assert.deepEqual(parseState('not json', 2), initialState(2));
  assert.equal(eventId('alr_1', 0, 1, 'alert.triggered'), eventId('alr_1', 0, 1, 'alert.triggered'));
  assert.notEqual(eventId('alr_1', 0, 1, 'alert.triggered'), eventId('alr_1', 0, 2, 'alert.triggered'));
});

test('the outlook: maxima per metric and field, hours good to be outside', () => {
  const outlook = outlookOf('2026-06-01', records, DEFAULT_METRICS);
  assert.deepEqual(outlook.maxima.thermal?.utci, { value: 35, hour: hour(2) });
  assert.deepEqual(outlook.maxima.air?.pm25, { value: 55, hour: hour(2) });
  // hour 0: BelAQI 2, calm, UTCI 24; hour 3: UTCI 20; hours 1 and 2 are too hot and smoggy
  assert.deepEqual(outlook.best_hours, [hour(0), hour(3)]);
});

test('the signature is the HMAC of "t.body", checked within the time window', () => {
  const header = signatureHeader('whsec_x', 1_800_000_000, '{"id":"evt_1"}');
  const expected = createHmac('sha256', 'whsec_x').update('1800000000.{"id":"evt_1"}').digest('hex');
  assert.equal(header, `t=1800000000,v1=${expected}`);
  assert.equal(verifySignatureHeader(header, 'whsec_x', '{"id":"evt_1"}', 1_800_000_100), true);
  assert.equal(verifySignatureHeader(header, 'whsec_x', '{"id":"evt_1"}', 1_800_000_400), false);
  assert.equal(verifySignatureHeader(header, 'whsec_y', '{"id":"evt_1"}', 1_800_000_000), false);
});
