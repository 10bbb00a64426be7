import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  requestIdOf,
  type Server,
  startServer,
} from '../helpers/acceptance.ts';

/** Errors and malformed input: problem documents everywhere, request ids on every response, never a 5xx. */

const DOCS_URL = 'https://docs.svc.example/api/v1';

let server: Server;
let key: CreatedKey;

before(async () => {
  server = await startServer({ env: { DOCS_URL } });
  key = await server.createKey(['--rate-per-min', '100000']);
});
after(async () => {
  await server?.close();
});

/** A raw HTTP/1.1 exchange, for requests fetch refuses to send (huge headers, odd methods). */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(server.base + path);
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers: options.headers,
        insecureHTTPParser: true,
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', fail);
    if (options.body) req.write(options.body);
    req.end();
  });
}

function assertRawProblem(
  response: { status: number; headers: Record<string, string | string[] | undefined>; body: string },
  status: number,
  code: string,
): void {
  assert.equal(response.status, status, response.body.slice(0, 200));
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const id = String(response.headers['x-request-id']);
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  assert.equal(body.code, code);
  assert.equal(body.status, status);
  assert.equal(body.type, `${DOCS_URL}/errors#${code}`);
  assert.equal(body.request_id, id);
}

describe('problem documents', () => {
  test('type is {DOCS_URL}/errors#code and request_id is the X-Request-Id header', async () => {
    const problem = await expectProblem(await server.fetch('/no/such/thing'), 404, 'not_found', DOCS_URL);
    assert.equal(problem.title.length > 0, true);
  });

  test('every response carries a distinct UUID v4 X-Request-Id, successes and errors alike', async () => {
    const ids = new Set<string>();
    for (const path of ['/health', '/cities', '/scales', '/nope', '/key']) {
      const response = await server.fetch(path);
      await response.arrayBuffer();
      ids.add(requestIdOf(response));
    }
    assert.equal(ids.size, 5);
  });

  test('an X-Request-Id sent by the client does not replace the server id with a non-UUID', async () => {
    const response = await server.fetch('/health', { headers: { 'X-Request-Id': 'not-a-uuid' } });
    await response.arrayBuffer();
    assert.notEqual(requestIdOf(response), 'not-a-uuid');
  });

  test('validation details read as one sentence (no doubled words)', async () => {
    const problem = await expectProblem(
      await server.fetch('/realtime?lat=50.8&lat=50.9&lon=4.3', { headers: bearer(key.key) }),
      400,
      'validation_error',
      DOCS_URL,
    );
    assert.doesNotMatch(problem.detail, /\bmust must\b/);
    const constant = await expectProblem(
      await server.fetch('/scales?metric=x'),
      400,
      'validation_error',
      DOCS_URL,
    );
    assert.doesNotMatch(constant.detail, /equal to constant/);
  });
});

describe('unknown paths and wrong methods', () => {
  test('unknown paths answer 404 not_found problems', async () => {
    for (const path of ['/nope', '/', '/v2/health', '/cities/brussels/extra', '/health/', '/HEALTH']) {
      await expectProblem(await server.fetch(path), 404, 'not_found', DOCS_URL);
    }
    await expectProblem(await fetch(`${server.origin}/health`), 404, 'not_found', DOCS_URL);
  });

  test('a known path with the wrong method is a not_found problem with an Allow header', async () => {
    const cases: Array<[string, string, string]> = [
      ['POST', '/health', 'GET'],
      ['DELETE', '/cities', 'GET'],
      ['PUT', '/key', 'GET'],
      ['PATCH', '/scales/air-belaqi', 'GET'],
      ['GET', '/reports', 'POST'],
      ['DELETE', '/reports/0b7c1f4e-8a3b-4c2d-9e1f-2a3b4c5d6e7f', 'GET'],
    ];
    for (const [method, path, allowed] of cases) {
      const response = await server.fetch(path, { method, headers: bearer(key.key) });
      assert.match(response.headers.get('allow') ?? '', new RegExp(allowed), `${method} ${path}`);
      await expectProblem(response, 404, 'not_found', DOCS_URL);
    }
  });

  test('HEAD on an unknown path: 404 with a request id and no body', async () => {
    const response = await server.fetch('/nope', { method: 'HEAD' });
    assert.equal(response.status, 404);
    requestIdOf(response);
    assert.equal(await response.text(), '');
  });

  test('OPTIONS: a CORS preflight is 204 with the CORS headers; a bare OPTIONS is a problem', async () => {
    const preflight = await server.fetch('/key', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    assert.equal(preflight.status, 204);
    requestIdOf(preflight);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/i);
    const bare = await server.fetch('/health', { method: 'OPTIONS' });
    assert.ok(bare.status >= 400 && bare.status < 500);
    await expectProblem(bare, bare.status, 'not_found', DOCS_URL);
  });
});

describe('malformed bodies on POST /reports', () => {
  const post = (body: string | undefined, contentType?: string) =>
    server.fetch('/reports', {
      method: 'POST',
      headers: { ...bearer(key.key), ...(contentType ? { 'Content-Type': contentType } : {}) },
      ...(body !== undefined ? { body } : {}),
    });

  test('malformed JSON is 400 validation_error', async () => {
    for (const body of ['{', '{"lat": 50.8,', 'nul', "{'lat': 50.8}"]) {
      await expectProblem(await post(body, 'application/json'), 400, 'validation_error', DOCS_URL);
    }
  });

  test('a JSON value that is not an object is 400', async () => {
    for (const body of ['[]', '"x"', '42', 'null']) {
      await expectProblem(await post(body, 'application/json'), 400, 'validation_error', DOCS_URL);
    }
  });

  test('a wrong or missing content type is 400, never 415 or 5xx', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      await expectProblem(
        await post('{"lat":50.8467,"lon":4.3525}', type),
        400,
        'validation_error',
        DOCS_URL,
      );
    }
    await expectProblem(await post(undefined), 400, 'validation_error', DOCS_URL);
    await expectProblem(await post('', 'application/json'), 400, 'validation_error', DOCS_URL);
  });

  test('an oversized body is 400 validation_error', async () => {
    const body = JSON.stringify({ address: 'a'.repeat(200_000) });
    await expectProblem(await post(body, 'application/json'), 400, 'validation_error', DOCS_URL);
  });
});

describe('hostile input never answers 5xx', () => {
  test('router-level refusals are problem documents: undecodable escapes, over-long segments', async () => {
    await expectProblem(await server.fetch('/cities/%ff'), 400, 'validation_error', DOCS_URL);
    await expectProblem(await server.fetch('/cities/%E0%A4%A'), 400, 'validation_error', DOCS_URL);
    await expectProblem(await server.fetch(`/scales/${'s'.repeat(2000)}`), 404, 'not_found', DOCS_URL);
  });

  test('extremely long headers: a 400 problem with a request id, and the server keeps serving', async () => {
    const response = await raw('/health', { headers: { 'X-Padding': 'p'.repeat(100_000) } });
    assertRawProblem(response, 400, 'validation_error');
    const key = await raw('/key', { headers: { Authorization: `Bearer svc_sk_${'k'.repeat(50_000)}` } });
    assertRawProblem(key, 400, 'validation_error');
    const health = await server.fetch('/health');
    assert.equal(health.status, 200);
    await health.arrayBuffer();
  });

  test('a long but acceptable key header is an unknown key (401)', async () => {
    await expectProblem(
      await server.fetch('/key', { headers: bearer(`svc_sk_${'k'.repeat(4000)}`) }),
      401,
      'unauthorized',
      DOCS_URL,
    );
  });

  test('huge query strings, unicode, SQL-ish strings, traversal, NUL and negative zero', async () => {
    const hostile = [
      'x'.repeat(30_000),
      "' OR 1=1 --",
      '"; DROP TABLE api_keys; --',
      '../../../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'a%00b',
      'Bruxelles – Grand-Place 🏛️ ñ 中文',
      '-0',
      '-0.0',
      '1e309',
      'NaN',
      'Infinity',
      '0x10',
      '[]',
      '{}',
      '%',
      '%%',
      '\u202e',
    ];
    const templates = [
      (v: string) => `/realtime?lat=${v}&lon=4.35`,
      (v: string) => `/forecast?lat=50.85&lon=${v}`,
      (v: string) => `/historical/stats?lat=50.8467&lon=4.3525&radius=${v}`,
      (v: string) => `/historical/stats?lat=50.8467&lon=4.3525&metrics=${v}`,
      (v: string) => `/realtime?address=${v}`,
      (v: string) => `/cities?product=${v}`,
      (v: string) => `/scales?metric=${v}`,
      (v: string) => `/cities/${v}`,
      (v: string) => `/scales/${v}`,
      (v: string) => `/reports/${v}`,
      (v: string) => `/reports/0b7c1f4e-8a3b-4c2d-9e1f-2a3b4c5d6e7f/download?format=${v}`,
      (v: string) => `/map/${v}`,
      (v: string) => `/map/brussels/tiles/thermal/${v}/14/8390/5496.mvt?key=${v}&exp=${v}&sig=${v}`,
      (v: string) => `/geocode?q=${v}`,
    ];
    for (const template of templates) {
      for (const value of hostile) {
        const encoded = /%/.test(value) ? value : encodeURIComponent(value);
        for (const path of [template(encoded), template(value.replace(/[#?&]/g, ''))]) {
          let response: Response;
          try {
            response = await server.fetch(path, { headers: bearer(key.key) });
          } catch {
            continue; // fetch refused to send test (not a server answer)
          }
          const body = await response.text();
          assert.ok(
            response.status < 500,
            `${path.slice(0, 120)} → ${response.status} ${body.slice(0, 200)}`,
          );
          requestIdOf(response);
          if (response.status >= 400) {
            assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/, path);
          }
        }
      }
    }
  });

  test('negative zero coordinates are accepted as numbers (no 400, no 5xx)', async () => {
    const response = await server.fetch('/historical/stats?lat=-0&lon=-0', { headers: bearer(key.key) });
    await expectProblem(response, 422, 'outside_coverage', DOCS_URL);
  });

  test('hostile JSON bodies on POST /reports', async () => {
    const bodies = [
      '{"lat":-0,"lon":-0}',
      '{"lat":1e309,"lon":4}',
      '{"address":"\\u0000"}',
      `{"address":"${'a'.repeat(201)}"}`,
      '{"address":"\' OR 1=1 --"}',
      '{"__proto__":{"admin":true},"lat":50.8467}',
      '{"lat":[50.8],"lon":[4.3]}',
      '{"lat":{"$gt":0},"lon":4}',
      '{"radius":"10","lat":50.8467,"lon":4.3525}',
      '{"lang":"EN","lat":50.8467,"lon":4.3525}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ];
    // SQL-ish text is only text: the gazetteer reads its one word ("Or", as in Avenue de la
    // Toison d'Or) and may place it on that street, or find nothing; never a 5xx
    const sqlish = '{"address":"\' OR 1=1 --"}';
    for (const body of bodies) {
      const response = await server.fetch('/reports', {
        method: 'POST',
        headers: { ...bearer(key.key), 'Content-Type': 'application/json' },
        body,
      });
      const text = await response.text();
      const accepted = body === sqlish && response.status === 202;
      assert.ok(
        accepted || (response.status >= 400 && response.status < 500),
        `${body.slice(0, 60)} → ${response.status} ${text}`,
      );
      requestIdOf(response);
    }
    // and the store behind it still answers the key as before
    const after = await server.fetch('/geocode?q=Grand-Place', { headers: bearer(key.key) });
    assert.equal(after.status, 200);
  });
});
