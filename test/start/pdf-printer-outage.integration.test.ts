import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { CLI_ENTRY } from '../helpers/built-service.ts';
import { SERVER_START_GUARD_MS } from '../helpers/busy-machine.ts';
import { freePort, type Instance, startInstance, waitHealthy } from '../helpers/instances.ts';
import { SHARED_MODEL_DIR } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue #49 items 3 and 4, through the built server process: CHROMIUM_PATH points where
 * no browser is yet. Readiness names the reports degraded (and stays 200: reports still
 * complete with their HTML), one line at start says so, and a job's status says why its
 * PDF is pending. Then the path becomes valid (the operator installs the browser there):
 * the next poll prints the PDF and readiness is ok again, with no restart. The browser
 * is then killed (a crash), and the server is stopped with SIGTERM: after each, nothing
 * of Chromium's (profile, scratch files) is left in the server's TMPDIR.
 */
const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const BRUSSELS = { lat: 50.8467, lon: 4.3525 };

let dir: string;
let serverTmp: string;
let chromiumPath: string;
let instance: Instance;
let key: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-pdf-outage-'));
  serverTmp = join(dir, 'tmp');
  mkdirSync(serverTmp);
  mkdirSync(join(dir, 'bin'));
  chromiumPath = join(dir, 'bin', 'chromium');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    MODEL_DIR: SHARED_MODEL_DIR,
    MODEL_WORKERS: '1',
    LOG_LEVEL: 'warn',
    TMPDIR: serverTmp,
    CHROMIUM_PATH: chromiumPath,
  };
  const created = await run(
    process.execPath,
    [
      CLI_ENTRY,
      'keys',
      'create',
      '--label',
      'outage',
      '--type',
      'sk',
      '--reports-per-day',
      '10',
      // the polls below ask four times a second for as long as a busy machine takes
      '--rate-per-min',
      '100000',
    ],
    { cwd: ROOT, env },
  );
  key = (JSON.parse(created.stdout) as { key: string }).key;
  instance = startInstance('pdf-outage', { ...env, PORT: String(await freePort()) });
  await waitHealthy(instance, SERVER_START_GUARD_MS);
});

after(async () => {
  await instance?.stop(15_000);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function readiness(): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${instance.base}/v1/health/ready`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function poll(jobId: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${instance.base}/v1/reports/${jobId}`, { headers: { 'x-api-key': key } });
  assert.equal(response.status, 200);
  return (await response.json()) as Record<string, unknown>;
}

async function submit(lang: string): Promise<string> {
  const response = await fetch(`${instance.base}/v1/reports`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ ...BRUSSELS, lang }),
  });
  const body = (await response.json()) as { job_id: string };
  assert.equal(response.status, 202, JSON.stringify(body));
  return body.job_id;
}

/** polls until the job has left `processing`; its view */
function finished(jobId: string): Promise<Record<string, unknown>> {
  return until(
    async () => {
      const view = await poll(jobId);
      return view.status === 'processing' ? undefined : view;
    },
    { timeoutMs: 240_000, intervalMs: 250, what: `report ${jobId}` },
  );
}

/** the server's Chromium browser processes (its direct children named chromium) */
function browsersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return stat.includes('(chromium)') && Number(fields[1]) === pid;
      } catch {
        return false; // gone between the listing and the read
      }
    })
    .map(Number);
}

test('a missing browser: readiness degraded (still 200), one line at start, and the job says why its PDF is pending; the path made valid, the next poll has the PDF', async () => {
  const missing = await readiness();
  assert.equal(missing.status, 200, 'a PDF outage does not make the instance unready');
  assert.equal(missing.body.status, 'ready');
  const reports = missing.body.reports as { status: string; detail?: string };
  assert.equal(reports.status, 'degraded');
  assert.match(
    reports.detail ?? '',
    /PDFs cannot be printed: CHROMIUM_PATH is not an executable file \(ENOENT\)/,
  );

  const jobId = await submit('en');
  const pending = await finished(jobId);
  assert.equal(pending.status, 'completed');
  assert.equal(pending.pdf_pending, true);
  assert.equal((pending.files as Record<string, unknown>).pdf, undefined);
  assert.match(String(pending.detail), /The PDF could not be rendered: the PDF printer is unavailable/);
  assert.doesNotMatch(String(pending.detail), new RegExp(dir), 'no server path in the client’s answer');
  // still pending on the next poll, and still saying why
  const again = await poll(jobId);
  assert.equal(again.pdf_pending, true);
  assert.match(String(again.detail), /could not be rendered/);

  // the start-up work's check names the setting once (it runs after the warm-up)
  const startLines = () =>
    instance
      .output()
      .split('\n')
      .filter((line) => line.includes('PDFs cannot be printed (CHROMIUM_PATH)'));
  await until(() => startLines().length > 0, { timeoutMs: 240_000, what: 'the start line' });
  assert.equal(startLines().length, 1, instance.output());
  const line = JSON.parse(startLines()[0] as string) as { level: number; err: { message: string } };
  assert.equal(line.level, 40);
  assert.match(line.err.message, new RegExp(`Chromium could not be started \\(${chromiumPath}\\)`));
  // once the start check failed, readiness gives its reason too while the path is missing
  assert.match(
    String(((await readiness()).body.reports as { detail?: string }).detail),
    /CHROMIUM_PATH is not an executable file/,
  );

  // the operator installs the browser where CHROMIUM_PATH points: no restart
  symlinkSync('/usr/bin/chromium', chromiumPath);
  const printed = await poll(jobId);
  assert.equal(printed.pdf_pending, undefined, JSON.stringify(printed));
  assert.equal(printed.detail, undefined);
  assert.match(String((printed.files as Record<string, { url: string }>).pdf?.url), /format=pdf$/);
  const pdf = await fetch(`${instance.base}/v1/reports/${jobId}/download?format=pdf`, {
    headers: { 'x-api-key': key },
  });
  assert.equal(pdf.status, 200);
  assert.equal(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString('latin1'),
    '%PDF-',
  );
  const back = await readiness();
  assert.deepEqual(back.body.reports, { status: 'ok' });
});

test('no Chromium directory outlives its browser: after a crash, and after SIGTERM', async () => {
  const pid = instance.child.pid as number;
  const browsers = browsersOf(pid);
  assert.equal(browsers.length, 1, 'the print above left its browser running');
  assert.ok(readdirSync(serverTmp).some((name) => name.startsWith('svc-chromium-')));
  // a crash: the browser dies, its directory (profile and scratch files) goes with it
  process.kill(browsers[0] as number, 'SIGKILL');
  await until(() => readdirSync(serverTmp).length === 0, {
    timeoutMs: 15_000,
    what: "the crashed browser's directory to go",
  });
  // the next report launches a browser again
  const view = await finished(await submit('fr'));
  assert.equal(view.pdf_pending, undefined, JSON.stringify(view));
  assert.equal(browsersOf(pid).length, 1);
  assert.notEqual(readdirSync(serverTmp).length, 0, 'the running browser has its directory');
  // SIGTERM: the server closes the browser and removes its directory before it exits
  assert.equal(await instance.stop(15_000), 0, instance.output());
  assert.deepEqual(readdirSync(serverTmp), [], 'nothing left in the server’s TMPDIR');
});
