import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { embeddedCitySpecs } from '../../src/adapters/cities/embedded.ts';
import { loadNationalClimate } from '../../src/adapters/cities/national-climate.ts';
import { ModelTimeoutError, ModelUnavailableError } from '../../src/domain/errors/failures.ts';
import { createEmbeddedModel } from '../../src/model/embedded/index.ts';
import type { MicroclimateModel } from '../../src/model/microclimate-model.ts';
import { EMBEDDED_REGISTRY } from '../helpers/embedded-cities.ts';
import { SHARED_MODEL_DIR, startTestService, type TestService } from '../helpers/service.ts';

/**
 * The data endpoints answer a failing compute back end with the spec's codes, never a
 * 500. The model is the real embedded one, swapped in through compose's overrides with
 * its hourly series failing the way the worker pool fails: a worker that crashed
 * (ModelUnavailableError) or a deadline that passed (ModelTimeoutError).
 */
type Mode = 'worker_failure' | 'timeout';
let mode: Mode = 'worker_failure';
let service: TestService;
let key: string;

function failingSeries(model: MicroclimateModel): MicroclimateModel {
  return new Proxy(model, {
    get(target, property, receiver) {
      if (property === 'series') {
        return () =>
          Promise.reject(
            mode === 'timeout'
              ? new ModelTimeoutError('test-work')
              : new ModelUnavailableError('model computation failed: worker exited with code 1'),
          );
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

before(async () => {
  const model = await createEmbeddedModel({
    dataDir: SHARED_MODEL_DIR,
    workers: 1,
    cities: await embeddedCitySpecs(EMBEDDED_REGISTRY.cities),
    climate: loadNationalClimate(),
  });
  service = await startTestService({}, { model: failingSeries(model), start: false });
  key = await service.createKey(['--rate-per-min', '10000']);
});
after(() => service.close());

const GRAND_PLACE = 'lat=50.8467&lon=4.3525';
const PATHS = [
  `/v1/historical/stats?${GRAND_PLACE}`,
  `/v1/realtime?${GRAND_PLACE}`,
  `/v1/forecast?${GRAND_PLACE}`,
];

describe('a failing model on the data endpoints', () => {
  for (const path of PATHS) {
    test(`${path.split('?')[0]}: worker failure is 502 upstream_error, a timeout 504 upstream_timeout`, async () => {
      for (const [failure, status, code] of [
        ['worker_failure', 502, 'upstream_error'],
        ['timeout', 504, 'upstream_timeout'],
      ] as const) {
        mode = failure;
        const response = await service.composition.app.inject({ url: path, headers: { 'x-api-key': key } });
        assert.equal(response.statusCode, status, response.body);
        assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
        assert.equal(response.json().code, code);
      }
    });
  }
});
