import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  plainTitleLabel,
  TITLE_MAX_GRAPHEMES,
  titleLabel,
  truncateLabel,
} from '../../../src/domain/reports/label.ts';

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;

describe('the address label in a report', () => {
  test('a short label is kept whole', () => {
    assert.equal(truncateLabel('Grote Markt, 1000 Brussel'), 'Grote Markt, 1000 Brussel');
    assert.equal(truncateLabel('x'.repeat(TITLE_MAX_GRAPHEMES)), 'x'.repeat(TITLE_MAX_GRAPHEMES));
  });

  test('a long one is cut with an ellipsis, at a space when one is near, never inside an emoji', () => {
    const words = truncateLabel(`Rue ${'Longue '.repeat(1000)}`);
    assert.ok(words.endsWith('Longue…'), words.slice(-20));
    assert.ok(graphemes(words) <= TITLE_MAX_GRAPHEMES + 1);
    const flags = truncateLabel('🏳️‍🌈'.repeat(500));
    assert.equal(flags, `${'🏳️‍🌈'.repeat(TITLE_MAX_GRAPHEMES)}…`);
    assert.equal(graphemes(truncateLabel('X'.repeat(6000))), TITLE_MAX_GRAPHEMES + 1);
  });

  test('is isolated, escaped, and its overrides and embeddings become elements that close', () => {
    assert.equal(String(titleLabel('<b> & "x"')), '<bdi dir="auto">&lt;b&gt; &amp; &quot;x&quot;</bdi>');
    assert.equal(
      String(titleLabel('Rue \u202eevil\u202c, 1000')),
      '<bdi dir="auto">Rue <bdo dir="rtl">evil</bdo>, 1000</bdi>',
    );
    // left open: closed at the end of the label; a stray PDF or PDI is dropped
    assert.equal(
      String(titleLabel('a\u202bb\u202c\u202cc\u2069')),
      '<bdi dir="auto">a<bdi dir="rtl">b</bdi>c</bdi>',
    );
    assert.equal(String(titleLabel('a\u202eb')), '<bdi dir="auto">a<bdo dir="rtl">b</bdo></bdi>');
    // a PDI closes the embeddings opened since its isolate
    assert.equal(
      String(titleLabel('a\u2067b\u202dc\u2069d')),
      '<bdi dir="auto">a<bdi dir="rtl">b<bdo dir="ltr">c</bdo></bdi>d</bdi>',
    );
  });

  test('in plain text: controls dropped, isolated only when it holds right-to-left letters', () => {
    assert.equal(plainTitleLabel('Rue \u202eevil\u202c, 1000'), 'Rue evil, 1000');
    assert.equal(plainTitleLabel('שדרות רוטשילד 1'), '\u2068שדרות רוטשילד 1\u2069');
  });
});
