import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alertFields, episodeOf } from '../../../src/domain/alerts/conditions.ts';
import { AlertTexts } from '../../../src/domain/alerts/event-text.ts';

const texts = new AlertTexts();

import { DEFAULT_METRICS } from '../../../src/domain/metrics/registry.ts';

/** The events' `text` (issue #51: event texts in the subscription's `lang`). */
const field = (name: string) => alertFields(DEFAULT_METRICS).find((f) => f.field.name === name)!.field;
const BRUSSELS = 'Europe/Brussels';
// 4 December 2026, a Friday: Brussels is UTC+1
const hour = (h: number) => new Date(Date.UTC(2026, 11, 4, h)).toISOString();
const records = [
  { hour: hour(13), c_pm25: 31.25 },
  { hour: hour(14), c_pm25: 180 },
  { hour: hour(15), c_pm25: 12 },
];
const condition = { metric: 'air', field: 'pm25', op: 'gte' as const, value: 30 };
const episode = episodeOf(condition, field('pm25'), records)!;

test('a triggered alert in each language: its field, threshold, first and worst hour in local time', () => {
  const en = texts.triggered('en', field('pm25'), condition, episode, BRUSSELS);
  assert.match(en, /^PM2\.5 is forecast at 30\u00a0µg\/m³ or above from Fri 4 Dec,? 14:00/);
  assert.match(en, /at worst 180\u00a0µg\/m³ on Fri 4 Dec,? 15:00 \(2 h in the next 48 hours\)\.$/);
  const fr = texts.triggered('fr', field('pm25'), condition, episode, BRUSSELS);
  assert.match(
    fr,
    /^La concentration de PM2,5 devrait atteindre 30\u00a0µg\/m³ ou plus à partir du ven\. 4 déc\.,? 14:00/,
  );
  const nl = texts.triggered('nl', field('pm25'), condition, episode, BRUSSELS);
  assert.match(nl, /^PM2,5 wordt vanaf vr 4 dec\.?,? 14:00 op 30\u00a0µg\/m³ of hoger verwacht/);
  // a decimal is written as the language writes it
  const low = { ...condition, value: 30.5 };
  assert.match(texts.triggered('fr', field('pm25'), low, episode, BRUSSELS), /30,5\u00a0µg/);
  assert.match(texts.triggered('en', field('pm25'), low, episode, BRUSSELS), /30\.5\u00a0µg/);
});

test('a class is a bare number; "at or below" reads as such; the all-clear names what ended', () => {
  const belaqi = { metric: 'air', field: 'belaqi', op: 'gte' as const, value: 7 };
  assert.equal(
    texts.cleared('en', field('belaqi'), belaqi),
    'All clear: the BelAQI index is no longer forecast at 7 or above in the next 48 hours.',
  );
  assert.equal(
    texts.cleared('nl', field('belaqi'), belaqi),
    'Einde van het alarm: de BelAQI-index wordt de komende 48 uur niet meer op 7 of hoger verwacht.',
  );
  const cold = { metric: 'thermal', field: 'utci', op: 'lte' as const, value: -13 };
  assert.match(texts.cleared('fr', field('utci'), cold), /ne devrait plus descendre à -13\u00a0°C ou moins/);
});

test('the outlook: tomorrow by name and its good hours as local runs', () => {
  const best = [hour(9), hour(10), hour(11), hour(15)];
  const outlook = { date: '2026-12-05', maxima: {}, best_hours: best };
  assert.equal(
    texts.outlook('en', outlook, BRUSSELS),
    'Tomorrow, Saturday 5 December: the best hours to be outside are 10:00–13:00, 16:00–17:00.',
  );
  assert.match(
    texts.outlook('fr', outlook, BRUSSELS),
    /^Demain, samedi 5 décembre : .* 10:00–13:00, 16:00–17:00\.$/,
  );
  assert.match(
    texts.outlook('nl', { ...outlook, best_hours: [] }, BRUSSELS),
    /^Morgen, zaterdag 5 december: geen enkel uur/,
  );
});
