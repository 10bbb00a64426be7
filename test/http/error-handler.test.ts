import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Product } from '../../src/domain/coverage/cities.ts';
import { apiError } from '../../src/domain/errors/catalogue.ts';
import { ERROR_EXPLANATIONS } from '../../src/domain/errors/explanations.ts';
import { GeocoderError, ModelTimeoutError, ModelUnavailableError } from '../../src/domain/errors/failures.ts';
import { translateFailure } from '../../src/domain/errors/translate.ts';
import { createErrorHandler } from '../../src/http/error-handler.ts';
import { renderErrorsPage } from '../../src/http/routes/docs/errors-page.ts';

// the error handler on a bare Fastify: each route throws one kind of failure
const DOCS = 'https://docs.example.test/v1';
const FAILURES: Record<string, () => Error> = {
  timeout: () => new ModelTimeoutError('work-1'),
  worker: () => new ModelUnavailableError('model computation failed: worker exited with code 1'),
  geocoder: () => new GeocoderError('The geocoder answered HTTP 500.'),
  refusal: () => apiError('outside_coverage', 'Outside Belgium.'),
  bug: () => new TypeError("Cannot read properties of undefined (reading 'cells')"),
};
const PRODUCTS: Product[] = ['historical', 'realtime', 'forecast', 'map', 'geocode', 'reports'];

let app: FastifyInstance;
before(async () => {
  app = Fastify({ logger: false });
  app.setErrorHandler(createErrorHandler(DOCS, { answered() {} }));
  for (const product of PRODUCTS) {
    app.get(`/${product}/:failure`, { config: { product } }, async (request) => {
      throw FAILURES[(request.params as { failure: string }).failure]!();
    });
  }
  await app.ready();
});
after(() => app.close());

async function problem(url: string) {
  const response = await app.inject({ method: 'GET', url });
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const body = response.json() as Record<string, unknown>;
  assert.equal(body.status, response.statusCode);
  assert.equal(body.type, `${DOCS}/errors#${body.code}`);
  assert.equal(body.request_id, response.headers['x-request-id']);
  return { status: response.statusCode, body };
}

describe('one translation of failures for every service', () => {
  for (const product of PRODUCTS) {
    test(`${product}: model timeout 504, worker failure ${product === 'map' ? 503 : 502}, never 500`, async () => {
      const timeout = await problem(`/${product}/timeout`);
      assert.equal(timeout.status, 504);
      assert.equal(timeout.body.code, 'upstream_timeout');
      const worker = await problem(`/${product}/worker`);
      // the spec's map outage is 503 upstream_unavailable; every data service says 502
      assert.deepEqual(
        [worker.status, worker.body.code],
        product === 'map' ? [503, 'upstream_unavailable'] : [502, 'upstream_error'],
      );
      // the internal message (exit codes, file names) stays out of the public detail
      assert.doesNotMatch(String(worker.body.detail), /exited|code 1/);
    });
  }

  test('a geocoder failure is 502 upstream_error with its own public detail', async () => {
    const { status, body } = await problem('/geocode/geocoder');
    assert.equal(status, 502);
    assert.equal(body.code, 'upstream_error');
    assert.equal(body.detail, 'The geocoder answered HTTP 500.');
  });

  test('an ApiError thrown on purpose renders as it is', async () => {
    const { status, body } = await problem('/historical/refusal');
    assert.equal(status, 422);
    assert.equal(body.code, 'outside_coverage');
  });

  test('a bug answers the catalogue internal_error, without its message, and the errors page explains it', async () => {
    const { status, body } = await problem('/reports/bug');
    assert.equal(status, 500);
    assert.equal(body.code, 'internal_error');
    assert.equal(body.title, 'Internal error');
    assert.doesNotMatch(String(body.detail), /undefined|cells/);
    assert.ok(ERROR_EXPLANATIONS.internal_error.action.length > 0);
    assert.match(renderErrorsPage(), /<section id="internal_error">/);
  });

  test('translateFailure: unknown errors are bugs (null), a route without a product gets the default code', () => {
    assert.equal(translateFailure(new Error('boom')), null);
    assert.equal(translateFailure('a string'), null);
    assert.equal(translateFailure(new ModelUnavailableError('down'))?.code, 'upstream_error');
  });
});
