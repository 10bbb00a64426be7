import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModelEngine } from '../../../../src/model/embedded/compute/engine.ts';
import { SURFACE } from '../../../../src/model/embedded/morphology/layout.ts';
import { MODEL_SEED } from '../../../../src/model/embedded/version.ts';
import { sharedDomains } from '../../../helpers/shared-domains.ts';

const REFERENCE = { kind: 'reference' } as const;

test('a thread adopting what another warmed computes the same numbers from the same shared arrays', async () => {
  const domains = await sharedDomains();
  const warmer = new ModelEngine(domains, MODEL_SEED);
  const adopter = new ModelEngine(domains, MODEL_SEED);
  const transfers = ['belgium', 'brussels'].map((id) => warmer.warmShared(id as 'brussels'));
  for (const transfer of transfers) {
    assert.ok(transfer.background.regional.buffer instanceof SharedArrayBuffer);
    assert.ok(transfer.year.utci.buffer instanceof SharedArrayBuffer);
    adopter.adopt(transfer);
  }
  // no copy: the adopter reads the very arrays the warmer computed
  assert.equal(adopter.background('brussels'), transfers[1]!.background);
  const surface = domains.get('brussels')!.rasters.surface;
  const cells: number[] = [];
  for (let i = 0; i < surface.length && cells.length < 3; i += 7919)
    if (surface[i] !== SURFACE.building) cells.push(i);
  const fresh = new ModelEngine(domains, MODEL_SEED);
  assert.deepEqual(adopter.series('brussels', cells, REFERENCE), fresh.series('brussels', cells, REFERENCE));
});

test('a thread holding another revision of a city ignores what was warmed for the old one', async () => {
  const domains = await sharedDomains();
  const transfer = new ModelEngine(domains, MODEL_SEED).warmShared('brussels');
  const adopter = new ModelEngine(domains, MODEL_SEED);
  adopter.adopt({ ...transfer, revision: `${transfer.revision}-old` });
  assert.notEqual(adopter.background('brussels'), transfer.background);
});
