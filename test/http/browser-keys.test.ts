import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestService, type TestService } from '../helpers/service.ts';

/** Browsers are recognised by the headers they set themselves, not by a missing Origin. */
let service: TestService;
let secret: string;
let publishable: string;
before(async () => {
  service = await startTestService();
  secret = await service.createKey();
  publishable = await service.createKey([
    '--type',
    'pk',
    '--origins',
    'http://localhost:8101,https://app.example',
  ]);
});
after(() => service.close());

const getKey = (key: string, headers: Record<string, string>) =>
  service.composition.app.inject({ url: '/v1/key', headers: { authorization: `Bearer ${key}`, ...headers } });

// what Chromium sends for fetch() from a page on the API's own origin: no Origin on a GET
const SAME_ORIGIN_GET = {
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
};

test('a secret key in a same-origin browser request without Origin is 403', async () => {
  const response = await getKey(secret, { host: 'localhost:8101', ...SAME_ORIGIN_GET });
  assert.equal(response.statusCode, 403);
  assert.match(response.json().detail, /secret key .* browser/);
});

test('a secret key from a server-side client is served, also through Node fetch headers', async () => {
  assert.equal((await getKey(secret, {})).statusCode, 200);
  // undici (Node's fetch) sends sec-fetch-mode: cors on every request
  assert.equal((await getKey(secret, { 'sec-fetch-mode': 'cors' })).statusCode, 200);
});

test('a publishable key on a same-origin page is checked against the Host the page was served from', async () => {
  assert.equal((await getKey(publishable, { host: 'localhost:8101', ...SAME_ORIGIN_GET })).statusCode, 200);
  const other = await getKey(publishable, { host: 'localhost:9999', ...SAME_ORIGIN_GET });
  assert.equal(other.statusCode, 403);
  assert.match(other.json().detail, /not registered for the page origin/);
  // a browser that hides the page (cross-site, no Origin) cannot be checked: refused
  const hidden = await getKey(publishable, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' });
  assert.equal(hidden.statusCode, 403);
  assert.equal((await getKey(publishable, { origin: 'https://app.example' })).statusCode, 200);
});

test('CORS never reflects an opaque or malformed Origin', async () => {
  for (const origin of ['null', '*', 'https://app.example/path']) {
    const response = await getKey(publishable, { origin });
    assert.equal(response.statusCode, 403, origin);
    assert.equal(response.headers['access-control-allow-origin'], undefined, origin);
  }
  const preflight = await service.composition.app.inject({
    method: 'OPTIONS',
    url: '/v1/key',
    headers: { origin: 'null', 'access-control-request-method': 'GET' },
  });
  assert.equal(preflight.headers['access-control-allow-origin'], undefined);
  const allowed = await getKey(publishable, { origin: 'https://app.example' });
  assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example');
});

test('keys create --origins takes origins only, and says what an origin is', async () => {
  for (const bad of ['https://app.example/path', 'https://user@app.example', 'app.example', '*', 'null']) {
    await assert.rejects(service.createKey(['--type', 'pk', '--origins', bad]), (error: Error) => {
      assert.match(
        error.message,
        /is not an origin: give scheme, host and optional port, e\.g\. https:\/\/example\.com/,
      );
      return true;
    });
  }
});
