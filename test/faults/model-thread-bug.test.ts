import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { embeddedCitySpecs } from '../../src/adapters/cities/embedded.ts';
import { loadNationalClimate } from '../../src/adapters/cities/national-climate.ts';
import { createEmbeddedModel } from '../../src/model/embedded/index.ts';
import type { WorkerPool } from '../../src/model/embedded/pool/worker-pool.ts';
import { EMBEDDED_REGISTRY } from '../helpers/embedded-cities.ts';
import { SHARED_MODEL_DIR, startTestService, type TestService } from '../helpers/service.ts';

/**
 * Issue #45: a bug inside a model thread (an exception thrown by the model code, not a
 * dead thread, a timeout or an unavailable upstream) answers 500 internal_error, logged
 * with the thread's stack; a dead thread keeps its 502 (model-workers.integration.test.ts).
 * The fault goes through the real pool and the real worker thread: the pool's `injectBug`
 * makes the thread's next task throw from the model code.
 */
describe('faults: a bug inside a model thread', () => {
  let service: TestService;
  let pool: WorkerPool;
  let key: string;
  const logLines: Array<Record<string, unknown>> = [];
  before(async () => {
    const model = await createEmbeddedModel({
      dataDir: SHARED_MODEL_DIR,
      workers: 1,
      cities: await embeddedCitySpecs(EMBEDDED_REGISTRY.cities),
      climate: loadNationalClimate(),
    });
    // the pool is the model's own; reaching it is how a test injects a fault into one thread
    pool = Reflect.get(model, 'pool') as WorkerPool;
    const logDestination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(JSON.parse(line));
        done();
      },
    });
    service = await startTestService({ LOG_LEVEL: 'error' }, { model, logDestination, start: false });
    key = await service.createKey(['--rate-per-min', '10000']);
  });
  after(() => service?.close());

  const realtime = () =>
    service.composition.app.inject({
      url: '/v1/realtime?lat=50.8467&lon=4.3525',
      headers: { 'x-api-key': key },
    });

  test('the request answers 500 internal_error, and the log holds the stack from inside the thread', async () => {
    await pool.injectBug(0);
    const failed = await realtime();
    assert.equal(failed.statusCode, 500, failed.body);
    const problem = failed.json();
    assert.equal(problem.code, 'internal_error');
    // the internal message stays out of the public detail
    assert.doesNotMatch(String(problem.detail), /injected|cells/);

    const logged = logLines.find((line) => line.msg === 'unhandled error');
    assert.ok(logged, JSON.stringify(logLines));
    const err = logged.err as { type: string; message: string; stack: string };
    assert.equal(err.type, 'ThreadBugError');
    assert.match(err.message, /model thread: injected bug/);
    // the frames are the thread's: the model code that threw, not the reply's arrival
    assert.match(err.stack, /TypeError: injected bug/);
    assert.match(err.stack, /injectedBug .*pool\/worker\.(ts|js)/);
    assert.equal(logged.reqId, failed.headers['x-request-id']);
  });

  test('the thread lives on: the next request is served, and readiness never turned', async () => {
    const served = await realtime();
    assert.equal(served.statusCode, 200, served.body);
    assert.ok(served.json().hourly.length > 0);
    const ready = await service.composition.app.inject({ url: '/v1/health/ready' });
    assert.equal(ready.statusCode, 200, ready.body);
    assert.equal(pool.alive, 1);
  });
});
