import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestService, type TestService } from '../helpers/service.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let now = Date.UTC(2026, 10, 22, 10, 15, 30);
let service: TestService;

before(async () => {
  service = await startTestService({ DOCS_URL: 'https://docs.example.test/v1' }, { clock: () => now });
});
after(() => service.close());

function inject(options: InjectOptions) {
  return service.composition.app.inject(options);
}

function assertProblem(
  response: LightMyRequestResponse,
  status: number,
  code: string,
): Record<string, unknown> {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const body = response.json() as Record<string, unknown>;
  assert.equal(body.code, code);
  assert.equal(body.status, status);
  assert.equal(body.type, `https://docs.example.test/v1/errors#${code}`);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.equal(body.request_id, response.headers['x-request-id']);
  assert.match(String(body.request_id), UUID_V4);
  return body;
}

describe('health', () => {
  test('answers 200 with the health object and a UUID v4 request id, never rate-limited', async () => {
    const key = await service.createKey(['--rate-per-min', '1']);
    for (let i = 0; i < 3; i++) {
      const response = await inject({ url: '/v1/health', headers: { 'x-api-key': key } });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['x-request-id']), UUID_V4);
      assert.equal(response.headers['x-ratelimit-limit'], undefined);
      const body = response.json();
      assert.equal(body.service, 'svc-api');
      assert.equal(body.status, 'ok');
      assert.equal(typeof body.version, 'string');
      assert.equal(body.time, new Date(now).toISOString());
    }
  });

  test('each response carries its own request id', async () => {
    const a = await inject({ url: '/v1/health' });
    const b = await inject({ url: '/v1/health' });
    assert.notEqual(a.headers['x-request-id'], b.headers['x-request-id']);
  });
});

describe('errors for anything unexpected', () => {
  test('unknown route is a 404 problem document', async () => {
    assertProblem(await inject({ url: '/v1/nope' }), 404, 'not_found');
    assertProblem(await inject({ url: '/' }), 404, 'not_found');
  });

  test('wrong method on a known path is a problem document naming the allowed methods', async () => {
    const response = await inject({ method: 'POST', url: '/v1/health', payload: {} });
    assertProblem(response, 404, 'not_found');
    assert.match(String(response.headers.allow), /GET/);
    assertProblem(await inject({ method: 'DELETE', url: '/v1/cities/brussels' }), 404, 'not_found');
  });
});

describe('authentication', () => {
  test('no key, a malformed header or an unknown key is 401', async () => {
    assertProblem(await inject({ url: '/v1/key' }), 401, 'unauthorized');
    assertProblem(
      await inject({ url: '/v1/key', headers: { authorization: 'Basic abc' } }),
      401,
      'unauthorized',
    );
    assertProblem(
      await inject({ url: '/v1/key', headers: { 'x-api-key': 'svc_sk_unknown' } }),
      401,
      'unauthorized',
    );
    assertProblem(
      await inject({ url: '/v1/key', headers: { authorization: 'Bearer nonsense' } }),
      401,
      'unauthorized',
    );
  });

  test('both headers carry the key; two different keys are refused', async () => {
    const key = await service.createKey([
      '--label',
      'both-headers',
      '--cities',
      'brussels',
      '--metrics',
      'air,wind',
    ]);
    const bearer = await inject({ url: '/v1/key', headers: { authorization: `Bearer ${key}` } });
    assert.equal(bearer.statusCode, 200);
    const header = await inject({ url: '/v1/key', headers: { 'x-api-key': key } });
    assert.equal(header.statusCode, 200);
    const body = header.json();
    assert.equal(body.label, 'both-headers');
    assert.equal(body.type, 'sk');
    assert.deepEqual(body.cities, ['brussels']);
    assert.deepEqual(body.products, ['*']);
    assert.deepEqual(body.metrics, ['air', 'wind']);
    assert.deepEqual(body.horizons, ['*']);
    assert.deepEqual(body.limits, { rate_per_min: 60, reports_per_day: 20 });
    assert.equal(body.expires_at, null);
    assert.equal(body.created, new Date(now).toISOString().slice(0, 10));
    assert.equal(header.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(header.body, bearer.body);
    const other = await service.createKey();
    // each key its own body (they are kept per key record)
    const otherBody = (await inject({ url: '/v1/key', headers: { 'x-api-key': other } })).json();
    assert.notEqual(otherBody.label, 'both-headers');
    assert.deepEqual(otherBody.cities, ['*']);
    assertProblem(
      await inject({ url: '/v1/key', headers: { 'x-api-key': key, authorization: `Bearer ${other}` } }),
      401,
      'unauthorized',
    );
  });

  test('a revoked key answers 403 within 5 seconds on the running server', async () => {
    const key = await service.createKey();
    assert.equal((await inject({ url: '/v1/key', headers: { 'x-api-key': key } })).statusCode, 200);
    await service.revokeKey(key);
    now += 5000;
    assertProblem(await inject({ url: '/v1/key', headers: { 'x-api-key': key } }), 403, 'forbidden');
  });

  test('an expired key answers 403 from exactly its expiry instant', async () => {
    const key = await service.createKey(['--expires-at', new Date(now + 60_000).toISOString()]);
    assert.equal((await inject({ url: '/v1/key', headers: { 'x-api-key': key } })).statusCode, 200);
    now += 59_999;
    assert.equal((await inject({ url: '/v1/key', headers: { 'x-api-key': key } })).statusCode, 200);
    now += 1;
    assertProblem(await inject({ url: '/v1/key', headers: { 'x-api-key': key } }), 403, 'forbidden');
  });

  test('a secret key sent from a browser and a publishable key from an unregistered origin are 403', async () => {
    const secret = await service.createKey();
    assertProblem(
      await inject({ url: '/v1/key', headers: { 'x-api-key': secret, origin: 'https://app.example.com' } }),
      403,
      'forbidden',
    );
    const publishable = await service.createKey(['--type', 'pk', '--origins', 'https://app.example.com']);
    const allowed = await inject({
      url: '/v1/key',
      headers: { 'x-api-key': publishable, origin: 'https://app.example.com' },
    });
    assert.equal(allowed.statusCode, 200);
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example.com');
    assertProblem(
      await inject({
        url: '/v1/key',
        headers: { 'x-api-key': publishable, origin: 'https://evil.example.net' },
      }),
      403,
      'forbidden',
    );
    // without an Origin header (server side) the publishable key works
    assert.equal((await inject({ url: '/v1/key', headers: { 'x-api-key': publishable } })).statusCode, 200);
  });

  test('a CORS preflight is answered without a key', async () => {
    const response = await inject({
      method: 'OPTIONS',
      url: '/v1/key',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
    });
    assert.equal(response.statusCode, 204);
    assert.match(String(response.headers['access-control-allow-headers']), /X-API-Key/);
  });
});

describe('rate limiting', () => {
  test('windows aligned to the minute, headers from the counter, 429 with an integer Retry-After', async () => {
    now = Date.UTC(2026, 10, 22, 11, 0, 10);
    const key = await service.createKey(['--rate-per-min', '2']);
    const first = await inject({ url: '/v1/key', headers: { 'x-api-key': key } });
    const windowEnd = Date.UTC(2026, 10, 22, 11, 1, 0) / 1000;
    assert.equal(first.headers['x-ratelimit-limit'], '2');
    assert.equal(first.headers['x-ratelimit-remaining'], '1');
    assert.equal(first.headers['x-ratelimit-reset'], String(windowEnd));
    const second = await inject({ url: '/v1/key', headers: { 'x-api-key': key } });
    assert.equal(second.headers['x-ratelimit-remaining'], '0');
    // off whole seconds: 29.6 s to the next window round up to 30, never down to 29
    now += 20_400;
    const third = await inject({ url: '/v1/key', headers: { 'x-api-key': key } });
    assertProblem(third, 429, 'rate_limited');
    assert.equal(third.headers['retry-after'], '30');
    assert.equal(third.headers['x-ratelimit-remaining'], '0');
    now = windowEnd * 1000 + 1;
    const nextWindow = await inject({ url: '/v1/key', headers: { 'x-api-key': key } });
    assert.equal(nextWindow.statusCode, 200);
    assert.equal(nextWindow.headers['x-ratelimit-remaining'], '1');
  });

  test('public endpoints count when a key is sent and are not limited without one', async () => {
    const key = await service.createKey(['--rate-per-min', '1']);
    const keyed = await inject({ url: '/v1/cities', headers: { 'x-api-key': key } });
    assert.equal(keyed.statusCode, 200);
    assert.equal(keyed.headers['x-ratelimit-remaining'], '0');
    assertProblem(await inject({ url: '/v1/scales', headers: { 'x-api-key': key } }), 429, 'rate_limited');
    for (let i = 0; i < 5; i++) {
      const anonymous = await inject({ url: '/v1/cities' });
      assert.equal(anonymous.statusCode, 200);
      assert.equal(anonymous.headers['x-ratelimit-limit'], undefined);
    }
  });

  test('concurrent requests never pass the limit', async () => {
    now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const key = await service.createKey(['--rate-per-min', '5']);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => inject({ url: '/v1/key', headers: { 'x-api-key': key } })),
    );
    assert.equal(responses.filter((r) => r.statusCode === 200).length, 5);
    assert.equal(responses.filter((r) => r.statusCode === 429).length, 15);
  });
});
