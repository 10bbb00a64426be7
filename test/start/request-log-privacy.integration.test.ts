import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { SERVER_START_GUARD_MS } from '../helpers/busy-machine.ts';
import { freePort, type Instance, startInstance, waitHealthy } from '../helpers/instances.ts';
import { SHARED_MODEL_DIR } from '../helpers/service.ts';

/**
 * Issue #39 item 5: "nothing personal in logs". A real server process at the default
 * LOG_LEVEL (info), its gazetteer loaded with the OpenAddresses sample, answers requests
 * that carry addresses, search text, coordinates and the API key (in both headers, and
 * in the query where a careless client puts it), plus two report jobs printed by the
 * real Chromium. Then the whole of what the process wrote is searched for every one of
 * those values, and for the labels and coordinates the service itself resolved: none
 * may appear. The request log still names each route template and the query
 * parameters by name.
 */
const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const SAMPLE = new URL('../fixtures/openaddresses-sample.csv', import.meta.url).pathname;

// odd digits, so that a hit in the log can only be these coordinates
const LAT = '50.84712';
const LON = '4.35437';
const UNRESOLVED = 'Avenue Louise 200';
const RESOLVED = 'Rue du Marché aux Herbes 1';
const SEARCH = 'Marché aux Herbes';

let dataDir: string;
let instance: Instance;
let key: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-log-privacy-'));
  const env = { ...process.env, DATA_DIR: dataDir, MODEL_DIR: SHARED_MODEL_DIR };
  const svc = (...args: string[]) =>
    run('npm', ['run', '--silent', 'svc', '--', ...args], { cwd: ROOT, env });
  await svc('gazetteer', 'import', SAMPLE);
  key = JSON.parse(
    (await svc('keys', 'create', '--label', 'privacy', '--type', 'sk', '--rate-per-min', '10000')).stdout,
  ).key;
  instance = startInstance('privacy', {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    MODEL_DIR: SHARED_MODEL_DIR,
    MODEL_WORKERS: '1',
    // LOG_LEVEL unset: the default (info) writes the request log
  });
  await waitHealthy(instance, SERVER_START_GUARD_MS);
});

after(async () => {
  await instance?.stop(15_000);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function call(path: string, init: RequestInit = {}, header: 'x-api-key' | 'bearer' = 'x-api-key') {
  const headers: Record<string, string> =
    header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
  if (init.body) headers['content-type'] = 'application/json';
  const response = await fetch(`${instance.base}${path}`, { ...init, headers });
  return { status: response.status, body: await response.text() };
}

/** Polls a report job until it leaves `processing`; its last view. */
async function finished(jobId: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const view = JSON.parse((await call(`/v1/reports/${jobId}`)).body) as Record<string, unknown>;
    if (view.status !== 'processing') return view;
    assert.ok(Date.now() < deadline, `report ${jobId} still processing: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('the whole log of a run never holds an address, a label, coordinates or a key; routes and parameter names are there', async () => {
  const q = encodeURIComponent;
  const secrets = new Set<string>([key, UNRESOLVED, 'Avenue Louise', 'Louise', SEARCH, 'Herbes', LAT, LON]);
  // what the service resolved is as personal as what it was asked
  const found = await call(`/v1/geocode?q=${q(RESOLVED)}`, {}, 'bearer');
  assert.equal(found.status, 200, found.body);
  const geocoded = JSON.parse(found.body) as {
    results?: Array<{ address: string; lat?: number; lon?: number }>;
  };
  for (const result of geocoded.results ?? []) {
    secrets.add(result.address);
    if (result.lat !== undefined) secrets.add(String(result.lat));
    if (result.lon !== undefined) secrets.add(String(result.lon));
  }
  assert.ok((geocoded.results ?? []).length > 0, found.body);
  const answers = [
    await call(`/v1/geocode?q=${q(UNRESOLVED)}`),
    await call(`/v1/geocode?q=${q(SEARCH)}&limit=3`),
    await call(`/v1/historical/stats?address=${q(UNRESOLVED)}`),
    await call(`/v1/historical/stats?address=${q(RESOLVED)}`, {}, 'bearer'),
    await call(`/v1/historical/stats?lat=${LAT}&lon=${LON}&radius=50`),
    await call(`/v1/realtime?lat=${LAT}&lon=${LON}`),
    await call(`/v1/forecast?lat=${LAT}&lon=${LON}`, {}, 'bearer'),
    // the spec takes the key in headers only; a client that puts it in the query is refused, not logged
    await call(`/v1/realtime?lat=${LAT}&lon=${LON}&key=${key}`),
    await call(`/v1/realtime?${q(UNRESOLVED)}=${LAT}`),
    await call(`/v1/no-such-thing/${q(UNRESOLVED)}?lat=${LAT}`),
    await call('/v1/key', {}, 'bearer'),
  ];
  assert.ok(answers.some((answer) => answer.status === 200));
  assert.ok(answers.some((answer) => answer.status >= 400));

  // a signed tile URL's signature is a credential too
  const catalog = await call('/v1/map/brussels');
  assert.equal(catalog.status, 200, catalog.body);
  const signed = /"(\/v1\/map\/[^"]*sig=[^"]*)"/.exec(catalog.body)?.[1];
  assert.ok(signed, catalog.body.slice(0, 500));
  const signature = new URL(signed, instance.base).searchParams.get('sig');
  assert.ok(signature);
  secrets.add(signature);
  assert.equal((await call(signed.replace(/\{[^}]+\}/g, '0'))).status < 500, true);

  // two report jobs, one by coordinates (reverse geocoded) and one by address, printed to PDF
  const jobs: string[] = [];
  for (const body of [{ lat: Number(LAT), lon: Number(LON) }, { address: RESOLVED }]) {
    const posted = await call('/v1/reports', { method: 'POST', body: JSON.stringify(body) });
    assert.equal(posted.status, 202, posted.body);
    jobs.push((JSON.parse(posted.body) as { job_id: string }).job_id);
  }
  for (const jobId of jobs) {
    const view = await finished(jobId);
    assert.equal(view.status, 'completed', JSON.stringify(view));
    if (typeof view.address === 'string') secrets.add(view.address);
  }

  // SIGTERM: everything the process had to say is written
  assert.equal(await instance.stop(15_000), 0);
  const log = instance.output();
  const lines = log
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.ok(lines.length > 20, log);
  for (const secret of secrets) {
    for (const form of new Set([
      secret,
      q(secret),
      q(secret).replace(/%20/g, '+'),
      JSON.stringify(secret).slice(1, -1),
    ])) {
      assert.ok(!log.includes(form), `the log holds ${JSON.stringify(form)}:\n${lineWith(log, form)}`);
    }
  }
  assert.ok(!log.includes(key.slice(0, 16)), 'not even the start of the key');

  // the request log still says what was asked, by route template and parameter names
  const requests = lines
    .filter((line) => line.msg === 'incoming request')
    .map((line) => line.req as Record<string, unknown>);
  const asked = (route: string, name: string) =>
    requests.some((req) => req.route === route && Array.isArray(req.params) && req.params.includes(name));
  assert.ok(asked('/v1/geocode', 'q'), JSON.stringify(requests));
  assert.ok(asked('/v1/historical/stats', 'address'));
  assert.ok(asked('/v1/realtime', 'lat') && asked('/v1/realtime', 'lon'));
  assert.ok(asked('/v1/forecast', 'lat'));
  assert.ok(requests.some((req) => req.route === '/v1/realtime' && req.undeclared_params === 1));
  assert.ok(requests.some((req) => req.route === 'unmatched'));
  assert.ok(requests.some((req) => req.route === '/v1/reports/:job_id'));
  const completed = lines.filter((line) => line.msg === 'request completed');
  assert.ok(completed.some((line) => (line.res as { route?: string }).route === '/v1/historical/stats'));
  // the report jobs were logged (by id), so their lines were searched too
  for (const jobId of jobs)
    assert.ok(lines.some((line) => line.job_id === jobId && line.event === 'job.completed'));
});

function lineWith(log: string, text: string): string {
  return log.split('\n').find((line) => line.includes(text)) ?? '';
}
