import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IntlFormats } from '../../../src/domain/i18n/intl-formats.ts';

test('a formatter is built once per locale and options, and formats as a new one would', () => {
  const formats = new IntlFormats();
  const options = {
    timeZone: 'Europe/Brussels',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  } as const;
  const first = formats.dateTime('fr-BE', options);
  assert.equal(formats.dateTime('fr-BE', { ...options }), first, 'equal options share one formatter');
  assert.notEqual(formats.dateTime('nl-BE', options), first, 'another locale has its own');
  assert.notEqual(
    formats.dateTime('fr-BE', { ...options, timeZone: 'UTC' }),
    first,
    'another zone has its own',
  );
  const instant = Date.UTC(2026, 6, 1, 10, 30);
  assert.equal(first.format(instant), new Intl.DateTimeFormat('fr-BE', options).format(instant));
  assert.equal(first.format(instant), '12:30');
  assert.equal(formats.number('fr-BE', { maximumFractionDigits: 1 }).format(12.34), '12,3');
  assert.equal(
    formats.number('en', { maximumFractionDigits: 1 }),
    formats.number('en', { maximumFractionDigits: 1 }),
  );
});
