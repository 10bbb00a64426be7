import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * POST /v1/reports's radius is 5 to 50 metres (api-spec.md, "Common input rules" and
 * "Parameters"; out of range is 400 validation_error): the bounds the OpenAPI document
 * publishes, and the validation at and just past each of them.
 */
const SPEC_RADIUS_MIN = 5;
const SPEC_RADIUS_MAX = 50;

let service: TestService;
let key: string;
before(async () => {
  // no worker: an accepted job waits in the queue, which is all an acceptance needs
  service = await startTestService({}, { start: false });
  key = await service.createKey(['--rate-per-min', '100000', '--reports-per-day', '1000']);
});
after(() => service.close());

// biome-ignore lint/suspicious/noExplicitAny: the document is walked freely here; its linters check its shape
type Loose = any;

/** a schema with its $ref followed into the document's components */
function resolved(doc: Loose, schema: Loose): Loose {
  if (!schema?.$ref) return schema;
  const path = String(schema.$ref).replace(/^#\//, '').split('/');
  return resolved(
    doc,
    path.reduce((node: Loose, name) => node[name], doc),
  );
}

test('the OpenAPI document publishes radius 5 to 50 for POST /reports', async () => {
  const response = await service.composition.app.inject({ url: '/v1/openapi.json' });
  assert.equal(response.statusCode, 200);
  const doc = response.json();
  const body = resolved(doc, doc.paths['/reports'].post.requestBody.content['application/json'].schema);
  const radius = resolved(doc, body.properties.radius);
  assert.equal(radius.type, 'number');
  assert.equal(radius.minimum, SPEC_RADIUS_MIN);
  assert.equal(radius.maximum, SPEC_RADIUS_MAX);
  // inclusive bounds: no exclusive variant published beside them
  assert.equal(radius.exclusiveMinimum, undefined);
  assert.equal(radius.exclusiveMaximum, undefined);
});

const post = (radius: number) =>
  service.composition.app.inject({
    method: 'POST',
    url: '/v1/reports',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ lat: 50.8467, lon: 4.3525, radius }),
  });

test('radius 4 and 51 are refused with 400 validation_error; 5 and 50 are accepted', async () => {
  for (const radius of [SPEC_RADIUS_MIN - 1, SPEC_RADIUS_MAX + 1]) {
    const response = await post(radius);
    assert.equal(response.statusCode, 400, `radius ${radius}: ${response.body}`);
    assert.equal(response.json().code, 'validation_error');
    assert.match(response.json().detail, /^radius /);
  }
  for (const radius of [SPEC_RADIUS_MIN, SPEC_RADIUS_MAX]) {
    const response = await post(radius);
    assert.equal(response.statusCode, 202, `radius ${radius}: ${response.body}`);
  }
});
