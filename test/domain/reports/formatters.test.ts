import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Formatters, formatterFor } from '../../../src/domain/reports/format.ts';

test('a Formatters memo hands out one formatter per language and zone, the same as a new one writes', () => {
  const formatters = new Formatters();
  const fr = formatters.of('fr');
  assert.equal(formatters.of('fr', 'Europe/Brussels'), fr, 'the Belgian zone is the default');
  assert.notEqual(formatters.of('fr', 'Europe/Paris'), fr, 'per zone');
  assert.notEqual(formatters.of('nl'), fr, 'per language');
  const fresh = formatterFor('fr');
  assert.notEqual(fresh, fr, 'formatterFor itself keeps nothing');
  const instant = Date.UTC(2025, 6, 1, 12);
  assert.equal(fr.dateTime(instant), fresh.dateTime(instant));
  assert.equal(fr.number(-1234.5, 1), fresh.number(-1234.5, 1));
});
