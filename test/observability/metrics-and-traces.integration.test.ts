import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { awayFromMinuteEdge } from '../helpers/clock-edges.ts';
import { type Sample, sampleValue, scrape } from '../helpers/scrape.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * The operator's view through HTTP: real traffic on a composition with METRICS_PORT and
 * OTEL_EXPORTER_OTLP_ENDPOINT set (a real OTLP/HTTP receiver in this process), then what
 * /metrics, the job log lines and the exported spans say about it.
 */
const GRAND_PLACE = { lat: '50.8467', lon: '4.3525' };
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

let service: TestService;
let metricsPort: number;
let key: string;
const logLines: Array<Record<string, unknown>> = [];
const exported: ExportedSpan[] = [];
let receiver: Server;

before(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: ExportedSpan[] }> }>;
        };
        for (const resource of body.resourceSpans)
          for (const scope of resource.scopeSpans) exported.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const otlpPort = (receiver.address() as AddressInfo).port;
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(JSON.parse(line));
      done();
    },
  });
  service = await startTestService(
    { METRICS_PORT: '0', OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`, LOG_LEVEL: 'info' },
    { logDestination, startUpWork: true },
  );
  // as a server does before it listens: the start-up warm-up (catalog ranges, references)
  // holds the model's threads, and a cold call racing it on a loaded CI machine passed its
  // 25 s deadline (a correct 504, but not what this test is about)
  await service.composition.warmedUp(120_000);
  metricsPort = service.composition.metricsPort as number;
  key = await service.createKey(['--rate-per-min', '10000', '--reports-per-day', '50']);
});
after(async () => {
  await service?.close();
  receiver?.close();
});

const inject = (url: string, secret = key, headers: Record<string, string> = {}) =>
  service.composition.app.inject({ url, headers: { 'x-api-key': secret, ...headers } });

function delta(before: Sample[], after: Sample[], name: string, labels: Record<string, string> = {}) {
  return sampleValue(after, name, labels) - sampleValue(before, name, labels);
}

describe('metrics, job logs and traces after real traffic', () => {
  let reportJobId = '';
  let reportRequestId = '';

  test('/metrics is served on METRICS_PORT only: the API port answers it 404', async () => {
    assert.ok(metricsPort > 0);
    const scraped = await scrape(metricsPort);
    assert.equal(scraped.status, 200);
    assert.match(scraped.type, /^text\/plain; version=0\.0\.4/);
    // the default Node metrics are there
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_seconds_total',
    ])
      assert.ok(
        scraped.samples.some((sample) => sample.name === name),
        name,
      );
    const onApi = await service.composition.app.inject({ url: '/metrics' });
    assert.equal(onApi.statusCode, 404);
    const onApiV1 = await service.composition.app.inject({ url: '/v1/metrics' });
    assert.equal(onApiV1.statusCode, 404);
    const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/v1/health`);
    assert.equal(elsewhere.status, 404);
  });

  test('a first then a repeated real-time call: one miss and one hit of the realtime cache', async () => {
    const before = (await scrape(metricsPort)).samples;
    const url = `/v1/realtime?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}&radius=35`;
    const first = await inject(url);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['x-cache'], 'miss');
    const repeated = await inject(url);
    assert.equal(repeated.headers['x-cache'], 'hit');
    const after = (await scrape(metricsPort)).samples;
    for (const outcome of ['miss', 'hit'])
      assert.equal(
        delta(before, after, 'svc_cache_requests_total', { cache: 'realtime', outcome }),
        1,
        outcome,
      );
  });

  test('a cold then a cached historical call: one miss, one hit, two 200s, a model computation', async () => {
    const before = (await scrape(metricsPort)).samples;
    const url = `/v1/historical/stats?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`;
    const cold = await inject(url, key, { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` });
    assert.equal(cold.statusCode, 200, cold.body);
    const cached = await inject(url);
    assert.equal(cached.statusCode, 200);
    const after = (await scrape(metricsPort)).samples;
    const route = { route: '/v1/historical/stats', method: 'GET', status: '200' };
    assert.equal(
      delta(before, after, 'svc_cache_requests_total', { cache: 'historical', outcome: 'miss' }),
      1,
    );
    assert.equal(
      delta(before, after, 'svc_cache_requests_total', { cache: 'historical', outcome: 'hit' }),
      1,
    );
    assert.equal(delta(before, after, 'svc_http_requests_total', route), 2);
    assert.equal(delta(before, after, 'svc_http_request_duration_seconds_count', route), 2);
    // the cold call's time lands in the histogram: its sum grew by at least the cold call's share
    assert.ok(delta(before, after, 'svc_http_request_duration_seconds_sum', route) > 0);
    assert.ok(delta(before, after, 'svc_model_compute_seconds_count', { kind: 'reference_year' }) >= 1);
    assert.ok(delta(before, after, 'svc_model_compute_seconds_count', { kind: 'statistics' }) >= 1);
    assert.equal(sampleValue(after, 'svc_http_requests_in_flight'), 0);
  });

  test('a report to completion: job events, stage and PDF histograms, no job left by state', async () => {
    const before = (await scrape(metricsPort)).samples;
    const posted = await service.composition.app.inject({
      method: 'POST',
      url: '/v1/reports',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({ lat: Number(GRAND_PLACE.lat), lon: Number(GRAND_PLACE.lon) }),
    });
    assert.equal(posted.statusCode, 202, posted.body);
    reportJobId = posted.json().job_id;
    reportRequestId = String(posted.headers['x-request-id']);
    const deadline = Date.now() + 120_000;
    let status = '';
    while (Date.now() < deadline) {
      const polled = await inject(`/v1/reports/${reportJobId}`);
      status = polled.json().status;
      if (status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(status, 'completed');
    const after = (await scrape(metricsPort)).samples;
    for (const event of ['accepted', 'claimed', 'completed'])
      assert.equal(delta(before, after, 'svc_report_job_events_total', { event }), 1, event);
    for (const stage of ['queued', 'running', 'delivering', 'total'])
      assert.equal(delta(before, after, 'svc_report_stage_seconds_count', { stage }), 1, stage);
    assert.equal(
      delta(before, after, 'svc_report_pdf_render_seconds_count', { outcome: 'ok', origin: 'worker' }),
      1,
    );
    assert.equal(delta(before, after, 'svc_http_requests_total', { route: '/v1/reports', status: '202' }), 1);
    for (const state of ['queued', 'running', 'delivering', 'pdf_pending'])
      assert.equal(sampleValue(after, 'svc_report_jobs', { state }), 0, state);
    for (const state of ['waiting', 'active', 'delayed'])
      assert.equal(sampleValue(after, 'svc_report_queue_depth', { state }), 0, state);
    assert.equal(delta(before, after, 'svc_report_failures_total'), 0);
  });

  test('the job log lines tell the whole lifecycle, each with job_id, request_id, attempt, duration', () => {
    const all = logLines.filter((line) => line.job_id === reportJobId);
    // the periodic sweep (every 3 s) re-enqueues any job not yet claimed; duplicates are
    // harmless by design (the queue tests run each job once through them), so on a loaded
    // machine a sweep line may come before the claim: it is the sweep's, not the request's
    const swept = all.filter((line) => line.event === 'job.requeued_by_sweep');
    for (const line of swept) assert.ok(all.indexOf(line) < all.findIndex((l) => l.event === 'job.claimed'));
    const lines = all.filter((line) => line.event !== 'job.requeued_by_sweep');
    const events = lines.map((line) => line.event);
    assert.deepEqual(events, ['job.accepted', 'job.queued', 'job.claimed', 'job.stage', 'job.completed']);
    for (const line of lines) {
      assert.equal(line.component, 'reports');
      assert.equal(line.request_id, reportRequestId, String(line.event));
      assert.equal(line.level, 30, 'info');
      assert.equal(typeof line.attempt, 'number');
    }
    assert.equal(lines[0]?.attempt, 0);
    assert.equal(lines[2]?.attempt, 1);
    assert.equal(lines[3]?.stage, 'delivering');
    for (const line of [lines[0], lines[2], lines[3], lines[4]])
      assert.equal(typeof line?.duration_ms, 'number');
    const text = JSON.stringify(lines);
    assert.doesNotMatch(text, new RegExp(`${GRAND_PLACE.lat}|${GRAND_PLACE.lon}|Bruxelles|Brussel|svc_sk_`));
  });

  test('401 and 403 by reason, 429 rate limited: counted once each', async () => {
    const before = (await scrape(metricsPort)).samples;
    const limited = await service.createKey(['--rate-per-min', '2']);
    const url = `/v1/historical/stats?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`;
    // the three in one rate window (a clock minute)
    await awayFromMinuteEdge(15);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await inject(url, limited)).statusCode);
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.equal((await inject(url, 'svc_sk_notarealkeynotarealkeynotarealkey00')).statusCode, 401);
    assert.equal((await service.composition.app.inject({ url })).statusCode, 401);
    const revoked = await service.createKey();
    await service.revokeKey(revoked);
    assert.equal((await inject(url, revoked)).statusCode, 403);
    const after = (await scrape(metricsPort)).samples;
    assert.equal(delta(before, after, 'svc_rate_limited_total'), 1);
    assert.equal(
      delta(before, after, 'svc_auth_refusals_total', { status: '401', reason: 'unknown_key' }),
      1,
    );
    assert.equal(
      delta(before, after, 'svc_auth_refusals_total', { status: '401', reason: 'missing_key' }),
      1,
    );
    assert.equal(
      delta(before, after, 'svc_auth_refusals_total', { status: '403', reason: 'deactivated' }),
      1,
    );
    assert.equal(delta(before, after, 'svc_http_requests_total', { status: '429' }), 1);
    assert.ok(delta(before, after, 'svc_cache_requests_total', { cache: 'keys' }) >= 4);

    // no label value anywhere carries a key, a coordinate, an address or a raw URL
    await inject(`/v1/no/such/${GRAND_PLACE.lat}/path?lat=${GRAND_PLACE.lat}`);
    await inject('/v1/geocode?q=Grand-Place%20Bruxelles');
    const secrets = [key, limited, revoked, 'svc_sk_notarealkey'];
    for (const sample of (await scrape(metricsPort)).samples) {
      for (const [label, value] of Object.entries(sample.labels)) {
        if (label === 'le') continue; // a histogram bucket's bound, not data
        for (const secret of secrets) assert.ok(!value.includes(secret), `${sample.name}: a key`);
        assert.doesNotMatch(value, /\d+\.\d{3,}/, `${sample.name}: a coordinate in ${value}`);
        assert.doesNotMatch(value, /[?&=]|Grand|Bruxelles/i, `${sample.name}: a URL or address in ${value}`);
      }
    }
    assert.ok(
      sampleValue((await scrape(metricsPort)).samples, 'svc_http_requests_total', {
        route: 'unmatched',
        status: '404',
      }) >= 1,
    );
  });

  test('spans exported over OTLP: HTTP, model, database and PDF, the job joined to its POST', async () => {
    await service.close();
    const byTrace = (traceId: string) => exported.filter((span) => span.traceId === traceId);
    // the cold historical call continued the caller's trace and holds the model work and queries
    const historical = byTrace(TRACE_ID);
    const names = historical.map((span) => span.name);
    assert.ok(names.includes('GET /v1/historical/stats'), names.join(','));
    assert.ok(names.includes('model.compute'), names.join(','));
    assert.ok(
      names.some((name) => name.startsWith('db.')),
      names.join(','),
    );
    const server = historical.find((span) => span.name === 'GET /v1/historical/stats');
    assert.equal(server?.parentSpanId, '00f067aa0ba902b7');
    // the report's worker spans are in the trace of the POST that created the job
    const post = exported.find(
      (span) =>
        span.name === 'POST /v1/reports' &&
        span.attributes.some((a) => a.key === 'svc.request_id' && a.value.stringValue === reportRequestId),
    );
    assert.ok(post, 'the POST span');
    const jobSpans = byTrace(post.traceId).map((span) => span.name);
    assert.ok(jobSpans.includes('report.generate'), jobSpans.join(','));
    assert.ok(jobSpans.includes('pdf.render'), jobSpans.join(','));
    const generate = byTrace(post.traceId).find((span) => span.name === 'report.generate');
    assert.equal(generate?.parentSpanId, post.spanId);
  });
});
