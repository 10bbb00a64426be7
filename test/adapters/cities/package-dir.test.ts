import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readPackageDir, UnreadablePackageError } from '../../../src/adapters/cities/package-dir.ts';
import { writeTownPackage } from '../../helpers/town.ts';

/**
 * Reading a package directory: regular files only, links only inside the directory. What
 * is refused is named per file with its rule (the CLI cases are in
 * test/cli/cities-import-refusals*.test.ts); what is fine still reads.
 */
let work: string;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'svc-package-dir-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

async function refusal(dir: string): Promise<string[]> {
  try {
    await readPackageDir(dir);
  } catch (error) {
    assert.ok(error instanceof UnreadablePackageError, String(error));
    return error.lines;
  }
  return [];
}

describe('readPackageDir', () => {
  test('follows a link that stays inside the package, and a link to the package directory itself', async () => {
    const dir = join(work, 'inside');
    writeTownPackage(dir);
    mkdirSync(join(dir, 'sources'));
    renameSync(join(dir, 'roads.geojson'), join(dir, 'sources', 'roads.geojson'));
    symlinkSync(join('sources', 'roads.geojson'), join(dir, 'roads.geojson'));
    symlinkSync(dir, join(work, 'linked-package'));
    for (const path of [dir, join(work, 'linked-package')]) {
      const files = await readPackageDir(path);
      assert.match(files['roads.geojson'] ?? '', /FeatureCollection/);
    }
  });

  test('refuses a link out of the package, a dangling link and non-UTF-8 text, each named', async () => {
    const dir = join(work, 'links');
    writeTownPackage(dir);
    writeFileSync(join(work, 'elsewhere.geojson'), '{"type":"FeatureCollection","features":[]}');
    rmSync(join(dir, 'roads.geojson'));
    symlinkSync(join(work, 'elsewhere.geojson'), join(dir, 'roads.geojson'));
    rmSync(join(dir, 'landcover.geojson'));
    symlinkSync(join(dir, 'missing.geojson'), join(dir, 'landcover.geojson'));
    writeFileSync(join(dir, 'buildings.geojson'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    assert.deepEqual(await refusal(dir), [
      'buildings.geojson: [file-encoding] the file is not UTF-8 text; save it as UTF-8',
      'roads.geojson: [file-outside] a symbolic link out of the package directory; copy the file into the package',
      'landcover.geojson: [file-link] a symbolic link to nothing; put the file itself in its place',
    ]);
  });

  test('refuses a directory that is not there, in one line', async () => {
    const missing = join(work, 'nowhere');
    assert.deepEqual(await refusal(missing), [
      `${missing}: [package-dir] is not a directory; give the directory that holds city.json`,
    ]);
  });
});
