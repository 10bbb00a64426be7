import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Deployment, type Instance, startDeployment } from '../helpers/instances.ts';
import { writeTownPackage } from '../helpers/town.ts';

/**
 * Scale-out cities: `svc cities import` with DATABASE_URL stores the package in
 * PostgreSQL; two running server processes (each with its own DATA_DIR) list the city
 * without a restart (within a minute on a quiet machine; the time is reported), and both
 * drop it after `svc cities remove`.
 */
let deployment: Deployment;
const GUARD_MS = 240_000;
let dir: string;

async function listedOn(instance: Instance): Promise<string[]> {
  const response = await fetch(`${instance.base}/v1/cities`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { cities: Array<{ id: string }> }).cities.map((c) => c.id);
}

/**
 * waits until every instance agrees that `present` holds; the time it took, ms. The minute
 * the docs promise is a timing, reported here, not asserted: an instance builds the city's
 * rasters before it lists it, and on a loaded two-core machine one instance had not listed
 * it a minute after the import (a run here, 28 Nov). The guard only catches an instance
 * that never follows.
 */
async function untilAll(present: boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    const lists = await Promise.all(deployment.instances.map(listedOn));
    if (lists.every((ids) => ids.includes('leuven') === present)) {
      const tookMs = Date.now() - started;
      process.stdout.write(`# leuven ${present ? 'listed' : 'dropped'} by every instance in ${tookMs} ms\n`);
      return tookMs;
    }
    if (Date.now() - started > GUARD_MS)
      throw new Error(
        `leuven ${present ? 'listed' : 'dropped'} by ${lists.map((l) => l.join('+')).join(' / ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-scale-town-'));
  writeTownPackage(join(dir, 'leuven'));
  deployment = await startDeployment(2, { CITIES_POLL_MS: '1000' });
  await deployment.ready();
});
after(async () => {
  await deployment?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('scale-out: an imported city goes live on every instance', () => {
  test('both instances list the city after the import without a restart, then drop it after remove', async () => {
    for (const instance of deployment.instances) assert.ok(!(await listedOn(instance)).includes('leuven'));
    const imported = JSON.parse(await deployment.cli(['cities', 'import', join(dir, 'leuven')])) as {
      id: string;
    };
    assert.equal(imported.id, 'leuven');
    await untilAll(true);
    const removed = JSON.parse(await deployment.cli(['cities', 'remove', 'leuven'])) as { removed: boolean };
    assert.equal(removed.removed, true);
    await untilAll(false);
  });
});
