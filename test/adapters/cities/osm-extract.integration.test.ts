import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { type OsmPackage, packageFromOsm } from '../../../src/adapters/cities/osm-extract.ts';
import { validateCityPackage } from '../../../src/domain/coverage/city-package/package.ts';
import { encodeOsmPbf } from '../../helpers/osm-pbf.ts';
import { at, boundaryText, MANIFEST, TOWER, townBuildings, townOsm, townRoads } from '../../helpers/town.ts';

/**
 * The OpenStreetMap path on a .osm.pbf fixture the test builds itself (support/osm-pbf.ts
 * writes the PBF format; osm-pbf-parser-node reads it back in the importer).
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
let dir: string;
let built: OsmPackage;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-osm-'));
  writeFileSync(join(dir, 'town.osm.pbf'), encodeOsmPbf(townOsm()));
  writeFileSync(join(dir, 'city.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(dir, 'boundary.geojson'), boundaryText());
  built = await packageFromOsm(join(dir, 'town.osm.pbf'), {
    manifestPath: join(dir, 'city.json'),
    boundaryPath: join(dir, 'boundary.geojson'),
    outDir: join(dir, 'package'),
  });
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('cities import-osm', () => {
  test('builds a valid package: buildings with heights from height / building:levels, roads, the park', () => {
    const result = validateCityPackage(built.files);
    assert.ok(result.ok, JSON.stringify(!result.ok && result.errors.slice(0, 3)));
    const { city } = result;
    // every town building, the unreadable-height one (kept, default height), not the far one
    assert.equal(city.buildings.length, townBuildings().length + 1);
    assert.equal(built.summary.droppedHeights, 1);
    const heights = city.buildings.map((b) => Math.round(b.heightM * 100) / 100).sort((a, b) => a - b);
    const expected = [...townBuildings().map((b) => Math.round(b.heightM * 100) / 100), 9.6].sort(
      (a, b) => a - b,
    );
    assert.deepEqual(heights, expected);
    assert.ok(heights.includes(TOWER.heightM));
    // the tunnel is read but not on the surface
    assert.equal(built.summary.roads, townRoads().length + 1);
    assert.equal(city.roads.length, townRoads().length);
    assert.deepEqual([...new Set(city.roads.map((r) => r.kind))].sort(), ['local', 'major', 'pedestrian']);
    // the park multipolygon: two outer halves joined into one ring, the pond a hole
    assert.equal(city.landcover.length, 1);
    assert.equal(city.landcover[0]!.kind, 'park');
    assert.equal(city.landcover[0]!.polygons[0]!.length, 2);
  });

  test('writes the package with --out, the manifest and boundary as given', () => {
    assert.equal(readFileSync(join(dir, 'package', 'city.json'), 'utf8'), JSON.stringify(MANIFEST));
    assert.equal(readFileSync(join(dir, 'package', 'boundary.geojson'), 'utf8'), boundaryText());
  });

  test('imports through the CLI and lists the city', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: join(dir, 'data'),
      MODEL_DIR: join(tmpdir(), 'svc-test-model-cache'),
    };
    delete env.NODE_TEST_CONTEXT;
    const run = (args: string[]) =>
      promisify(execFile)('npm', ['run', '--silent', 'svc', '--', ...args], { cwd: ROOT, env });
    const imported = await run([
      'cities',
      'import-osm',
      join(dir, 'town.osm.pbf'),
      '--manifest',
      join(dir, 'city.json'),
      '--boundary',
      join(dir, 'boundary.geojson'),
    ]);
    assert.match(imported.stderr, /buildings/);
    assert.equal(
      (JSON.parse(imported.stdout) as { buildings: number }).buildings,
      townBuildings().length + 1,
    );
    const list = JSON.parse((await run(['cities', 'list'])).stdout) as Array<{ id: string; source: string }>;
    assert.deepEqual(list.find((c) => c.id === 'leuven')?.source, 'imported');
  });
});

describe('cities import-osm: the streets and addresses for the gazetteer (addresses.geojson)', () => {
  let addresses: Array<{
    properties: Record<string, string>;
    geometry: { type: string; coordinates: unknown };
  }>;

  before(async () => {
    const osm = townOsm();
    let nextNode = 900_000;
    let nextWay = 990_000;
    const node = ([lon, lat]: [number, number], tags?: Record<string, string>) => {
      const id = nextNode++;
      osm.nodes.push({ id, lon, lat, ...(tags ? { tags } : {}) });
      return id;
    };
    const way = (refs: number[], tags?: Record<string, string>) => {
      const id = nextWay++;
      osm.ways.push({ id, refs, ...(tags ? { tags } : {}) });
      return id;
    };
    // the municipality: a square around the town, its boundary in two untagged ways
    const corners = [at(-900, -900), at(900, -900), at(900, 900), at(-900, 900)].map((p) => node(p));
    const half1 = way([corners[0]!, corners[1]!, corners[2]!]);
    const half2 = way([corners[2]!, corners[3]!, corners[0]!]);
    osm.relations.push({
      id: 9100,
      tags: {
        type: 'boundary',
        boundary: 'administrative',
        admin_level: '8',
        name: 'Ville de Test - Stad Test',
        'addr:postcode': '1000;1020',
      },
      members: [
        { type: 'way', ref: half1, role: 'outer' },
        { type: 'way', ref: half2, role: 'outer' },
      ],
    });
    way([node(at(-300, 300)), node(at(300, 300))], {
      highway: 'residential',
      name: 'Rue Haute - Hoogstraat',
    });
    const street = 'Rue Haute - Hoogstraat';
    // a building with a tagged entrance, and an L-shaped one whose vertex average is outside it
    const entrance = node(at(-200, 290), { entrance: 'main' });
    const ring1 = [at(-210, 290), at(-190, 290), at(-190, 270), at(-210, 270)].map((p) => node(p));
    way([ring1[0]!, entrance, ...ring1.slice(1), ring1[0]!], {
      building: 'yes',
      'addr:street': street,
      'addr:housenumber': '2',
    });
    const l = [at(0, 290), at(40, 290), at(40, 280), at(10, 280), at(10, 250), at(0, 250)].map((p) =>
      node(p),
    );
    way([...l, l[0]!], {
      building: 'yes',
      'addr:street': street,
      'addr:housenumber': '8',
      'addr:postcode': '1020',
    });
    // an address node, and an interpolation line between two numbered nodes
    node(at(100, 310), { 'addr:street': street, 'addr:housenumber': '11' });
    const from = node(at(120, 310), { 'addr:street': street, 'addr:housenumber': '13' });
    const to = node(at(200, 310), { 'addr:street': street, 'addr:housenumber': '21' });
    way([from, node(at(160, 312)), to], { 'addr:interpolation': 'odd' });
    writeFileSync(join(dir, 'addresses.osm.pbf'), encodeOsmPbf(osm));
    const withAddresses = await packageFromOsm(join(dir, 'addresses.osm.pbf'), {
      manifestPath: join(dir, 'city.json'),
      boundaryPath: join(dir, 'boundary.geojson'),
    });
    const result = validateCityPackage(withAddresses.files);
    assert.ok(result.ok, JSON.stringify(!result.ok && result.errors.slice(0, 3)));
    addresses = JSON.parse(withAddresses.files['addresses.geojson']!).features;
  });

  test('the named streets, in both languages, in their municipality', () => {
    const streets = addresses.filter((f) => f.properties.kind === 'street');
    const haute = streets.find((f) => f.properties.name === 'Rue Haute - Hoogstraat');
    assert.deepEqual(haute?.properties, {
      kind: 'street',
      name: 'Rue Haute - Hoogstraat',
      'name:fr': 'Rue Haute',
      'name:nl': 'Hoogstraat',
      postcode: '1000',
      'municipality:fr': 'Ville de Test',
      'municipality:nl': 'Stad Test',
    });
    assert.equal(haute?.geometry.type, 'MultiLineString');
  });

  test('doors: the entrance if tagged, else a point inside the outline; address nodes as they are', () => {
    const door = (n: string) =>
      addresses.find((f) => f.properties.kind === 'address' && f.properties.housenumber === n);
    assert.equal(door('2')?.properties.placed, 'entrance');
    assert.deepEqual(door('2')?.geometry.coordinates, at(-200, 290));
    assert.equal(door('8')?.properties.placed, 'inside');
    assert.equal(door('8')?.properties.postcode, '1020', "the door's own postcode");
    const [lon, lat] = door('8')!.geometry.coordinates as [number, number];
    const [x0, y0] = at(0, 250);
    const [x1, y1] = at(10, 290);
    assert.ok(lon >= x0 && lon <= x1 && lat >= y0 && lat <= y1, 'inside the L, in its upright');
    assert.equal(door('11')?.properties.placed, 'node');
  });

  test('an interpolation line with the numbers at its ends', () => {
    const line = addresses.find((f) => f.properties.kind === 'interpolation');
    assert.ok(line, 'an interpolation line');
    assert.deepEqual(
      [line.properties.interpolation, line.properties.from, line.properties.to, line.properties.street],
      ['odd', '13', '21', 'Rue Haute - Hoogstraat'],
    );
    assert.equal((line.geometry.coordinates as unknown[]).length, 3);
  });
});
