import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { packageRevision } from '../../src/adapters/cities/package-dir.ts';
import { type CityPackageStore, createCityPackageStore } from '../../src/adapters/cities/package-store.ts';
import { type OpenedDatabase, openDatabase } from '../../src/adapters/store/database.ts';
import type { PackageFiles } from '../../src/domain/coverage/city-package/package.ts';
import { cacheDir } from '../../src/model/embedded/morphology/store.ts';
import { descendants } from '../helpers/descendants.ts';
import type { LoopGaps as LoopGap } from '../helpers/event-loop-stall.ts';
import { freePort } from '../helpers/instances.ts';
import { type LargeCity, largeCityPackage } from '../helpers/large-city.ts';
import { createTempPostgres } from '../helpers/postgres.ts';
import { SHARED_DATA_DIR, sharedDomains } from '../helpers/shared-domains.ts';
import { POINTS, writeTownPackage } from '../helpers/town.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue #38 (1, 5): a city change must not stall an instance, nor leave it holding what it
 * read, nor show a half-removed city. A real server process (as `npm start` runs it, on
 * PostgreSQL, with its own MODEL_DIR, so it rasterises the imported cities itself) serves
 * real-time requests for four cities while a ~11 MB package (49,000 buildings) and a small
 * one are imported and removed through the store, as `svc cities import|remove` does
 * last; then it is stopped while it builds a city, and the build's process goes with it.
 * The server's own event loop is sampled from inside it (helpers/event-loop-probe.ts).
 *
 * Before the fix, each change made the server unzip and parse every stored package on its
 * event loop: importing the small town with the large package stored stalled it for
 * seconds, as did removing the town. Then, with the package read and rasterised on a
 * thread of the server's process, the large import still showed gaps of 220-320 ms under
 * a loaded CI machine's load (the thread's heap collected by the helper threads the event
 * loop's own collections wait for); the build now runs in a child process. Then the large
 * import alone still showed 100-424 ms: a thread of the server forking the build and
 * outline processes held the allocator's locks while the kernel copied the server (the
 * loop stopped at its next allocation), and the server's start-up exercises ran their
 * 50-190 ms stretches in the first change's window; the processes are now forked by a
 * small spawner process, and the exercises yield (docs/cities.md).
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const PROBE = new URL('../helpers/event-loop-probe.ts', import.meta.url).pathname;
/** the bound on the event loop's longest gap during a city change */
const GAP_BOUND_MS = 50;
/**
 * the server's compute deadline: the model drops a removed city this plus 5 s after the
 * catalogue (shorter than the default 25 s, which the test would wait out twice)
 */
const COMPUTE_DEADLINE_MS = 15_000;
/**
 * the longest window of the calibration with no change (each as long as a change took, up
 * to this): the server's own major collections (every 5-7 s under this load, 30-230 ms
 * each on a loaded machine, whose helper threads wait for a core) fall into a window as
 * often as into a change as long
 */
const IDLE_WINDOW_MAX_MS = 20_000;
/** the load's own caches grow the server meanwhile (before the fix: +376 MB for a 95 MB package, or a crash) */
const RSS_MARGIN_MB = 128;

let pg: { url: string; drop(): Promise<void> };
let database: OpenedDatabase;
let store: CityPackageStore;
let server: ChildProcess;
let output = '';
let base: string;
let key: string;
const dirs: string[] = [];

const big: LargeCity = largeCityPackage({
  id: 'bigtown',
  name: 'Bigtown',
  centre: { lat: 51.054, lon: 3.725 }, // Ghent, away from the other cities
  widthM: 2400,
  heightM: 2000,
  spacingM: 9,
});

function townFiles(): PackageFiles {
  const dir = mkdtempSync(join(tmpdir(), 'svc-town-'));
  dirs.push(dir);
  writeTownPackage(dir);
  return Object.fromEntries(
    readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  ) as PackageFiles;
}

/** asks the server's probe for the longest gaps of its event loop since the last question */
function longestGap(): Promise<LoopGap> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: LoopGap) => {
      server.off('exit', onExit);
      resolve(message);
    };
    const onExit = () => reject(new Error(`the server exited:\n${output}`));
    server.once('message', onMessage);
    server.once('exit', onExit);
    server.send('longest-stall');
  });
}

function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function listed(): Promise<string[]> {
  const response = await fetch(`${base}/v1/cities`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { cities: Array<{ id: string }> }).cities.map((c) => c.id);
}

before(async () => {
  await sharedDomains(); // the nationwide grid and the shipped cities are rasterised once
  pg = await createTempPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-changes-'));
  const modelDir = mkdtempSync(join(tmpdir(), 'svc-changes-model-'));
  const cliDir = mkdtempSync(join(tmpdir(), 'svc-changes-cli-'));
  dirs.push(dataDir, modelDir, cliDir);
  // the server's own MODEL_DIR: the shipped cities cached, every imported one built by it
  mkdirSync(cacheDir(modelDir), { recursive: true });
  for (const file of readdirSync(cacheDir(SHARED_DATA_DIR)))
    if (/^(belgium|city-brussels-|city-charleroi-)/.test(file))
      copyFileSync(join(cacheDir(SHARED_DATA_DIR), file), join(cacheDir(modelDir), file));
  database = await openDatabase({ dataDir: cliDir, databaseUrl: pg.url });
  store = createCityPackageStore(database.db);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    MODEL_DIR: modelDir,
    DATABASE_URL: pg.url,
    LOG_LEVEL: 'silent',
    TILE_SIGNING_SECRETS: randomBytes(32).toString('hex'),
    CITIES_POLL_MS: '500',
    COMPUTE_DEADLINE_MS: String(COMPUTE_DEADLINE_MS),
    // as `npm start` runs it
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
  };
  key = await new Promise<string>((resolve, reject) =>
    execFile(
      'npm',
      [
        'run',
        '--silent',
        'svc',
        '--',
        'keys',
        'create',
        '--label',
        'load',
        '--type',
        'sk',
        '--rate-per-min',
        '1000000',
      ],
      { cwd: ROOT, env: { ...env, DATA_DIR: cliDir } },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout).key),
    ),
  );
  server = spawn(
    process.execPath,
    [
      ...(process.env.PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROFILE_DIR] : []),
      '--max-semi-space-size=8',
      '--max-old-space-size=512',
      '--import',
      'tsx',
      '--import',
      PROBE,
      'src/start/server.ts',
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  base = `http://127.0.0.1:${env.PORT}`;
  await until(
    async () => {
      assert.equal(server.exitCode, null, `the server exited:\n${output}`);
      return (await fetch(`${base}/v1/health`).catch(() => null))?.status === 200;
    },
    { timeoutMs: 300_000, intervalMs: 200, what: 'the server to answer /v1/health' },
  );
});

after(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const kill = setTimeout(() => server.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(kill);
  }
  await database?.close();
  await pg?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** the answers of every request sent while it runs, by status; `failures` lists those outside 2xx/4xx */
interface Load {
  statuses: Map<number, number>;
  failures: string[];
  stop(): Promise<void>;
}

/** real-time requests for points in each city, `concurrency` at a time, until stopped */
function startLoad(cities: Array<{ id: string; lat: number; lon: number }>, concurrency: number): Load {
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let running = true;
  let n = 0;
  const loop = async () => {
    while (running) {
      const city = cities[n++ % cities.length]!;
      // a point a little apart each time: the answer is computed, not cached
      const lat = (city.lat + (Math.random() - 0.5) * 0.002).toFixed(6);
      const lon = (city.lon + (Math.random() - 0.5) * 0.003).toFixed(6);
      try {
        const url = `${base}/v1/realtime?lat=${lat}&lon=${lon}`;
        const headers = { 'X-API-Key': key };
        // a kept-alive socket the server closed as the next request went out is reset before
        // any answer (the client's race, seen 1 in ~58,000): that request is sent again, once
        const response = await fetch(url, { headers }).catch((error: Error) => {
          if ((error.cause as { code?: string } | undefined)?.code !== 'ECONNRESET') throw error;
          return fetch(url, { headers });
        });
        const body = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        // a 504 is the compute deadline passing on a machine this loaded: counted, bounded below
        if (response.status === 504 && body.includes('upstream_timeout')) continue;
        if (
          response.status >= 500 ||
          response.status < 200 ||
          (response.status >= 300 && response.status < 400)
        )
          failures.push(`${city.id} ${response.status}: ${body.slice(0, 300)}`);
      } catch (error) {
        failures.push(`${city.id}: ${(error as Error).message} (${String((error as Error).cause)})`);
      }
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    statuses,
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

test('imports and removals under load: no stall past the bound, memory given back, no 5xx', async () => {
  const town = townFiles();
  const load = startLoad(
    [
      { id: 'brussels', lat: 50.8467, lon: 4.3525 },
      { id: 'charleroi', lat: 50.411, lon: 4.445 },
      { id: 'leuven', ...POINTS.park },
      { id: 'bigtown', ...big.centre },
    ],
    3,
  );
  try {
    // the server's start-up work (warm-up of the caches) settles under the load
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const rssBefore = rssMb();

    const gaps: Record<string, LoopGap> = {};
    /** how long each change took to be applied, for the report */
    const took: Record<string, number> = {};
    /**
     * the longest gaps of windows as long as each change's, with the same load and no
     * change: what this machine alone does to the loop (a collection of its heap whose
     * helper threads wait for a core, say), which the run-queue correction cannot see
     */
    const idleGaps: LoopGap[] = [];
    const idleWindow = async (ms: number) => {
      await new Promise((resolve) => setTimeout(resolve, Math.min(IDLE_WINDOW_MAX_MS, Math.max(2_000, ms))));
      idleGaps.push(await longestGap());
    };
    const change = async (name: string, act: () => Promise<unknown>, done: (ids: string[]) => boolean) => {
      await longestGap();
      const started = Date.now();
      await act();
      await until(async () => done(await listed()), {
        timeoutMs: 240_000,
        intervalMs: 250,
        what: `the server to apply: ${name}`,
      });
      gaps[name] = await longestGap();
      took[name] = (Date.now() - started) / 1000;
      await idleWindow(Date.now() - started);
    };
    await change(
      `import ${big.id} (${big.buildings} buildings)`,
      () => store.put(big.id, packageRevision(big.files), big.files, Date.now()),
      (ids) => ids.includes(big.id),
    );
    const rssWithBig = rssMb();
    await change(
      `import leuven with ${big.id} stored`,
      () => store.put('leuven', packageRevision(town), town, Date.now()),
      (ids) => ids.includes('leuven'),
    );
    await change(
      `remove leuven with ${big.id} stored`,
      () => store.remove('leuven'),
      (ids) => !ids.includes('leuven'),
    );
    await change(
      `remove ${big.id} under requests for it`,
      () => store.remove(big.id),
      (ids) => !ids.includes(big.id),
    );
    // the model drops the removed city's domain once its in-flight requests are done
    const grace = COMPUTE_DEADLINE_MS + 5_000 + 2_000;
    await new Promise((resolve) => setTimeout(resolve, grace));
    gaps[`${big.id} dropped by the model`] = await longestGap();
    await idleWindow(grace);

    // memory: back near its level before the imports within a minute of the last change
    const rssAfter = await until(
      () => {
        const rss = rssMb();
        return rss <= rssBefore + RSS_MARGIN_MB && rss;
      },
      { timeoutMs: 60_000, intervalMs: 1_000, what: `RSS back near ${rssBefore.toFixed(0)} MB` },
    ).catch((error: Error) => error);
    await load.stop();

    // the bound, unless this machine's load alone made the loop wait longer; held on
    // the work (the CPU the loop ran instead of turning, less the collector's pauses): the
    // stall also counts the loop waiting on its heap's collector threads while they wait for
    // a core, which on a CI machine running two test files reached 77 ms in an 86 s import
    // whose own work on the loop never did; the block reached 58 ms in an 80 s import under
    // three files (the import's own work stays under 10 ms alone and beside two busy loops,
    // where the collector's pauses in a block reached 34 ms); the heap's size is held by the
    // RSS check; stall, block and pauses are reported
    const boundOf = (pick: (gap: LoopGap) => number) =>
      Math.max(GAP_BOUND_MS, 1.5 * Math.max(...idleGaps.map(pick)));
    const bound = boundOf((gap) => gap.workMs);
    const ms = (gap: LoopGap) =>
      `${gap.workMs.toFixed(0)}/${gap.blockMs.toFixed(0)}(gc ${gap.blockGcMs.toFixed(0)})/${gap.stallMs.toFixed(0)}`;
    const report = `work bound ${bound.toFixed(0)} ms, stall bound ${boundOf((gap) => gap.stallMs).toFixed(
      0,
    )} ms (idle windows, work/block(gc)/stall: ${idleGaps.map(ms).join(', ')} ms); gaps ${JSON.stringify(
      Object.fromEntries(Object.entries(gaps).map(([name, gap]) => [name, ms(gap)])),
    )}; applied in ${JSON.stringify(took, (_, v) => (typeof v === 'number' ? Math.round(v) : v))} s; RSS ${rssBefore.toFixed(0)} MB before, ${rssWithBig.toFixed(0)} with ${big.id}, ${
      typeof rssAfter === 'number' ? rssAfter.toFixed(0) : rssMb().toFixed(0)
    } after; statuses ${JSON.stringify(Object.fromEntries(load.statuses))}`;
    console.log(report);
    assert.deepEqual(load.failures.slice(0, 5), [], `answers outside 2xx/4xx (${load.failures.length})`);
    assert.ok((load.statuses.get(200) ?? 0) > 50, `too few answers to show anything: ${report}`);
    assert.ok((load.statuses.get(422) ?? 0) > 0, 'requests for a city not (or no longer) covered');
    const timeouts = load.statuses.get(504) ?? 0;
    assert.ok(timeouts * 1000 <= [...load.statuses.values()].reduce((a, b) => a + b, 0), `504s: ${report}`);
    for (const [name, gap] of Object.entries(gaps))
      assert.ok(
        gap.workMs <= bound,
        `${name}: the event loop ran ${gap.workMs.toFixed(0)} ms of work without a turn: ${report}`,
      );
    assert.equal(typeof rssAfter, 'number', `${String(rssAfter)}: ${report}`);
  } finally {
    await load.stop();
  }
});

/** the server's processes running `script`: the one-shot processes are its spawner's children */
function childrenRunning(script: string): number[] {
  return descendants(server.pid!).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** a process that exited, whether or not anyone reaped it */
function gone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

test('stopped while it builds a city: the build process does not outlive the server', async () => {
  assert.equal(server.exitCode, null, `the server exited:\n${output}`);
  // another revision of the large package: no rasters cached for it, so it is built
  const manifest = { ...JSON.parse(big.files['city.json']!), name: 'Bigtown rebuilt' };
  const files = { ...big.files, 'city.json': JSON.stringify(manifest, null, 2) };
  await store.put(big.id, packageRevision(files), files, Date.now());
  const [build] = await until(
    () => childrenRunning('build-city-child').length > 0 && childrenRunning('build-city-child'),
    {
      timeoutMs: 120_000,
      intervalMs: 50,
      what: 'the server to start building the city',
    },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  await until(() => gone(build!), {
    timeoutMs: 5_000,
    what: `the build process ${build} to end with the server`,
  });
});
