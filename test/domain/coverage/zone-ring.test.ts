import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LonLat } from '../../../src/domain/coverage/city-package/geometry.ts';
import {
  formatPackageError,
  type PackageFiles,
  validateCityPackage,
  validateZone,
} from '../../../src/domain/coverage/city-package/package.ts';
import { zoneRing } from '../../../src/domain/coverage/city-package/zone-ring.ts';

/**
 * A city's zone is an area inside Belgium (docs/cities.md, *Validation*): a line, a
 * bow-tie, a sliver or a zone across the border is refused with its rule; a clockwise ring
 * is turned counterclockwise rather than refused.
 */
const polygon = (ring: LonLat[]) => ({ type: 'Polygon', coordinates: [ring] });
const rule = (answer: unknown) => (typeof answer === 'string' ? answer.slice(0, answer.indexOf(':')) : 'ok');

// counterclockwise, about 1.4 km × 1.7 km in Leuven
const LEUVEN: LonLat[] = [
  [4.69, 50.87],
  [4.71, 50.87],
  [4.71, 50.885],
  [4.69, 50.885],
  [4.69, 50.87],
];

function doubledArea(ring: LonLat[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++)
    sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

describe('zone rings', () => {
  test('a zone in Leuven is accepted, counterclockwise as given or turned', () => {
    assert.deepEqual(zoneRing(polygon(LEUVEN)), LEUVEN);
    const turned = zoneRing(polygon([...LEUVEN].reverse()));
    assert.ok(Array.isArray(turned) && doubledArea(turned) > 0, 'counterclockwise');
  });

  test('a zone around Lille, inside Belgium’s bounding box, is outside its outline', () => {
    const lille: LonLat[] = [
      [3.05, 50.63],
      [3.07, 50.63],
      [3.07, 50.64],
      [3.05, 50.64],
      [3.05, 50.63],
    ];
    const answer = zoneRing(polygon(lille));
    assert.equal(rule(answer), 'boundary-in-belgium');
    assert.match(String(answer), /position 0 \[3\.05, 50\.63\]/);
  });

  test('a model thread re-reading an imported package may skip the country check, and only it', () => {
    const lille: LonLat[] = [
      [3.05, 50.63],
      [3.07, 50.63],
      [3.07, 50.64],
      [3.05, 50.64],
      [3.05, 50.63],
    ];
    assert.ok(Array.isArray(zoneRing(polygon(lille), { inBelgium: false })));
    const bowTie: LonLat[] = [lille[0]!, lille[2]!, lille[1]!, lille[3]!, lille[0]!];
    assert.equal(rule(zoneRing(polygon(bowTie), { inBelgium: false })), 'ring-self-intersection');
  });

  test('one vertex across the border is enough to refuse the zone, and is named', () => {
    // Mouscron (BE) with one corner reaching into Tourcoing (FR)
    const straddling: LonLat[] = [
      [3.2, 50.735],
      [3.24, 50.735],
      [3.24, 50.75],
      [3.16, 50.725],
      [3.2, 50.735],
    ];
    const answer = zoneRing(polygon(straddling));
    assert.equal(rule(answer), 'boundary-in-belgium', String(answer));
    assert.match(String(answer), /position 3 \[3\.16, 50\.725\]/);
  });

  test('a bow-tie is refused where its edges cross', () => {
    const bowTie: LonLat[] = [
      [4.69, 50.87],
      [4.71, 50.885],
      [4.71, 50.87],
      [4.69, 50.885],
      [4.69, 50.87],
    ];
    const answer = zoneRing(polygon(bowTie));
    assert.equal(rule(answer), 'ring-self-intersection');
    assert.match(String(answer), /near \[4\.7, 50\.8775\]/);
  });

  test('a line is refused: two distinct positions, or collinear corners (zero area)', () => {
    const twoPoints: LonLat[] = [
      [4.69, 50.87],
      [4.71, 50.87],
      [4.71, 50.87],
      [4.69, 50.87],
    ];
    assert.equal(rule(zoneRing(polygon(twoPoints))), 'ring-line');
    const collinear: LonLat[] = [
      [4.69, 50.87],
      [4.7, 50.875],
      [4.71, 50.88],
      [4.69, 50.87],
    ];
    const answer = zoneRing(polygon(collinear));
    assert.equal(rule(answer), 'ring-area');
    assert.match(String(answer), /no area/);
  });

  test('a sliver under one hectare is refused with its area', () => {
    const sliver: LonLat[] = [
      [4.7, 50.87],
      [4.7005, 50.87],
      [4.7005, 50.8705],
      [4.7, 50.8705],
      [4.7, 50.87],
    ];
    const answer = zoneRing(polygon(sliver));
    assert.equal(rule(answer), 'ring-area');
    assert.match(String(answer), /encloses \d+ m², less than 10,000 m²/);
  });

  test('repeated consecutive positions are not corners and not a crossing', () => {
    const repeated: LonLat[] = [LEUVEN[0]!, LEUVEN[1]!, LEUVEN[1]!, LEUVEN[2]!, LEUVEN[3]!, LEUVEN[0]!];
    assert.ok(Array.isArray(zoneRing(polygon(repeated))));
  });

  test('a ring over the vertex limit is refused before anything else is computed', () => {
    const ring: LonLat[] = [];
    for (let i = 0; i < 130_000; i++) {
      const a = (2 * Math.PI * i) / 130_000;
      ring.push([4.7 + 0.01 * Math.cos(a), 50.88 + 0.01 * Math.sin(a)]);
    }
    ring.push(ring[0]!);
    const answer = zoneRing(polygon(ring));
    assert.equal(rule(answer), 'vertices-limit');
    assert.match(String(answer), /130,001 positions in one ring or line, more than 50,000/);
  });
});

const manifest = {
  id: 'leuven',
  name: 'Leuven',
  country: 'BE',
  timezone: 'Europe/Brussels',
  products: { geocode: true, historical: true, realtime: false, forecast: false, reports: false, map: true },
  metrics: ['air'],
  attribution: '© OpenStreetMap contributors',
};
const zoneText = (ring: LonLat[]) =>
  JSON.stringify({ type: 'Feature', properties: {}, geometry: polygon(ring) });
const files = (over: PackageFiles): PackageFiles => ({
  'city.json': JSON.stringify(manifest),
  'boundary.geojson': zoneText(LEUVEN),
  'buildings.geojson': '{"type":"FeatureCollection","features":[]}',
  ...over,
});
const lines = (given: PackageFiles) => {
  const result = validateCityPackage(given);
  return result.ok ? [] : result.errors.map(formatPackageError);
};

describe('package limits and empty files', () => {
  test('the planned zone is checked as the zone is, and an empty one is refused, not ignored', () => {
    assert.deepEqual(lines(files({})), []);
    assert.deepEqual(lines(files({ 'planned_boundary.geojson': ' \n' })), [
      'planned_boundary.geojson: [file-empty] the file is empty; write its content (docs/cities.md) or, if the file is optional, leave it out',
    ]);
    const lille = zoneText([
      [3.05, 50.63],
      [3.07, 50.63],
      [3.07, 50.64],
      [3.05, 50.64],
      [3.05, 50.63],
    ]);
    assert.match(
      lines(files({ 'planned_boundary.geojson': lille }))[0]!,
      /^planned_boundary\.geojson feature 0: \[boundary-in-belgium\]/,
    );
  });

  test('an attribution of 500 characters is accepted, 501 refused', () => {
    const withAttribution = (n: number) =>
      files({ 'city.json': JSON.stringify({ ...manifest, attribution: 'a'.repeat(n) }) });
    assert.deepEqual(lines(withAttribution(500)), []);
    assert.match(lines(withAttribution(501))[0]!, /^city\.json: \[schema\] \/attribution .*500 characters/);
  });

  test('more than a million features in a file are refused', () => {
    const many = `{"type":"FeatureCollection","features":[${'{"type":"Feature","properties":{},"geometry":null},'.repeat(1_000_000)}{"type":"Feature"}]}`;
    assert.deepEqual(lines(files({ 'buildings.geojson': many })), [
      'buildings.geojson: [features-count] 1,000,001 features, more than 1,000,000; split the city into smaller packages',
    ]);
  });

  test('a footprint or a road over the vertex limit is refused, naming the feature', () => {
    const long: LonLat[] = Array.from({ length: 60_000 }, (_, i) => [4.69 + i * 1e-7, 50.875]);
    const road = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { highway: 'residential' },
          geometry: { type: 'LineString', coordinates: long },
        },
      ],
    });
    assert.match(
      lines(files({ 'roads.geojson': road }))[0]!,
      /^roads\.geojson feature 0: \[vertices-limit\] 60,000 positions/,
    );
  });

  test('a JSON syntax error says where, not what the text was', () => {
    const answer = lines(
      files({ 'roads.geojson': '{\n  "type": "FeatureCollection",\n  secret-token-123\n}' }),
    );
    assert.equal(answer.length, 1);
    assert.match(
      answer[0]!,
      /^roads\.geojson: \[json-syntax\] the file is not valid JSON at line 3, column 3; fix the syntax/,
    );
    assert.ok(!answer[0]!.includes('secret'), answer[0]);
  });

  test('validateZone checks a boundary file on its own (import-osm reads the extract after it)', () => {
    const ok = validateZone('boundary.geojson', zoneText(LEUVEN));
    assert.ok(ok.ok);
    const empty = validateZone('boundary.geojson', '');
    assert.ok(!empty.ok && empty.errors[0]!.rule === 'file-empty');
  });
});
