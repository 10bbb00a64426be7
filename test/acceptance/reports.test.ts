import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  GHENT,
  GRAND_PLACE,
  json,
  PARIS,
  type Server,
  startServer,
  UUID_V4,
} from '../helpers/acceptance.ts';
import { awayFromUtcMidnight } from '../helpers/clock-edges.ts';
import { until } from '../helpers/until.ts';

/** POST /reports, job polling and downloads. */

type Json = Record<string, unknown>;

let server: Server;
let key: CreatedKey;
let single: CreatedKey;

before(async () => {
  server = await startServer();
  [key, single] = await Promise.all([
    server.createKey(['--rate-per-min', '1000', '--reports-per-day', '50']),
    server.createKey(['--reports-per-day', '1']),
  ]);
});
after(async () => {
  await server?.close();
});

const post = (body: unknown, k: CreatedKey = key) =>
  server.fetch('/reports', {
    method: 'POST',
    headers: { ...bearer(k.key), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function submit(body: unknown): Promise<Json> {
  const response = await post(body);
  assert.equal(response.status, 202, await response.clone().text());
  return json(response);
}

async function poll(jobId: string, timeoutMs = 90_000): Promise<Json> {
  return until(
    async () => {
      const response = await server.fetch(`/reports/${jobId}`, { headers: bearer(key.key) });
      assert.equal(response.status, 200);
      const job = await json(response);
      assert.equal(job.job_id, jobId);
      assert.ok(['processing', 'completed', 'failed'].includes(String(job.status)));
      if (job.status === 'processing')
        assert.ok(['queued', 'running', 'delivering'].includes(String(job.stage)));
      if (job.status === 'completed' && job.pdf_pending !== true) return job;
      if (job.status === 'failed') return job;
      return undefined;
    },
    { timeoutMs, intervalMs: 250, what: `report job ${jobId}` },
  );
}

describe('POST /reports', () => {
  test('202 with job_id, processing, queued and a relative status link; rate-limit headers', async () => {
    const response = await post({ ...GRAND_PLACE, lang: 'fr', radius: 20 });
    assert.equal(response.status, 202);
    assert.ok(response.headers.get('x-ratelimit-limit'));
    const body = await json(response);
    assert.match(String(body.job_id), UUID_V4);
    assert.equal(body.status, 'processing');
    assert.equal(body.stage, 'queued');
    assert.deepEqual(body.links, { status: `/v1/reports/${body.job_id}` });
  });

  test('invalid bodies are 400 validation_error', async () => {
    for (const body of [
      {},
      { lat: 50.8467 },
      { lon: 4.3525 },
      { ...GRAND_PLACE, address: 'Grand-Place 1, 1000 Bruxelles' },
      { ...GRAND_PLACE, radius: 4 },
      { ...GRAND_PLACE, radius: 51 },
      { ...GRAND_PLACE, lang: 'de' },
      { address: 'a'.repeat(201) },
      { address: '' },
      { lat: '50.8467', lon: '4.3525' },
      { lat: 91, lon: 4 },
    ]) {
      await expectProblem(await post(body), 400, 'validation_error', server.docsUrl);
    }
  });

  test('outside every covered area is 422 outside_coverage and counts nothing', async () => {
    await expectProblem(await post(PARIS, single), 422, 'outside_coverage', server.docsUrl);
  });

  test('the daily quota: the next accepted request past it is 429 quota_exceeded', async () => {
    // both on one UTC day: the quota resets at midnight
    await awayFromUtcMidnight(60_000);
    const first = await post(GHENT, single);
    assert.equal(first.status, 202, 'the 422 above did not use the quota of 1');
    await first.arrayBuffer();
    const second = await post(GRAND_PLACE, single);
    assert.equal(
      second.headers.get('retry-after') === null || /^\d+$/.test(String(second.headers.get('retry-after'))),
      true,
    );
    await expectProblem(second, 429, 'quota_exceeded', server.docsUrl);
  });
});

describe('GET /reports/{job_id} and downloads', () => {
  test('a Brussels job completes with files, address, lang and 30-day retention; both files download', async () => {
    const { job_id } = await submit({ ...GRAND_PLACE, lang: 'nl' });
    const job = await poll(String(job_id));
    assert.equal(job.status, 'completed', JSON.stringify(job));
    assert.equal(job.lang, 'nl');
    // reverse geocoding names the place, or the label falls back to 'lat, lon' with 5 decimals
    assert.ok(typeof job.address === 'string' && job.address.length > 0);
    if (/^-?\d/.test(String(job.address))) assert.equal(job.address, '50.84670, 4.35250');
    assert.equal(job.expires_in_days, 30);
    assert.equal('pdf_pending' in job, false);
    const files = job.files as Record<string, { url: string }>;
    assert.equal(files.html!.url, `/v1/reports/${job_id}/download?format=html`);
    assert.equal(files.pdf!.url, `/v1/reports/${job_id}/download?format=pdf`);

    const html = await server.fetch(server.origin + files.html!.url, { headers: bearer(key.key) });
    assert.equal(html.status, 200);
    assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8');
    const disposition = html.headers.get('content-disposition') ?? '';
    assert.match(disposition, /^attachment;/);
    assert.match(disposition, /filename="?SVC_Report_[A-Za-z0-9_-]+\.html"?/);
    assert.ok(html.headers.get('x-ratelimit-limit'));
    const page = await html.text();
    assert.match(page, /<html/i);
    // the method page credits the city's own sources, as GET /cities/brussels does, in the
    // report's language: the package's Dutch attribution (issue #49), its credits verbatim
    const city = await json(await server.fetch('/cities/brussels', { headers: bearer(key.key) }));
    const asHtml = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const manifest = JSON.parse(readFileSync('data/cities/brussels/city.json', 'utf8'));
    const dutch = String(manifest.attribution_translations.nl);
    assert.ok(page.includes(asHtml(dutch)), 'the city attribution in the report, in Dutch');
    assert.ok(!page.includes(asHtml(String(city.attribution))), 'not the English one');
    assert.ok(page.includes('© OpenStreetMap contributors'), 'OpenStreetMap credited verbatim');

    const pdf = await server.fetch(server.origin + files.pdf!.url, { headers: bearer(key.key) });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.match(
      pdf.headers.get('content-disposition') ?? '',
      /^attachment;.*filename="?SVC_Report_[A-Za-z0-9_-]+\.pdf"?/,
    );
    const bytes = Buffer.from(await pdf.arrayBuffer());
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(
      disposition.replace(/\.html"?$/, ''),
      (pdf.headers.get('content-disposition') ?? '').replace(/\.pdf"?$/, ''),
      'same slug for both files',
    );
  });

  test('a nationwide (Ghent) job is accepted and completes', async () => {
    const { job_id } = await submit({ ...GHENT });
    const job = await poll(String(job_id));
    assert.equal(job.status, 'completed', JSON.stringify(job));
    assert.equal(job.lang, 'en', 'lang defaults to en');
  });

  test('a malformed job id is 400; an unknown one is 404', async () => {
    for (const id of [
      'not-a-uuid',
      '0B7C1F4E-8A3B-4C2D-9E1F-2A3B4C5D6E7F',
      '0b7c1f4e-8a3b-1c2d-9e1f-2a3b4c5d6e7f',
      '0b7c1f4e8a3b4c2d9e1f2a3b4c5d6e7f',
      '0b7c1f4e-8a3b-4c2d-9e1f-2a3b4c5d6e7',
    ]) {
      await expectProblem(
        await server.fetch(`/reports/${id}`, { headers: bearer(key.key) }),
        400,
        'validation_error',
        server.docsUrl,
      );
    }
    const unknown = '0b7c1f4e-8a3b-4c2d-9e1f-2a3b4c5d6e7f';
    await expectProblem(
      await server.fetch(`/reports/${unknown}`, { headers: bearer(key.key) }),
      404,
      'not_found',
      server.docsUrl,
    );
    await expectProblem(
      await server.fetch(`/reports/${unknown}/download?format=pdf`, { headers: bearer(key.key) }),
      404,
      'not_found',
      server.docsUrl,
    );
  });

  test('download: format is required and must be html or pdf', async () => {
    const id = '0b7c1f4e-8a3b-4c2d-9e1f-2a3b4c5d6e7f';
    for (const query of ['', '?format=', '?format=doc', '?format=PDF', '?format=html&format=pdf']) {
      await expectProblem(
        await server.fetch(`/reports/${id}/download${query}`, { headers: bearer(key.key) }),
        400,
        'validation_error',
        server.docsUrl,
      );
    }
  });
});
