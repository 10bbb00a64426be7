import assert from 'node:assert/strict';
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
} from '../helpers/acceptance.ts';
import { awayFromUtcMidnight } from '../helpers/clock-edges.ts';
import { until } from '../helpers/until.ts';

/**
 * Spec audit of POST /reports and the job resource: what counts against the daily quota, quota
 * under concurrency, downloads before the file exists, self-contained HTML and A4 PDF.
 */

type Json = Record<string, unknown>;

let server: Server;
let full: CreatedKey;
let two: CreatedKey;
let concurrent: CreatedKey;

before(async () => {
  server = await startServer();
  [full, two, concurrent] = await Promise.all([
    server.createKey(['--rate-per-min', '1000', '--reports-per-day', '100']),
    server.createKey(['--reports-per-day', '2']),
    server.createKey(['--reports-per-day', '3']),
  ]);
});
after(async () => {
  await server?.close();
});

const post = (key: CreatedKey, body: string) =>
  server.fetch('/reports', {
    method: 'POST',
    headers: { ...bearer(key.key), 'Content-Type': 'application/json' },
    body,
  });

async function poll(jobId: string, key: CreatedKey, timeoutMs = 120_000): Promise<Json> {
  return until(
    async () => {
      const job = await json(await server.fetch(`/reports/${jobId}`, { headers: bearer(key.key) }));
      if (job.status === 'failed') return job;
      if (job.status === 'completed' && job.pdf_pending !== true) return job;
      return undefined;
    },
    { timeoutMs, intervalMs: 300, what: `report job ${jobId}` },
  );
}

describe('daily report quota', () => {
  test('refused requests (400, 422) count nothing; only accepted ones do', async () => {
    // all on one UTC day: the quota resets at midnight
    await awayFromUtcMidnight(60_000);
    for (const body of [
      '{"lat":50.8467}',
      '{"lat":50.8467,"lon":4.3525,"radius":51}',
      '{"lat":50.8467,"lon":4.3525,"lang":"de"}',
      '{"address":""}',
      '{',
    ]) {
      await expectProblem(await post(two, body), 400, 'validation_error', server.docsUrl);
    }
    await expectProblem(await post(two, JSON.stringify(PARIS)), 422, 'outside_coverage', server.docsUrl);
    await expectProblem(
      await post(two, JSON.stringify({ address: 'zzqxjvwk' })),
      422,
      'outside_coverage',
      server.docsUrl,
    );
    for (const body of [GHENT, GRAND_PLACE]) {
      const accepted = await post(two, JSON.stringify(body));
      assert.equal(accepted.status, 202, 'the quota of 2 is still whole');
      await accepted.arrayBuffer();
    }
    const third = await post(two, JSON.stringify(GHENT));
    assert.ok(third.headers.get('x-ratelimit-limit'), 'an authenticated 429 carries the rate headers');
    await expectProblem(third, 429, 'quota_exceeded', server.docsUrl);
  });

  test('concurrent requests never pass the daily quota', async () => {
    await awayFromUtcMidnight(60_000);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(concurrent, JSON.stringify(GHENT))),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    assert.equal(statuses.filter((s) => s === 202).length, 3, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 7, statuses.join(','));
  });
});

describe('job resource and downloads', () => {
  test('a job still queued or running has no files: downloads answer 404 not_found', async () => {
    const response = await post(full, JSON.stringify({ lat: 50.84612, lon: 4.35171 }));
    assert.equal(response.status, 202);
    const { job_id } = await json(response);
    const html = await server.fetch(`/reports/${job_id}/download?format=html`, { headers: bearer(full.key) });
    const pdf = await server.fetch(`/reports/${job_id}/download?format=pdf`, { headers: bearer(full.key) });
    const job = await json(await server.fetch(`/reports/${job_id}`, { headers: bearer(full.key) }));
    assert.equal(job.status, 'processing', 'fixture: the job has not finished yet');
    assert.ok(['queued', 'running'].includes(String(job.stage)), `fixture: stage ${job.stage}`);
    assert.equal('files' in job, false, 'no files while processing');
    await expectProblem(html, 404, 'not_found', server.docsUrl);
    await expectProblem(pdf, 404, 'not_found', server.docsUrl);
    const done = await poll(String(job_id), full);
    assert.equal(done.status, 'completed');
  });

  test('the HTML is a self-contained page and the PDF is A4', async () => {
    const response = await post(full, JSON.stringify({ ...GRAND_PLACE, lang: 'fr' }));
    assert.equal(response.status, 202);
    const job = await poll(String((await json(response)).job_id), full);
    assert.equal(job.status, 'completed', JSON.stringify(job));
    const files = job.files as Record<string, { url: string }>;
    const html = await (
      await server.fetch(server.origin + files.html!.url, { headers: bearer(full.key) })
    ).text();
    assert.match(html, /<html/i);
    // no external resource: scripts, images, styles and fonts are inline or data: URIs
    const external = [
      ...html.matchAll(
        /<(?:script|img|iframe|source|video|audio|embed)\b[^>]*\ssrc\s*=\s*["']?(?!data:)[^"'\s>]+/gi,
      ),
      ...html.matchAll(/<link\b[^>]*\shref\s*=\s*["']?(?!data:|#)[^"'\s>]+/gi),
      ...html.matchAll(/url\(\s*["']?(?!data:|#)[^)"']+/gi),
      ...html.matchAll(/@import\s/gi),
    ].map((m) => m[0]);
    assert.deepEqual(external, [], 'self-contained page');

    const pdf = Buffer.from(
      await (await server.fetch(server.origin + files.pdf!.url, { headers: bearer(full.key) })).arrayBuffer(),
    );
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([\d.\s-]+)\]/g)].map((m) =>
      m[1]!.trim().split(/\s+/).map(Number),
    );
    assert.ok(boxes.length >= 1, 'pages declare a MediaBox');
    for (const [x0, y0, x1, y1] of boxes) {
      const width = (x1 ?? 0) - (x0 ?? 0);
      const height = (y1 ?? 0) - (y0 ?? 0);
      assert.ok(
        Math.abs(width - 595.28) < 2 && Math.abs(height - 841.89) < 2,
        `A4 page, got ${width}×${height}`,
      );
    }
  });

  test('the 202 body has the four documented members; a completed job has address, lang, retention and no stage', async () => {
    const response = await post(full, JSON.stringify({ address: 'Gent' }));
    assert.equal(response.status, 202);
    const accepted = await json(response);
    assert.deepEqual(Object.keys(accepted).sort(), ['job_id', 'links', 'stage', 'status']);
    const job = await poll(String(accepted.job_id), full);
    assert.equal(job.status, 'completed');
    assert.equal(typeof job.address, 'string');
    assert.equal(job.lang, 'en');
    assert.equal(job.expires_in_days, 30);
    assert.equal('stage' in job, false, 'stage only while processing');
    assert.equal('detail' in job, false, 'detail only on failure');
  });
});
