/**
 * Reports as users feel them (issue #37 item 3): through HTTP on the whole service
 * composed in this process (real statistics from the embedded model, SQLite, in-process
 * queue, Chromium on its thread), from `POST /v1/reports` to the first `GET` that answers
 * `completed` with `files.pdf`. The client polls every POLL_MS, so a figure is the
 * server's time plus at most that. Rows:
 * - the first report after start (the service has finished its start-up work, as a server
 *   up for a few seconds; no report has run yet);
 * - warm: the same location again (its statistics cached), median of 5;
 * - cold location: a point never asked before (its statistics computed), median of 3;
 * - 20 reports at once (distinct cold points), until the last is completed;
 * and, printed, what a caller of the TypeScript client's waitForReport feels (its waits).
 *
 *   node --import tsx bench/reports-felt.ts      (or: npm run bench -- reports-felt)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSvcClient, unwrap, waitForReport } from '../clients/typescript/src/index.ts';
import { type FigureCheck, figure, NOISE, withinGoal } from './figures.ts';

const POLL_MS = 10;
const GOALS = { warmMs: 300, coldMs: 1500, burstS: 4, firstMs: 2000 };

// the built code, as `npm start` runs it (under tsx the PDF thread would first compile
// its TypeScript, which production never pays)
execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
const built = (path: string) => new URL(`../dist/src/${path}`, import.meta.url).href;
const { compose } = (await import(built('start/compose.js'))) as typeof import('../src/start/compose.ts');
const { parseConfig } = (await import(built('config.js'))) as typeof import('../src/config.ts');
const { createKeyIn } = await import('./service-in-process.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'svc-reports-felt-'));
/** each job's stage durations, read from the service's own job events (job-events.ts) */
const stages = new Map<string, Record<string, number>>();
const composition = await compose(
  parseConfig({
    DATA_DIR: dataDir,
    MODEL_DIR: join(tmpdir(), 'svc-test-model-cache'),
    LOG_LEVEL: 'info',
    // REPORTS_WARM_AT_START=true in the environment: measured as a server that asks for it
    REPORTS_WARM_AT_START: process.env.REPORTS_WARM_AT_START,
  }),
  {
    logger: false,
    logDestination: {
      write(line: string) {
        const entry = JSON.parse(line) as {
          event?: string;
          job_id?: string;
          duration_ms?: number;
          pdf_ms?: number;
        };
        if (!entry.job_id || entry.duration_ms === undefined) return;
        const job = stages.get(entry.job_id) ?? {};
        if (entry.event === 'job.claimed') job.queued = entry.duration_ms;
        if (entry.event === 'job.stage') job.html = entry.duration_ms;
        if (entry.event === 'job.completed') {
          job.pdf = entry.pdf_ms ?? Number.NaN;
          job.total = entry.duration_ms;
        }
        stages.set(entry.job_id, job);
      },
    },
  },
);
await composition.start();
// a server up for a few seconds: its start-up work is over, no report has run
await composition.startupSettled(120_000);
const address = await composition.app.listen({ port: 0, host: '127.0.0.1' });
const secret = await createKeyIn(composition, 'reports-felt', [
  '--rate-per-min',
  '100000000',
  '--reports-per-day',
  '1000',
]);
const service = { address };
const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };

/** the last report's stages, as the server logged them, and what the client saw on top */
let lastStages = '';
async function report(body: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const posted = await fetch(`${service.address}/v1/reports`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (posted.status !== 202) throw new Error(`POST answered ${posted.status}: ${await posted.text()}`);
  const { job_id } = (await posted.json()) as { job_id: string };
  for (;;) {
    const polled = await fetch(`${service.address}/v1/reports/${job_id}`, { headers });
    const job = (await polled.json()) as { status: string; files?: { pdf?: string }; detail?: string };
    if (job.status === 'completed' && job.files?.pdf) {
      const felt = performance.now() - started;
      const s = stages.get(job_id) ?? {};
      lastStages = `queued ${s.queued} + html ${s.html} + pdf ${s.pdf} = ${s.total} ms in the server, ${felt.toFixed(0)} felt`;
      return felt;
    }
    if (job.status === 'failed' || polled.status !== 200) throw new Error(`job ${job_id}: ${job.detail}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
/** a distinct point of the Brussels model for each call: its statistics are computed, never cached */
let coldIndex = 0;
const coldPoint = () => {
  const i = coldIndex++;
  return { lat: 50.835 + (i % 7) * 0.0021, lon: 4.34 + Math.floor(i / 7) * 0.0023, lang: 'en' };
};

let failed = false;
const check = (name: string, value: string, measured: number, target: number, unit: string) => {
  const row: FigureCheck = { measured, target, better: 'lower', band: NOISE.batch };
  const ok = withinGoal(row);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${value} (goal ≤ ${target} ${unit})`);
  figure(name, value, `≤ ${target.toLocaleString('en')} ${unit}`, row);
  if (!ok) failed = true;
};

try {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const warmBody = { lat: 50.8467, lon: 4.3525, lang: 'fr' };
  const first = await report(warmBody);
  console.log(`  first: ${lastStages}`);
  check('report felt: first after start', `${first.toFixed(0)} ms`, first, GOALS.firstMs, 'ms');
  const warm: number[] = [];
  for (let run = 0; run < 5; run++) {
    warm.push(await report(warmBody));
    console.log(`  warm: ${lastStages}`);
  }
  check(
    'report felt: warm (median of 5)',
    `${median(warm).toFixed(0)} ms [${warm.map((ms) => ms.toFixed(0)).join(', ')}]`,
    median(warm),
    GOALS.warmMs,
    'ms',
  );
  // what a caller of the TypeScript client feels: its waitForReport with its default waits
  const svc = createSvcClient({ baseUrl: address, key: secret });
  const client: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const { job_id } = await unwrap(svc.POST('/reports', { body: warmBody as never }));
    await waitForReport(svc, job_id);
    client.push(performance.now() - started);
  }
  console.log(
    `  warm through the TypeScript client's waitForReport (default waits): median ${median(client).toFixed(0)} ms [${client.map((ms) => ms.toFixed(0)).join(', ')}]`,
  );
  const cold: number[] = [];
  for (let run = 0; run < 3; run++) {
    cold.push(await report(coldPoint()));
    console.log(`  cold: ${lastStages}`);
  }
  check(
    'report felt: cold location (median of 3)',
    `${median(cold).toFixed(0)} ms [${cold.map((ms) => ms.toFixed(0)).join(', ')}]`,
    median(cold),
    GOALS.coldMs,
    'ms',
  );
  const started = performance.now();
  await Promise.all(Array.from({ length: 20 }, () => report(coldPoint())));
  const burstS = (performance.now() - started) / 1000;
  check('report felt: 20 at once', `${burstS.toFixed(1)} s`, burstS, GOALS.burstS, 's');
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await composition.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
