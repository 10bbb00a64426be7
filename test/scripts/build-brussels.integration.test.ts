import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildBrussels, differingFiles, PACKAGE_DIR } from '../../scripts/cities/build-brussels.ts';

/**
 * The embedded Brussels package is what its committed sources build (issue #33): one
 * command (`npm run cities:build-brussels`, through `svc cities import-osm`) rebuilds
 * data/cities/brussels byte for byte, so nobody can hand-edit it unseen.
 */
let out: string;
let report: string;
before(async () => {
  out = await mkdtemp(join(tmpdir(), 'svc-brussels-rebuild-'));
  report = await buildBrussels(out);
});
after(() => rm(out, { recursive: true, force: true }));

describe('npm run cities:build-brussels', () => {
  test('rebuilds the committed package from data/sources/brussels byte for byte', async () => {
    assert.deepEqual(await differingFiles(out, PACKAGE_DIR), []);
  });

  test('goes through the import: the CLI validated and rasterised the package', () => {
    const imported = JSON.parse(report.split('\n').at(-1)!) as { id: string; buildings: number };
    assert.equal(imported.id, 'brussels');
    assert.ok(imported.buildings > 20_000, `${imported.buildings} buildings`);
  });

  test('the package carries the measured weather year and credits its sources', async () => {
    const epw = await readFile(join(out, 'weather.epw'), 'utf8');
    assert.match(epw, /^LOCATION,Uccle,VLG,BEL,SRC-TMYx,064470/);
    const manifest = JSON.parse(await readFile(join(out, 'city.json'), 'utf8')) as { attribution: string };
    assert.match(manifest.attribution, /© OpenStreetMap contributors/);
    assert.match(manifest.attribution, /Uccle TMYx 2007–2021/);
  });
});
