import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { SCHEMA_PATH, schemaText } from '../../../scripts/cities/write-schema.ts';
import {
  formatPackageError,
  type PackageFiles,
  validateCityPackage,
} from '../../../src/domain/coverage/city-package/package.ts';
import {
  buildingHeight,
  classifyLand,
  classifyRoad,
} from '../../../src/domain/coverage/city-package/tags.ts';

const manifest = {
  id: 'leuven',
  name: 'Leuven',
  country: 'BE',
  timezone: 'Europe/Brussels',
  products: { geocode: true, historical: true, realtime: false, forecast: false, reports: false, map: true },
  metrics: ['air', 'wind'],
  attribution: '© OpenStreetMap contributors',
};
// clockwise on purpose: the package keeps the zone, counterclockwise
const ring = [
  [4.69, 50.87],
  [4.69, 50.885],
  [4.71, 50.885],
  [4.71, 50.87],
  [4.69, 50.87],
];
const square = (lon: number, lat: number, d = 0.0002) => [
  [
    [lon, lat],
    [lon + d, lat],
    [lon + d, lat + d],
    [lon, lat + d],
    [lon, lat],
  ],
];
const fc = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const feature = (properties: Record<string, unknown>, geometry: unknown) => ({
  type: 'Feature',
  properties,
  geometry,
});

function validFiles(): PackageFiles {
  return {
    'city.json': JSON.stringify(manifest),
    'boundary.geojson': JSON.stringify(feature({}, { type: 'Polygon', coordinates: [ring] })),
    'buildings.geojson': fc([
      feature({ height: '12 m' }, { type: 'Polygon', coordinates: square(4.7, 50.875) }),
      feature({ 'building:levels': '4' }, { type: 'MultiPolygon', coordinates: [square(4.701, 50.875)] }),
      feature({}, { type: 'Polygon', coordinates: square(4.702, 50.875) }),
    ]),
    'roads.geojson': fc([
      feature(
        { highway: 'primary', lanes: '2' },
        {
          type: 'LineString',
          coordinates: [
            [4.69, 50.876],
            [4.71, 50.876],
          ],
        },
      ),
      feature(
        { highway: 'secondary', tunnel: 'yes' },
        {
          type: 'LineString',
          coordinates: [
            [4.69, 50.877],
            [4.71, 50.877],
          ],
        },
      ),
    ]),
    'landcover.geojson': fc([
      feature({ leisure: 'park' }, { type: 'Polygon', coordinates: square(4.705, 50.88, 0.001) }),
    ]),
  };
}

describe('city data packages', () => {
  test('accepts a valid package and interprets heights, roads and land cover', () => {
    const result = validateCityPackage(validFiles());
    assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
    const { city } = result;
    assert.deepEqual(
      city.buildings.map((b) => b.heightM),
      [12, 4 * 3.2, 3 * 3.2],
    );
    assert.equal(city.roads.length, 1, 'the tunnel is not on the surface');
    assert.equal(city.roads[0]!.kind, 'major');
    assert.deepEqual(
      city.tunnels.map((t) => [t.kind, t.lines[0]![0], t.lines[0]!.at(-1)]),
      [['secondary', [4.69, 50.877], [4.71, 50.877]]],
      'the tunnel is kept apart, with its portals at the ends of its line',
    );
    assert.equal(city.landcover[0]!.kind, 'park');
    assert.ok(
      city.boundary[0]![0] === 4.69 && city.boundary[1]![0] === 4.71,
      'boundary turned counterclockwise',
    );
  });

  test('names the file, the feature index and the rule of every error', () => {
    const files = validFiles();
    files['city.json'] = JSON.stringify({ ...manifest, id: 'Leuven!', timezone: 'Mars/Olympus' });
    files['buildings.geojson'] = fc([
      feature({ height: 10 }, { type: 'Polygon', coordinates: square(4.7, 50.875) }),
      feature({ height: 'tall' }, { type: 'Polygon', coordinates: square(4.7, 50.875) }),
      feature(
        { height: 10 },
        {
          type: 'Polygon',
          coordinates: [
            [
              [4.7, 50.875],
              [4.71, 50.875],
              [4.71, 50.88],
              [4.7, 50.88],
            ],
          ],
        },
      ),
    ]);
    files['roads.geojson'] = fc([
      feature(
        { highway: 'runway' },
        {
          type: 'LineString',
          coordinates: [
            [4.69, 50.876],
            [4.71, 50.876],
          ],
        },
      ),
    ]);
    files['landcover.geojson'] = fc([
      feature({ shop: 'bakery' }, { type: 'Point', coordinates: [4.7, 50.88] }),
    ]);
    const result = validateCityPackage(files);
    assert.equal(result.ok, false);
    const lines = !result.ok ? result.errors.map(formatPackageError) : [];
    assert.ok(
      lines.some((l) => l.startsWith('city.json: [schema] /id must match pattern')),
      lines.join('\n'),
    );
    assert.ok(
      lines.includes("buildings.geojson feature 1: [height-number] height 'tall' is not a number of metres"),
    );
    assert.ok(
      lines.includes('buildings.geojson feature 2: [ring-closed] a ring must end on its first position'),
    );
    assert.ok(lines.some((l) => l.startsWith("roads.geojson feature 0: [highway-known] highway 'runway'")));
    assert.ok(lines.some((l) => l.startsWith('landcover.geojson feature 0: [geometry-type]')));
    assert.ok(!lines.some((l) => l.includes('timezone')), 'the time zone is checked once the schema passes');
  });

  test('refuses a package without buildings or outside Belgium', () => {
    const files = validFiles();
    delete files['buildings.geojson'];
    files['boundary.geojson'] = JSON.stringify(
      feature({}, { type: 'Polygon', coordinates: [ring.map(([lon, lat]) => [lon! + 10, lat!])] }),
    );
    const result = validateCityPackage(files);
    assert.ok(!result.ok);
    assert.deepEqual(result.errors.map((e) => `${e.file}:${e.rule}`).sort(), [
      'boundary.geojson:boundary-in-belgium',
      'buildings.geojson:file-required',
    ]);
  });

  test('reads OSM tags the documented way', () => {
    assert.equal(buildingHeight({ height: 21.5, 'building:levels': 2 }), 21.5);
    assert.match(String(buildingHeight({ height: '30 ft' })), /^height-number/);
    assert.deepEqual(classifyRoad({ highway: 'tertiary', lanes: 4 }), {
      kind: 'major',
      widthM: 21,
      underground: false,
    });
    assert.deepEqual(classifyRoad({ highway: 'pedestrian' }), {
      kind: 'pedestrian',
      widthM: 8,
      underground: false,
    });
    assert.equal(classifyLand({ natural: 'water' }), 'water');
    assert.equal(classifyLand({ landuse: 'forest' }), 'park');
    assert.equal(classifyLand({ place: 'square' }), 'plaza');
  });

  test('publishes the manifest schema written in code (data/cities/schema/city.schema.json)', async () => {
    assert.equal(await readFile(SCHEMA_PATH, 'utf8'), schemaText());
  });
});
