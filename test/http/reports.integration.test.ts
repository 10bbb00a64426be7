import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { chromiumChildren } from '../helpers/chromium.ts';
import { awayFromUtcMidnight } from '../helpers/clock-edges.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

let service: TestService;
let key: string;
before(async () => {
  // with the start-up work: its PDF check must not launch a browser (first test)
  service = await startTestService({}, { startUpWork: true });
  key = await service.createKey(['--rate-per-min', '10000', '--reports-per-day', '50']);
});
after(() => service.close());

const inject = (options: InjectOptions) => service.composition.app.inject(options);
const post = (payload: unknown, secret = key, headers: Record<string, string> = {}) =>
  inject({
    method: 'POST',
    url: '/v1/reports',
    headers: { 'x-api-key': secret, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

// first in the file: no report has been asked for yet
test('a started service launches no browser until a report needs one', async () => {
  await service.composition.warmedUp(60_000);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.deepEqual(chromiumChildren(), [], 'no Chromium before the first report');
});

describe('POST /reports input', () => {
  const bad: Array<[string, string, Record<string, string>?]> = [
    ['malformed JSON', '{"lat": 50.8,'],
    ['an array', '[1,2]'],
    ['lat as a string', JSON.stringify({ lat: '50.8467', lon: 4.3525 })],
    ['lat without lon', JSON.stringify({ lat: 50.8467 })],
    ['address and coordinates', JSON.stringify({ address: 'Grand-Place', lat: 50.8467, lon: 4.3525 })],
    ['radius below 5', JSON.stringify({ lat: 50.8467, lon: 4.3525, radius: 4 })],
    ['radius above 50', JSON.stringify({ lat: 50.8467, lon: 4.3525, radius: 51 })],
    // just past the bounds: a rule that rounds before comparing would let these through
    ['radius 50.01', JSON.stringify({ lat: 50.8467, lon: 4.3525, radius: 50.01 })],
    ['radius 4.99', JSON.stringify({ lat: 50.8467, lon: 4.3525, radius: 4.99 })],
    ['unknown language', JSON.stringify({ lat: 50.8467, lon: 4.3525, lang: 'de' })],
    ['address over 200 characters', JSON.stringify({ address: 'x'.repeat(201) })],
    ['empty body', ''],
    ['wrong content type', 'lat=50.8&lon=4.3', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['oversized body', JSON.stringify({ address: 'x'.repeat(40_000) })],
  ];
  for (const [name, payload, headers] of bad) {
    test(`${name} → 400 validation_error problem`, async () => {
      const response = await post(payload, key, headers ?? {});
      assert.equal(response.statusCode, 400, response.body);
      assert.match(String(response.headers['content-type']), /application\/problem\+json/);
      assert.equal(response.json().code, 'validation_error');
    });
  }

  test('a malformed job id is 400, an unknown one 404, a bad format 400', async () => {
    const headers = { 'x-api-key': key };
    assert.equal((await inject({ url: '/v1/reports/not-a-uuid', headers })).statusCode, 400);
    assert.equal(
      (await inject({ url: '/v1/reports/3F2504E0-4F89-41D3-9A0C-0305E82C3301', headers })).statusCode,
      400,
    );
    const unknown = await inject({ url: '/v1/reports/3f2504e0-4f89-41d3-9a0c-0305e82c3301', headers });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'not_found');
    const format = await inject({
      url: '/v1/reports/3f2504e0-4f89-41d3-9a0c-0305e82c3301/download?format=docx',
      headers,
    });
    assert.equal(format.statusCode, 400);
  });
});

describe('report lifecycle through HTTP', () => {
  test('posted coordinates: 202, stages, completed with both files, downloads as attachments', async () => {
    const accepted = await post({ lat: 50.8467, lon: 4.3525, lang: 'fr' });
    assert.equal(accepted.statusCode, 202, accepted.body);
    const body = accepted.json();
    assert.match(body.job_id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(body.status, 'processing');
    assert.equal(body.stage, 'queued');
    assert.equal(body.links.status, `/v1/reports/${body.job_id}`);
    assert.ok(accepted.headers['x-ratelimit-remaining']);
    const job = await until(
      async () => {
        const polled = (await inject({ url: body.links.status, headers: { 'x-api-key': key } })).json();
        if (!(polled.status === 'processing' || polled.pdf_pending)) return polled;
        assert.ok(['queued', 'running', 'delivering'].includes(polled.stage ?? 'queued'));
        return undefined;
      },
      { timeoutMs: 120_000, intervalMs: 200, what: 'the report job' },
    );
    assert.equal(job.status, 'completed', JSON.stringify(job));
    assert.ok(chromiumChildren().length > 0, "the first report's job launched the browser");
    assert.equal(job.lang, 'fr');
    assert.equal(job.expires_in_days, 30);
    assert.equal(typeof job.address, 'string');
    const html = await inject({ url: job.files.html.url, headers: { 'x-api-key': key } });
    assert.equal(html.statusCode, 200);
    assert.equal(html.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(
      String(html.headers['content-disposition']),
      /^attachment; filename="SVC_Report_[A-Za-z0-9_.-]+\.html"$/,
    );
    assert.match(html.body, /<html/);
    // the statistics port credits the city's package (data/cities/brussels/city.json), not the default
    assert.match(html.body, /Uccle TMYx 2007–2021/, "the Brussels package's attribution");
    const pdf = await inject({ url: job.files.pdf.url, headers: { 'x-api-key': key } });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
    // another key cannot see the job
    const other = await service.createKey();
    assert.equal((await inject({ url: body.links.status, headers: { 'x-api-key': other } })).statusCode, 404);
  });

  test('outside coverage is an instant 422 that counts nothing; the quota is exact under concurrency', async () => {
    const limited = await service.createKey(['--reports-per-day', '3']);
    // the eight posts on one UTC day: the quota resets at midnight
    await awayFromUtcMidnight(60_000);
    const outside = await post({ lat: 50.6366, lon: 3.0635 }, limited);
    assert.equal(outside.statusCode, 422);
    assert.equal(outside.json().code, 'outside_coverage');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => post({ lat: 50.4687, lon: 4.8625 }, limited)),
    );
    assert.equal(responses.filter((r) => r.statusCode === 202).length, 3);
    const refused = responses.filter((r) => r.statusCode === 429);
    assert.equal(refused.length, 5);
    assert.equal(refused[0]!.json().code, 'quota_exceeded');
  });

  test('a key without the reports product is 403', async () => {
    const mapOnly = await service.createKey(['--products', 'map']);
    const response = await post({ lat: 50.8467, lon: 4.3525 }, mapOnly);
    assert.equal(response.statusCode, 403);
  });
});
