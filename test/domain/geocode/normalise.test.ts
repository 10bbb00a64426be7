import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allowedTypos, boundedEditDistance } from '../../../src/domain/geocode/edit-distance.ts';
import { foldText, houseNumberKey, searchText, searchTokens } from '../../../src/domain/geocode/normalise.ts';
import { termGrams } from '../../../src/domain/geocode/term-grams.ts';

describe('foldText', () => {
  test('drops accents and case, turns punctuation into single spaces', () => {
    assert.equal(foldText('Place Eugène Flagey'), 'place eugene flagey');
    assert.equal(foldText("Grand'Place"), 'grand place');
    assert.equal(foldText('  Sint-Jans-Molenbeek , 1080 '), 'sint jans molenbeek 1080');
    assert.equal(foldText('ZONIËNWOUD'), 'zonienwoud');
    assert.equal(foldText('Œuvre Straße Ærø Łódź'), 'oeuvre strasse aero lodz');
    assert.equal(foldText('Chaussée de Louvain 16A'), 'chaussee de louvain 16a');
  });
});

describe('searchTokens', () => {
  test('the three spellings of the Grand-Place are the same words', () => {
    assert.deepEqual(searchTokens('Grand-Place'), ['grand', 'place']);
    assert.deepEqual(searchTokens("Grand'Place"), ['grand', 'place']);
    assert.deepEqual(searchTokens('grand place'), ['grand', 'place']);
  });

  test('French abbreviations expand', () => {
    assert.deepEqual(searchTokens('av. Louise'), ['avenue', 'louise']);
    assert.deepEqual(searchTokens('Bd Anspach'), ['boulevard', 'anspach']);
    assert.deepEqual(searchTokens('chée de Wavre'), ['chaussee', 'de', 'wavre']);
    assert.deepEqual(searchTokens('Ch. de Waterloo'), ['chaussee', 'de', 'waterloo']);
    assert.deepEqual(searchTokens('pl. Flagey'), ['place', 'flagey']);
  });

  test('Dutch abbreviations expand, glued or not', () => {
    assert.deepEqual(searchTokens('Wetstr.'), ['wetstraat']);
    assert.deepEqual(searchTokens('Waversestwg. 10'), ['waversesteenweg', '10']);
    assert.deepEqual(searchTokens('Wet str.'), ['wetstraat']);
    assert.deepEqual(searchTokens('Leuvense steenweg'), ['leuvensesteenweg']);
    assert.deepEqual(searchTokens('Grote Markt'), ['grote', 'markt'], 'markt is not a glued generic');
  });

  test('saint, sint and st become one word, so bilingual names meet', () => {
    assert.deepEqual(searchTokens('Saint-Gilles'), ['st', 'gilles']);
    assert.deepEqual(searchTokens('Sint-Gillis'), ['st', 'gillis']);
    assert.deepEqual(searchTokens('St-Josse'), ['st', 'josse']);
  });

  test('a generic is not glued to an article or a number', () => {
    assert.deepEqual(searchTokens('de straat'), ['de', 'straat']);
    assert.deepEqual(searchTokens('12 straat'), ['12', 'straat']);
  });

  test('searchText joins the parts of an entry into one normalised line', () => {
    assert.equal(
      searchText('Avenue Louise', '1050', undefined, 'Ixelles Elsene'),
      'avenue louise 1050 ixelles elsene',
    );
  });

  test('house numbers are stored without spaces or case', () => {
    assert.equal(houseNumberKey('12 A'), '12a');
    assert.equal(houseNumberKey('7b'), '7b');
  });
});

describe('edit distance and trigrams', () => {
  test('counts insertions, deletions, substitutions and transpositions once each', () => {
    assert.equal(boundedEditDistance('place', 'place', 2), 0);
    assert.equal(boundedEditDistance('plce', 'place', 2), 1);
    assert.equal(boundedEditDistance('atomim', 'atomium', 2), 1);
    assert.equal(boundedEditDistance('lousie', 'louise', 2), 1);
    assert.equal(boundedEditDistance('wavre', 'waver', 2), 1);
    assert.equal(boundedEditDistance('flagey', 'flogoy', 2), 2);
  });

  test('gives up past the bound', () => {
    assert.equal(boundedEditDistance('anspach', 'louise', 2), 3);
    assert.equal(boundedEditDistance('a', 'abcdef', 2), 3);
  });

  test('longer words may carry more typos; short ones none', () => {
    assert.equal(allowedTypos(3), 0);
    assert.equal(allowedTypos(5), 1);
    assert.equal(allowedTypos(10), 2);
  });

  test('padded trigrams let a typo in a short word still share its ends', () => {
    assert.deepEqual(termGrams('plce'), ['^pl', 'plc', 'lce', 'ce$']);
    const shared = termGrams('plce').filter((gram) => termGrams('place').includes(gram));
    assert.deepEqual(shared, ['^pl', 'ce$']);
  });
});
