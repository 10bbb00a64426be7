import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserRequest, judgeBrowserUse } from '../../../src/domain/keys/browser-request.ts';
import { parseOrigin } from '../../../src/domain/keys/origin.ts';

test('origins: scheme, host and optional port, normalised; nothing else', () => {
  assert.equal(parseOrigin('https://App.Example'), 'https://app.example');
  assert.equal(parseOrigin('http://127.0.0.1:8080'), 'http://127.0.0.1:8080');
  assert.equal(parseOrigin('https://app.example:443'), 'https://app.example');
  assert.equal(parseOrigin('http://[::1]:3000'), 'http://[::1]:3000');
  for (const bad of [
    'app.example',
    'ftp://app.example',
    'https://app.example/path',
    'https://user:pw@app.example',
    'https://app.example?x=1',
    'https://app .example',
    ' https://app.example',
    'https://app.example:99999',
    'null',
    '*',
  ]) {
    assert.equal(parseOrigin(bad), null, bad);
  }
});

test('a browser is told by Origin, Sec-Fetch-Site, or Sec-Fetch-Mode with Sec-Fetch-Dest', () => {
  assert.deepEqual(browserRequest({ protocol: 'http', host: 'api.example' }), {
    browser: false,
    origin: null,
  });
  // Node's fetch sends sec-fetch-mode: cors alone: a server-side client, not a browser
  assert.equal(browserRequest({ protocol: 'http', secFetchMode: 'cors' }).browser, false);
  assert.deepEqual(browserRequest({ protocol: 'http', secFetchMode: 'cors', secFetchDest: 'empty' }), {
    browser: true,
    origin: null,
  });
  assert.deepEqual(browserRequest({ protocol: 'https', origin: 'https://App.example' }), {
    browser: true,
    origin: 'https://app.example',
  });
  assert.deepEqual(browserRequest({ protocol: 'https', origin: 'null' }), { browser: true, origin: null });
  // a same-origin GET carries no Origin: the page is on the API's own host
  assert.deepEqual(
    browserRequest({
      protocol: 'http',
      secFetchSite: 'same-origin',
      secFetchMode: 'cors',
      host: 'localhost:8101',
    }),
    { browser: true, origin: 'http://localhost:8101' },
  );
  assert.deepEqual(browserRequest({ protocol: 'http', secFetchSite: 'cross-site', host: 'localhost:8101' }), {
    browser: true,
    origin: null,
  });
});

test('secret keys never from a browser; publishable keys from their registered origins only', () => {
  const sk = { type: 'sk' as const, origins: [] };
  const pk = { type: 'pk' as const, origins: ['http://localhost:8101'] };
  const samePage = browserRequest({ protocol: 'http', secFetchSite: 'same-origin', host: 'localhost:8101' });
  assert.equal(judgeBrowserUse(sk, { browser: false, origin: null }), 'not_browser');
  assert.equal(judgeBrowserUse(sk, samePage), 'secret_from_browser');
  assert.equal(judgeBrowserUse(pk, samePage), 'allowed');
  assert.equal(
    judgeBrowserUse(
      pk,
      browserRequest({ protocol: 'http', secFetchSite: 'same-origin', host: 'other:8101' }),
    ),
    'origin_not_allowed',
  );
  assert.equal(judgeBrowserUse(pk, { browser: true, origin: null }), 'origin_not_allowed');
  assert.equal(judgeBrowserUse(pk, { browser: false, origin: null }), 'not_browser');
});

test('a publishable key’s origin matches whole: not another port, nor a host it is a prefix of', () => {
  const pk = { type: 'pk' as const, origins: ['https://app.example'] };
  const from = (origin: string) => judgeBrowserUse(pk, browserRequest({ protocol: 'https', origin }));
  assert.equal(from('https://app.example'), 'allowed');
  // the default port is the same origin
  assert.equal(from('https://app.example:443'), 'allowed');
  for (const other of [
    'https://app.example:8443',
    'https://app.example.evil',
    'https://app.examplex',
    'http://app.example',
    'https://sub.app.example',
  ]) {
    assert.equal(from(other), 'origin_not_allowed', other);
  }
});
