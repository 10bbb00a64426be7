import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { embeddedCitySpecs } from '../../../../src/adapters/cities/embedded.ts';
import { CITIES } from '../../../../src/domain/coverage/cities.ts';
import { geometryFromFiles } from '../../../../src/domain/coverage/city-package/model-geometry.ts';
import { buildCityInThread } from '../../../../src/model/embedded/morphology/build-city-thread.ts';
import { cityDomainInfo, domainCentre } from '../../../../src/model/embedded/morphology/domains.ts';
import {
  cityFromGeometry,
  withClimateDefaults,
} from '../../../../src/model/embedded/morphology/generate-city.ts';
import type { Morphology } from '../../../../src/model/embedded/morphology/morphology.ts';
import {
  cacheDir,
  cityCacheName,
  loadOrBuildCity,
  loadOrGenerateNational,
  nationalClimateAt,
} from '../../../../src/model/embedded/morphology/store.ts';
import type { CityDomainSpec } from '../../../../src/model/port.ts';
import { longestStall } from '../../../helpers/event-loop-stall.ts';
import { SHARED_DATA_DIR, sharedDomains } from '../../../helpers/shared-domains.ts';

/** a fresh MODEL_DIR holding only the nationwide grid: every city must be built */
let dataDir: string;
let national: Morphology;
let charleroi: CityDomainSpec;
before(async () => {
  await sharedDomains(); // the shared cache exists (nationwide grid included)
  dataDir = mkdtempSync(join(tmpdir(), 'svc-city-thread-'));
  mkdirSync(cacheDir(dataDir), { recursive: true });
  for (const file of readdirSync(cacheDir(SHARED_DATA_DIR)))
    if (file.startsWith('belgium.'))
      copyFileSync(join(cacheDir(SHARED_DATA_DIR), file), join(cacheDir(dataDir), file));
  const loaded = await loadOrGenerateNational(dataDir);
  assert.equal(loaded.generated, false);
  national = loaded.morphology;
  charleroi = (await embeddedCitySpecs(CITIES)).find((spec) => spec.id === 'charleroi')!;
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

test("a package's rasters are built off the event loop, byte for byte those built on it", async () => {
  // on the event loop, the same package stalled it ~650 ms (Brussels ~1.9 s)
  const { result, stallMs } = await longestStall(() => loadOrBuildCity(dataDir, charleroi, national));
  assert.equal(result.generated, true);
  assert.ok(stallMs < 150, `the event loop went ${stallMs.toFixed(0)} ms without a turn`);

  const info = cityDomainInfo(charleroi);
  const geometry = geometryFromFiles(await charleroi.packageFiles!());
  const here = cityFromGeometry(
    info,
    geometry,
    withClimateDefaults(geometry, nationalClimateAt(national, domainCentre(info))),
  );
  assert.equal(result.morphology.rectCount, here.rectCount);
  assert.deepEqual(result.morphology.centre, here.centre);
  assert.ok(Buffer.from(result.morphology.buffer).equals(Buffer.from(here.buffer)), 'the rasters differ');
  // cached for the next start, which reads them back
  const again = await loadOrBuildCity(dataDir, charleroi, national);
  assert.equal(again.generated, false);
  assert.ok(Buffer.from(again.morphology.buffer).equals(Buffer.from(here.buffer)));
});

test('an invalid package fails the build with what is wrong, and caches nothing', async () => {
  const broken: CityDomainSpec = {
    ...charleroi,
    revision: 'broken',
    packageFiles: async () => ({
      ...(await charleroi.packageFiles!()),
      'buildings.geojson': '{"type":"Nope"}',
    }),
  };
  await assert.rejects(
    loadOrBuildCity(dataDir, broken, national),
    /invalid city package: buildings\.geojson/,
  );
  assert.equal(existsSync(join(cacheDir(dataDir), `${cityCacheName(broken)}.bin`)), false);
});

test('a build that overruns its deadline is stopped and fails with the city and the limit', async () => {
  const info = cityDomainInfo(charleroi);
  const files = await charleroi.packageFiles!();
  const nationalClimate = nationalClimateAt(national, domainCentre(info));
  const started = Date.now();
  await assert.rejects(
    buildCityInThread({ info, files, nationalClimate }, 50), // Charleroi takes ~0.65 s of one core

    /the rasters of charleroi were not built within 0\.05 s/,
  );
  assert.ok(Date.now() - started < 500, 'the deadline did not end the wait');
});
