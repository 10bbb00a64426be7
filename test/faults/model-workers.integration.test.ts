import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { embeddedCitySpecs } from '../../src/adapters/cities/embedded.ts';
import { loadNationalClimate } from '../../src/adapters/cities/national-climate.ts';
import { createEmbeddedModel } from '../../src/model/embedded/index.ts';
import type { WorkerPool } from '../../src/model/embedded/pool/worker-pool.ts';
import { EMBEDDED_REGISTRY } from '../helpers/embedded-cities.ts';
import { SHARED_MODEL_DIR, startTestService, type TestService } from '../helpers/service.ts';

/**
 * Issue #11, the compute threads: a model worker that dies fails the request it was
 * serving at once (502, not a wait until the compute deadline, not a 500), readiness
 * says a worker is missing, and the pool starts a replacement by itself.
 */

const DEADLINE_MS = 20_000;

describe('faults: a model worker thread dies', () => {
  let service: TestService;
  let pool: WorkerPool;
  let key: string;
  before(async () => {
    const model = await createEmbeddedModel({
      dataDir: SHARED_MODEL_DIR,
      workers: 1,
      cities: await embeddedCitySpecs(EMBEDDED_REGISTRY.cities),
      climate: loadNationalClimate(),
    });
    // the pool is the model's own; reaching it is how a test kills one thread
    pool = (model as unknown as { pool: WorkerPool }).pool;
    // a deadline far above the bound asserted below, so a wait for it would fail the test
    service = await startTestService({ COMPUTE_DEADLINE_MS: String(DEADLINE_MS) }, { model, start: false });
    key = await service.createKey(['--rate-per-min', '10000']);
  });
  after(() => service?.close());

  const realtime = () =>
    service.composition.app.inject({
      url: '/v1/realtime?lat=50.8467&lon=4.3525',
      headers: { 'x-api-key': key },
    });
  const ready = () => service.composition.app.inject({ url: '/v1/health/ready' });

  test('the in-flight request fails fast with 502, then a replacement worker serves', async () => {
    const started = performance.now();
    const inFlight = realtime();
    await pool.terminateWorker(0);
    const failed = await inFlight;
    const elapsed = performance.now() - started;
    assert.equal(failed.statusCode, 502, failed.body);
    assert.equal(failed.json().code, 'upstream_error');
    // failed with its thread, not at the deadline: the bound only tells the two apart (a loaded
    // machine delays an at-once answer by seconds, never by the deadline's 20)
    assert.ok(elapsed < DEADLINE_MS / 2, `answered in ${Math.round(elapsed)} ms`);

    const down = await ready();
    assert.equal(down.statusCode, 503, down.body);
    assert.equal(down.json().checks.model_workers.status, 'unavailable', down.body);

    // the replacement starts after a short backoff and warms; readiness turns back
    const deadline = performance.now() + 30_000;
    let back = await ready();
    while (back.statusCode !== 200 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      back = await ready();
    }
    assert.equal(back.statusCode, 200, back.body);
    const served = await realtime();
    assert.equal(served.statusCode, 200, served.body);
    assert.ok(served.json().hourly.length > 0);
  });
});
