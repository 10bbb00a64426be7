import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addressFeatureError } from '../../../src/domain/coverage/city-package/addresses.ts';
import { alongLine, cityAddressEntries } from '../../../src/domain/geocode/city-addresses.ts';

/** A package's addresses.geojson in miniature: one bilingual street, two doors, an interpolation line. */
const place = { postcode: '1040', 'municipality:fr': 'Etterbeek', 'municipality:nl': 'Etterbeek' };
const street = {
  type: 'Feature',
  properties: {
    kind: 'street',
    name: 'Rue Test - Teststraat',
    'name:fr': 'Rue Test',
    'name:nl': 'Teststraat',
    ...place,
  },
  geometry: {
    type: 'MultiLineString',
    coordinates: [
      [
        [4.38, 50.83],
        [4.39, 50.83],
      ],
    ],
  },
};
const door = (housenumber: string, lon: number) => ({
  type: 'Feature',
  properties: { kind: 'address', street: 'Rue Test - Teststraat', housenumber, ...place, placed: 'inside' },
  geometry: { type: 'Point', coordinates: [lon, 50.8301] },
});
const interpolation = {
  type: 'Feature',
  properties: {
    kind: 'interpolation',
    street: 'Rue Test - Teststraat',
    interpolation: 'even',
    from: '10',
    to: '20',
    ...place,
  },
  geometry: {
    type: 'LineString',
    coordinates: [
      [4.381, 50.8302],
      [4.386, 50.8302],
    ],
  },
};
const file = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

describe('city package addresses in the gazetteer', () => {
  const { entries, unplaced } = cityAddressEntries(
    'testcity',
    file([
      street,
      door('10', 4.381),
      door('20', 4.386),
      door('3-5', 4.383),
      interpolation,
      { ...door('1', 4.3), properties: { ...door('1', 4.3).properties, street: 'Nowhere Street' } },
    ]),
  );

  test('a street is one entry per language, sharing a group key, labelled in its language', () => {
    const streets = entries.filter((e) => e.kind === 'street');
    assert.deepEqual(
      streets.map((e) => [e.label, e.variant, e.key.endsWith(':fr') || e.key.endsWith(':nl')]),
      [
        ['Rue Test, 1040 Etterbeek', 0, true],
        ['Teststraat, 1040 Etterbeek', 1, true],
      ],
    );
    assert.equal(new Set(streets.map((e) => e.groupKey)).size, 1);
    assert.equal(streets[0]!.source, 'city:testcity');
  });

  test('doors hang off their street under their number, in both languages; ranges give both ends', () => {
    const doors = entries.filter((e) => e.kind === 'address' && !e.key.includes(':interpolated:'));
    assert.deepEqual(
      doors.filter((e) => e.variant === 0).map((e) => [e.houseNumber, e.label]),
      [
        ['10', 'Rue Test 10, 1040 Etterbeek'],
        ['20', 'Rue Test 20, 1040 Etterbeek'],
        ['3', 'Rue Test 3, 1040 Etterbeek'],
        ['5', 'Rue Test 5, 1040 Etterbeek'],
      ],
    );
    assert.ok(doors.every((e) => e.groupKey === entries[0]!.groupKey));
    assert.equal(unplaced, 1, 'a door on a street the package does not name is left out and counted');
  });

  test('an interpolation line stands for the numbers between its ends, on its side, placed along it', () => {
    const between = entries.filter((e) => e.key.includes(':interpolated:') && e.variant === 0);
    assert.deepEqual(
      between.map((e) => e.houseNumber),
      ['12', '14', '16', '18'],
    );
    const fourteen = between.find((e) => e.houseNumber === '14')!;
    assert.ok(Math.abs(fourteen.lon - (4.381 + 0.4 * 0.005)) < 1e-6);
    assert.ok(Math.abs(fourteen.lat - 50.8302) < 1e-6);
  });

  test('alongLine walks a line by its length', () => {
    const p = alongLine(
      [
        [0, 0],
        [0, 0.001],
        [0.001, 0.001],
      ],
      0.25,
    );
    assert.ok(Math.abs(p[1] - 0.0005) < 1e-5 && p[0] === 0, String(p));
  });
});

describe('addresses.geojson rules', () => {
  test('the three kinds pass; anything else says which rule and how to fix it', () => {
    for (const f of [street, door('1', 4.38), interpolation]) assert.equal(addressFeatureError(f), null);
    assert.match(addressFeatureError({ properties: { kind: 'house' }, geometry: null })!, /^address-kind: /);
    assert.match(
      addressFeatureError({
        properties: { kind: 'address', street: 'X' },
        geometry: door('1', 4.38).geometry,
      })!,
      /^address-fields: each address feature needs housenumber, municipality:fr/,
    );
    assert.match(
      addressFeatureError({ ...door('1', 4.38), geometry: { type: 'Point', coordinates: ['4', 50] } })!,
      /^address-geometry: /,
    );
  });
});
