import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { after, before, describe, test } from 'node:test';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * Issue #51, subscriptions: POST/GET/DELETE /v1/alerts through HTTP, every bad input a
 * problem document that says how to fix it, and the SSRF refusals (no
 * ALERTS_ALLOW_PRIVATE_URLS here). A public address literal is a valid target without DNS.
 */
const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
const PUBLIC_URL = 'https://93.184.215.14/hooks/svc';
const BELAQI_7 = { metric: 'air', field: 'belaqi', op: 'gte', value: 7 };

let service: TestService;
let key: string;
before(async () => {
  service = await startTestService({ ALERTS_MAX_PER_KEY: '3' });
  key = await service.createKey(['--rate-per-min', '10000']);
});
after(() => service.close());

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, secret = key) {
  const response = await service.composition.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return {
    status: response.statusCode,
    body: response.body === '' ? null : response.json(),
    headers: response.headers,
  };
}

const subscribe = (body: Record<string, unknown>, secret = key) =>
  call('POST', '/v1/alerts', { ...GRAND_PLACE, url: PUBLIC_URL, conditions: [BELAQI_7], ...body }, secret);

function assertProblem(
  answer: { status: number; body: { code: string; detail: string } },
  status: number,
  code: string,
  detail: RegExp,
) {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal(answer.body.code, code);
  assert.match(answer.body.detail, detail);
}

describe('a subscription', () => {
  test('is created with its secret shown once, listed, read and deleted', async () => {
    const created = await subscribe({ daily_outlook: { hour_local: 7 }, lang: 'fr' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.id, /^alr_[0-9a-f]{32}$/);
    assert.match(created.body.secret, /^whsec_/);
    assert.equal(created.body.status, 'active');
    assert.deepEqual(created.body.conditions, [BELAQI_7]);
    assert.deepEqual(created.body.daily_outlook, { hour_local: 7 });
    assert.equal(created.body.city.id, 'brussels');
    assert.equal(created.body.radius_m, 10);

    const read = await call('GET', `/v1/alerts/${created.body.id}`);
    assert.equal(read.status, 200);
    assert.equal('secret' in read.body, false, 'the secret is shown only once');
    assert.equal(read.body.url, PUBLIC_URL);

    const listed = await call('GET', '/v1/alerts');
    assert.ok(listed.body.alerts.some((a: { id: string }) => a.id === created.body.id));
    assert.equal(listed.body.limit, 3);
    assert.ok(listed.body.alerts.every((a: object) => !('secret' in a)));

    const deliveries = await call('GET', `/v1/alerts/${created.body.id}/deliveries`);
    assert.equal(deliveries.status, 200);
    assert.deepEqual(deliveries.body.deliveries, []);

    assert.equal((await call('DELETE', `/v1/alerts/${created.body.id}`)).status, 204);
    assertProblem(
      await call('GET', `/v1/alerts/${created.body.id}`),
      404,
      'not_found',
      /No alert subscription/,
    );
  });

  test('the secret is not stored in clear', async () => {
    const created = await subscribe({});
    const row = await service.composition.database.db
      .selectFrom('alert_subscriptions')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    assert.equal(JSON.stringify(row).includes(created.body.secret), false);
    assert.equal(JSON.stringify(row).includes(created.body.secret.slice(6)), false);
    await call('DELETE', `/v1/alerts/${created.body.id}`);
  });

  test("another key's subscription is not found", async () => {
    const other = await service.createKey(['--rate-per-min', '10000']);
    const created = await subscribe({}, other);
    assert.equal(created.status, 201);
    assertProblem(await call('GET', `/v1/alerts/${created.body.id}`), 404, 'not_found', /for this key/);
    assertProblem(await call('DELETE', `/v1/alerts/${created.body.id}`), 404, 'not_found', /for this key/);
    assert.equal((await call('GET', `/v1/alerts/${created.body.id}`, undefined, other)).status, 200);
  });

  test('a key holds at most ALERTS_MAX_PER_KEY subscriptions', async () => {
    const own = await service.createKey(['--rate-per-min', '10000']);
    for (let i = 0; i < 3; i++) assert.equal((await subscribe({}, own)).status, 201);
    assertProblem(await subscribe({}, own), 403, 'forbidden', /holds 3 alert subscriptions.*delete one/);
  });
});

describe('bad input is a problem document saying how to fix it', () => {
  const cases: Array<[string, Record<string, unknown>, number, string, RegExp]> = [
    [
      'an unknown field',
      { colour: 'red' },
      400,
      'validation_error',
      /Unknown field 'colour'.*the fields are/,
    ],
    [
      'an unknown condition field',
      { conditions: [{ ...BELAQI_7, unit: 'x' }] },
      400,
      'validation_error',
      /'unit' in conditions\[0\]/,
    ],
    [
      'a field of another metric',
      { conditions: [{ ...BELAQI_7, field: 'utci' }] },
      400,
      'validation_error',
      /'utci' belongs to the metric 'thermal'/,
    ],
    [
      'an unknown metric',
      { conditions: [{ ...BELAQI_7, metric: 'noise' }] },
      400,
      'validation_error',
      /metric must be one of/,
    ],
    ['a bad op', { conditions: [{ ...BELAQI_7, op: 'gt' }] }, 400, 'validation_error', /'gte'.*'lte'/],
    [
      'a value out of range',
      { conditions: [{ ...BELAQI_7, value: 11 }] },
      400,
      'validation_error',
      /from 1 to 10/,
    ],
    ['no condition and no outlook', { conditions: [] }, 400, 'validation_error', /at least one condition/],
    ['a bad outlook hour', { daily_outlook: { hour_local: 24 } }, 400, 'validation_error', /0 to 23/],
    [
      'a radius out of range',
      { radius: 60 },
      400,
      'validation_error',
      /radius must be a number from 5 to 50/,
    ],
    ['a bad lang', { lang: 'de' }, 400, 'validation_error', /lang must be one of en, fr, nl/],
    ['no url', { url: undefined }, 400, 'validation_error', /url is required/],
    ['a relative url', { url: '/hooks' }, 400, 'validation_error', /absolute URL/],
    ['a plain http url', { url: 'http://93.184.215.14/hook' }, 400, 'validation_error', /must use https/],
    [
      'credentials in the url',
      { url: 'https://user:pw@93.184.215.14/hook' },
      400,
      'validation_error',
      /user name or password/,
    ],
    ['a place outside coverage', { lat: 48.85, lon: 2.35 }, 422, 'outside_coverage', /outside/],
  ];
  for (const [what, body, status, code, detail] of cases)
    test(what, async () => assertProblem(await subscribe(body), status, code, detail));

  test('a metric the key does not hold', async () => {
    const windOnly = await service.createKey(['--metrics', 'wind', '--rate-per-min', '10000']);
    assertProblem(await subscribe({}, windOnly), 403, 'forbidden', /does not hold the 'air' metric/);
  });

  test('a key without the forecast product', async () => {
    const noForecast = await service.createKey(['--products', 'realtime', '--rate-per-min', '10000']);
    assertProblem(await subscribe({}, noForecast), 403, 'forbidden', /forecast/);
  });

  test('a malformed id', async () => {
    assertProblem(await call('GET', '/v1/alerts/42'), 400, 'validation_error', /malformed/);
  });
});

describe('SSRF: webhooks go to public addresses only', () => {
  const refused: Array<[string, string, RegExp]> = [
    ['loopback', 'https://127.0.0.1/hook', /127\.0\.0\.1 is a loopback address/],
    ['IPv6 loopback', 'https://[::1]/hook', /loopback/],
    ['private', 'https://10.1.2.3/hook', /private or reserved/],
    ['private 192.168', 'https://192.168.1.10/hook', /private or reserved/],
    ['metadata', 'https://169.254.169.254/latest/meta-data', /link-local.*metadata/],
    ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/hook', /private or reserved/],
    ['IPv6 unique local', 'https://[fd00::1]/hook', /private or reserved/],
    ['localhost', 'https://localhost/hook', /local machine/],
  ];
  for (const [what, url, reason] of refused)
    test(`${what} is refused`, async () => {
      const answer = await subscribe({ url });
      assertProblem(answer, 400, 'validation_error', /url refused/);
      assert.match(answer.body.detail, reason);
    });

  test('a name that resolves to a private address is refused, saying so', async () => {
    // this machine's own name resolves to a loopback or private address (/etc/hosts)
    const answer = await subscribe({ url: `https://${hostname()}/hook` });
    assertProblem(
      answer,
      400,
      'validation_error',
      new RegExp(`${hostname()} resolves to .*public addresses only`),
    );
  });
});
