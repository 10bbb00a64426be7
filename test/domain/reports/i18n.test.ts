import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatterFor } from '../../../src/domain/reports/format.ts';
import {
  CATALOGUES,
  LABELS,
  placeholders,
  REPORT_LANGS,
  translator,
} from '../../../src/domain/reports/i18n/index.ts';
import { SCALES } from '../../../src/domain/scales/index.ts';

test('every language has exactly the English keys, non-empty, with the same placeholders', () => {
  const english = CATALOGUES.en;
  const keys = Object.keys(english).sort();
  for (const lang of REPORT_LANGS) {
    const messages = CATALOGUES[lang];
    assert.deepEqual(Object.keys(messages).sort(), keys, `${lang} keys`);
    for (const key of keys) {
      const message = messages[key as keyof typeof english];
      assert.ok(message.trim().length > 0, `${lang}.${key} is empty`);
      assert.deepEqual(
        placeholders(message),
        placeholders(english[key as keyof typeof english]),
        `${lang}.${key}`,
      );
    }
  }
});

test('French and Dutch are translations, not copies of the English text', () => {
  const english = CATALOGUES.en;
  for (const lang of ['fr', 'nl'] as const) {
    const same = Object.keys(english).filter((key) => {
      const text = english[key as keyof typeof english];
      // short technical strings (units, brand) may legitimately coincide
      return text.length > 25 && CATALOGUES[lang][key as keyof typeof english] === text;
    });
    assert.deepEqual(same, [], `${lang} has untranslated messages`);
  }
});

test('every class label of the scales the report shows is translated into French and Dutch', () => {
  const shown = SCALES.filter((scale) =>
    ['air-belaqi', 'wind-comfort-standard', 'thermal-utci'].includes(scale.id),
  );
  assert.equal(shown.length, 3);
  for (const scale of shown) {
    for (const entry of scale.classes) {
      assert.ok(LABELS.fr[entry.label], `fr label for ${scale.id} ${entry.label}`);
      assert.ok(LABELS.nl[entry.label], `nl label for ${scale.id} ${entry.label}`);
    }
  }
  // the air score labels of the spec
  for (const label of ['Excellent', 'Very good', 'Good', 'Moderate', 'Poor', 'Bad']) {
    assert.ok(LABELS.fr[label] && LABELS.nl[label], label);
    assert.equal(translator('fr').label(label), LABELS.fr[label]);
  }
});

test('placeholders are filled and a missing one stays visible', () => {
  const tr = translator('fr');
  assert.equal(tr.t('reportId', { id: 'abc' }), 'Rapport abc');
  assert.equal(tr.t('reportId'), 'Rapport {id}');
});

test('numbers and dates follow en-GB, fr-BE and nl-BE', () => {
  assert.equal(formatterFor('en').number(1234.56, 1), '1,234.6');
  assert.equal(formatterFor('fr').number(1234.56, 1).replace(/\s/gu, ' '), '1 234,6');
  assert.equal(formatterFor('nl').number(1234.56, 1), '1.234,6');
  assert.equal(formatterFor('en').percent(71.6), '72%');
  assert.equal(formatterFor('fr').percent(71.6).replace(/\s/gu, ' '), '72 %');
  const instant = Date.UTC(2026, 2, 3, 12, 0);
  assert.equal(formatterFor('en').date(instant), '3 March 2026');
  assert.equal(formatterFor('fr').date(instant), '3 mars 2026');
  assert.equal(formatterFor('nl').date(instant), '3 maart 2026');
  assert.equal(formatterFor('nl').month(10), 'oktober');
  assert.equal(formatterFor('nl').monthLabel(10), 'Okt');
});
