import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { searchTokens } from '../../../src/domain/geocode/normalise.ts';
import { queryTokens, relevance, wordMatch } from '../../../src/domain/geocode/relevance.ts';

function candidate(name: string, extra: string, importance = 0.5) {
  return { search: searchTokens(`${name} ${extra}`), name: searchTokens(name), importance };
}

describe('relevance', () => {
  test('an exact, complete match scores near 1 and never above', () => {
    const score = relevance(queryTokens('Grand-Place'), candidate('Grand-Place', '1000 Bruxelles', 1));
    assert.equal(score, 1);
  });

  test('a place whose name the query covers beats one that only shares words', () => {
    const q = queryTokens('grand place');
    const square = relevance(q, candidate('Grand-Place', '1000 Bruxelles'));
    const street = relevance(q, candidate('Place du Grand Sablon', '1000 Bruxelles'));
    assert.ok(square > street, `${square} > ${street}`);
  });

  test('a typo costs something but still matches', () => {
    const exact = relevance(queryTokens('Atomium'), candidate('Atomium', '1020 Bruxelles'));
    const typo = relevance(queryTokens('Atomim'), candidate('Atomium', '1020 Bruxelles'));
    assert.ok(typo > 0.6 && typo < exact, `${typo} between 0.6 and ${exact}`);
  });

  test('unmatched query words lower the score', () => {
    const full = relevance(queryTokens('Rue de la Loi 1000'), candidate('Rue de la Loi', '1000 Bruxelles'));
    const partial = relevance(
      queryTokens('Rue de la Loi 16 1000'),
      candidate('Rue de la Loi', '1000 Bruxelles'),
    );
    assert.ok(partial < full);
    assert.equal(relevance(queryTokens('Maastricht'), candidate('Rue de la Loi', '1000 Bruxelles')), 0);
  });

  test('importance orders otherwise equal matches', () => {
    const q = queryTokens('Grote Markt');
    const brussels = relevance(q, candidate('Grote Markt', '1000 Brussel', 1));
    const leuven = relevance(q, candidate('Grote Markt', '3000 Leuven', 0.75));
    assert.ok(brussels > leuven);
  });

  test('country names add nothing inside Belgium; an article alone names nothing', () => {
    assert.deepEqual(
      queryTokens('Namur, Belgique').map((t) => t.text),
      ['namur'],
    );
    assert.equal(queryTokens('de la')[0]?.weight, 0.25);
  });
});

describe('wordMatch', () => {
  test('the word being typed matches as a prefix, earlier words only when long enough', () => {
    assert.ok(wordMatch('atom', true, 'atomium') > 0.6);
    assert.equal(wordMatch('at', false, 'atomium'), 0);
  });

  test('numbers match exactly, or a house number with a letter suffix', () => {
    assert.equal(wordMatch('16', false, '16'), 1);
    assert.equal(wordMatch('16', false, '160'), 0);
    assert.equal(wordMatch('16', false, '17'), 0);
    assert.equal(wordMatch('7', false, '7a'), 0.8);
  });
});
