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
import { boundaryText, MANIFEST, TOWER, townBuildings, townOsm, townRoads } from '../../helpers/town.ts';

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
