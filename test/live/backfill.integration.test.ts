import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { type ArchivePattern, GRAND_PLACE, serveArchive } from '../helpers/archive-replay.ts';
import { CLI_ENTRY } from '../helpers/built-service.ts';
import { SERVER_START_GUARD_MS } from '../helpers/busy-machine.ts';
import { type FeedReplay, startFeedReplay } from '../helpers/feed-replay.ts';
import { freePort, type Instance, startInstance, waitHealthy } from '../helpers/instances.ts';
import { SHARED_MODEL_DIR } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

/**
 * `svc feeds backfill` (issue #35) against a local stand-in of Open-Meteo's archive and
 * IRCEL-CELINE's timeseries API, with a real server process on the same database:
 *
 * - a provider failing mid-way stops the run (exit 1) and the answers stay as they were;
 *   the second run asks only for the chunks the first did not store (requests counted at
 *   the stand-in), and then /historical/stats at the Grand-Place says 2024, its sources
 *   the archives, and its NO2 mean and tropical nights follow what was served;
 * - a year with missing months is refused, naming them, and 2024 keeps serving;
 * - `--reset` brings the package's year back, without a restart.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);
const HOUR = 3_600_000;
const TAU = 2 * Math.PI;

/**
 * hot spells of 24 h from 12:00 UTC (14:00 in Brussels) that cover one whole night each;
 * their temperature swings by ±1.5 K as air does (a flat 26.0 °C for a day is a stuck
 * sensor, which the backfill's screening repairs from the neighbouring days)
 */
const HOT_DAYS_2024 = [Date.UTC(2024, 6, 3, 12), Date.UTC(2024, 6, 10, 12), Date.UTC(2024, 7, 20, 12)];
const pattern2024: ArchivePattern = {
  temperatureC: (t) =>
    HOT_DAYS_2024.some((start) => t >= start && t < start + 24 * HOUR)
      ? 26 + 1.5 * Math.sin((TAU * (t / HOUR)) / 24)
      : 8 + 3 * Math.sin((TAU * (t / HOUR)) / 24),
  no2: (t) => 22 + 6 * Math.sin((TAU * (t / HOUR + 6)) / 24),
};

let replay: FeedReplay;
let server: Instance;
let dataDir: string;
let key: string;

interface Stats {
  meta: {
    reference_year: number;
    sources: Array<{ id: string; kind: string; status: string; as_of: string | null }>;
  };
  air: { annual_mean_ugm3: { no2: number | null } };
  thermal: { tropical_nights_air: number; max_utci_c: number };
}

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    MODEL_DIR: SHARED_MODEL_DIR,
    LOG_LEVEL: 'silent',
    CITIES_POLL_MS: '1000',
    ...extra,
  };
}

const svc = (args: string[]) =>
  run(process.execPath, [CLI_ENTRY, ...args], {
    cwd: ROOT,
    env: env({ FEED_OPENMETEO_ARCHIVE_URL: replay.url, FEED_IRCEL_URL: `${replay.url}/ircel` }),
    timeout: 600_000,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

/** the statistics at the Grand-Place; a 504 (a year still being computed) is asked again, as it says */
async function stats(): Promise<Stats> {
  return until(
    async () => {
      const response = await fetch(
        `${server.base}/v1/historical/stats?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`,
        { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(280_000) },
      );
      if (response.status === 504) return undefined;
      assert.equal(response.status, 200, await response.clone().text());
      return (await response.json()) as Stats;
    },
    { timeoutMs: 300_000, intervalMs: 2_000, what: 'the statistics (past 504s)' },
  );
}

async function cityYear(): Promise<number> {
  const response = await fetch(`${server.base}/v1/cities/brussels`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { reference_year: number }).reference_year;
}

/** Brussels' local night a UTC hour belongs to (20:00 to 08:00 local), or null */
const local = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});
function nightOf(t: number): string | null {
  const parts = Object.fromEntries(local.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
  const hour = Number(parts.hour);
  if (hour >= 20) return `${parts.year}-${parts.month}-${parts.day}`;
  if (hour < 8) return nightOf(t - 9 * HOUR);
  return null;
}

/** the served year's nights whose served temperature stays at or above 20 °C, and its NO2 mean */
function served(year: number, pattern: ArchivePattern) {
  const minima = new Map<string, number>();
  let no2 = 0;
  let hours = 0;
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += HOUR) {
    const night = nightOf(t);
    const ta = Math.round(pattern.temperatureC(t) * 10) / 10;
    if (night) minima.set(night, Math.min(minima.get(night) ?? Number.POSITIVE_INFINITY, ta));
    no2 += Math.round(pattern.no2(t) * 10) / 10;
    hours++;
  }
  return { tropicalNights: [...minima.values()].filter((m) => m >= 20).length, no2Mean: no2 / hours };
}

before(async () => {
  replay = await startFeedReplay();
  dataDir = mkdtempSync(join(tmpdir(), 'svc-backfill-'));
  const port = await freePort();
  const created = await run(
    process.execPath,
    [CLI_ENTRY, 'keys', 'create', '--label', 'backfill', '--type', 'sk', '--rate-per-min', '100000'],
    { cwd: ROOT, env: env() },
  );
  key = (JSON.parse(created.stdout) as { key: string }).key;
  // the server reads no feed: only the backfill's years reach it, through the database
  server = startInstance('backfill', { ...env(), PORT: String(port) });
  await waitHealthy(server, SERVER_START_GUARD_MS);
});

after(async () => {
  await server?.stop();
  await replay?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a provider failing mid-way changes nothing; the second run fetches only the missing chunks, then 2024 is the reference year', async () => {
  const before2024 = await stats();
  assert.equal(before2024.meta.reference_year, 2025);
  // the archive answers January to May, then fails (retried, then the run stops)
  serveArchive(replay, {
    ...pattern2024,
    failMonth: (month) => (month >= 5 ? { status: 503, body: '{"error":true,"reason":"busy"}' } : undefined),
  });
  const failed = await svc(['feeds', 'backfill', '--year', '2024']);
  assert.equal(failed.code, 1, failed.stderr);
  assert.match(failed.stderr, /interrupted.*run the same command again/s);
  const archiveFirst = replay.hits('/v1/archive');
  const dataFirst = replay.hits('/ircel/timeseries/getData');
  const stationsFirst = replay.hits('/ircel/stations');
  assert.equal(dataFirst, 5, 'IRCEL was asked for January to May (each month after its meteorology)');
  // nothing changed for the answers: the package's year, the same figures
  const during = await stats();
  assert.equal(during.meta.reference_year, 2025);
  assert.deepEqual(during.air, before2024.air);
  assert.deepEqual(during.thermal, before2024.thermal);

  serveArchive(replay, pattern2024);
  const resumed = await svc(['feeds', 'backfill', '--year', '2024']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.doesNotMatch(resumed.stderr, /\[#/, 'no progress bar when stderr is not a terminal');
  const summary = JSON.parse(resumed.stdout);
  assert.equal(
    replay.hits('/v1/archive') - archiveFirst,
    7,
    'the archive was asked for June to December only',
  );
  assert.equal(replay.hits('/ircel/timeseries/getData') - dataFirst, 7, 'IRCEL for June to December only');
  assert.equal(replay.hits('/ircel/stations'), stationsFirst, 'the station list was not asked again');
  assert.equal(summary.fetched, 14);
  assert.equal(summary.reused, 11);
  const brussels = summary.domains.find((d: { domain: string }) => d.domain === 'brussels');
  assert.ok(brussels, resumed.stdout);
  assert.equal(brussels.hours['meteorology ta_c'], 8784);
  // the stand-in's flat lines (70 % humidity, 3 m/s from 225° all year) are flagged as
  // stuck and, with no sound hour to repair them from, kept; its temperature is sound
  assert.equal(brussels.screened.by_quantity.ta_c, undefined, JSON.stringify(brussels.screened));
  assert.equal(brussels.screened.by_quantity.wind_ms, 8784, JSON.stringify(brussels.screened));
  assert.equal(brussels.screened.filled, 0);
  assert.deepEqual(brussels.stations.sort(), ['41R012', '41TST1']);
  const status = JSON.parse((await svc(['feeds', 'status'])).stdout);
  assert.ok(
    status.reference_years.some(
      (r: { domain: string; year: number; screened?: { flagged: number } }) =>
        r.domain === 'brussels' && r.year === 2024 && r.screened?.flagged === brussels.screened.flagged,
    ),
    JSON.stringify(status),
  );

  // every instance takes the new year within a minute, without a restart
  const after2024 = await until(
    async () => {
      const answer = await stats();
      return answer.meta.reference_year === 2024 ? answer : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 1_000, what: 'reference_year 2024' },
  );
  assert.equal(await cityYear(), 2024, '/cities/brussels says the same year');
  const ids = after2024.meta.sources.map((s) => `${s.id}/${s.kind}`).sort();
  assert.deepEqual(ids, ['ircel-celine/observation', 'open-meteo-archive/reanalysis']);
  const expected = served(2024, pattern2024);
  assert.equal(after2024.thermal.tropical_nights_air, expected.tropicalNights);
  assert.notEqual(before2024.thermal.tropical_nights_air, undefined);
  // the station sits on the point's cell: its measurements are the cell's concentrations
  const no2 = after2024.air.annual_mean_ugm3.no2!;
  assert.ok(
    Math.abs(no2 - expected.no2Mean) < 0.05 * expected.no2Mean,
    `annual NO2 ${no2} follows the served mean ${expected.no2Mean.toFixed(1)} (before: ${before2024.air.annual_mean_ugm3.no2})`,
  );

  // a report printed now describes the same year, with the same figures
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const posted = await fetch(`${server.base}/v1/reports`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ lat: GRAND_PLACE.lat, lon: GRAND_PLACE.lon, radius: 5 }),
  });
  assert.equal(posted.status, 202, await posted.clone().text());
  const { job_id } = (await posted.json()) as { job_id: string };
  const job = await until(
    async () => {
      const response = await fetch(`${server.base}/v1/reports/${job_id}`, { headers: auth });
      const body = (await response.json()) as { status: string; files?: { html?: { url: string } } };
      assert.notEqual(body.status, 'failed', JSON.stringify(body));
      return body.files?.html ? body : undefined;
    },
    { timeoutMs: 300_000, intervalMs: 1_000, what: 'the report' },
  );
  const html = await (await fetch(`${server.base}${job.files!.html!.url}`, { headers: auth })).text();
  // a backfilled year is its own weather, said so beside the year (issue #49)
  assert.match(
    html,
    /The figures describe the reference year 2024, the weather of that year \(reanalysis\):/,
  );
  const reportStats = await fetch(
    `${server.base}/v1/historical/stats?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}&radius=5`,
    { headers: auth },
  );
  const radius5 = (await reportStats.json()) as Stats;
  assert.equal(radius5.meta.reference_year, 2024);
  const printedNo2 = radius5.air.annual_mean_ugm3.no2!.toFixed(1);
  assert.ok(html.includes(`${printedNo2}`), `the report prints the annual NO2 ${printedNo2}`);
});

test('a year with missing months is refused, naming them, and 2024 keeps serving', async () => {
  const serving = await stats();
  assert.equal(serving.meta.reference_year, 2024);
  serveArchive(replay, {
    ...pattern2024,
    missing: (t) => {
      const month = new Date(t).getUTCMonth();
      return month === 2 || month === 3;
    },
  });
  const refused = await svc(['feeds', 'backfill', '--year', '2023', '--city', 'brussels']);
  assert.equal(refused.code, 1, refused.stdout);
  assert.match(refused.stderr, /2023 is refused/);
  assert.match(refused.stderr, /March/);
  assert.match(refused.stderr, /April/);
  assert.doesNotMatch(refused.stderr, /January|May \(/);
  const still = await stats();
  assert.equal(still.meta.reference_year, 2024);
  assert.deepEqual(still.air, serving.air);
});

test('--reset switches back to the package year on the running server', async () => {
  const reset = await svc(['feeds', 'backfill', '--reset']);
  assert.equal(reset.code, 0, reset.stderr);
  assert.ok(JSON.parse(reset.stdout).reset.includes('brussels'));
  const back = await until(
    async () => {
      const answer = await stats();
      return answer.meta.reference_year === 2025 ? answer : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 1_000, what: 'reference_year 2025 again' },
  );
  assert.ok(!back.meta.sources.some((s) => s.id === 'open-meteo-archive'));
  assert.equal(await cityYear(), 2025);
});
