import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/adapters/store/database.ts';
import { createKeyRepository } from '../../src/adapters/store/keys.ts';
import { parseConfig } from '../../src/config.ts';
import { hashKeySecret } from '../../src/domain/keys/key-secret.ts';
import { quotaCounterName } from '../../src/services/reports/quota.ts';
import { CLI_ENTRY } from '../helpers/built-service.ts';
import { SERVER_START_GUARD_MS } from '../helpers/busy-machine.ts';
import { freePort, type Instance, startInstance, waitHealthy } from '../helpers/instances.ts';
import { keyIssuer } from '../helpers/keys.ts';
import { SHARED_MODEL_DIR } from '../helpers/service.ts';
import { type OwnServer, startOwnPostgres, startOwnRedis } from './processes.ts';

export const BRUSSELS = { lat: 50.8467, lon: 4.3525 };
const ROOT = new URL('../../', import.meta.url).pathname;

export interface FaultDeployment {
  postgres: OwnServer;
  redis: OwnServer;
  instances: Instance[];
  /** a key every test uses (high limits) and its id */
  key: { secret: string; id: string };
  /** a key no instance has seen yet: its lookup needs the database */
  unseenKey: string;
  /** the environment every instance shares (for the CLI) */
  env: Record<string, string>;
  /** `npm run --silent svc -- …` against the deployment; its stdout */
  cli(args: string[]): Promise<string>;
  /** each instance's metrics endpoint, when asked for (`metrics: true`) */
  metricsUrls: string[];
  /** a direct connection to the deployment's database */
  sql(text: string, values?: unknown[]): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/**
 * Two service instances on their own PostgreSQL cluster and redis-server, which the
 * fault tests stop and restart. Instances log at `warn` so that their fault lines can
 * be checked for shape.
 */
export async function startFaultDeployment(
  count = 2,
  options: {
    /** each instance serves its metrics (METRICS_PORT) */
    metrics?: boolean;
    /** more settings for every instance */
    extraEnv?: Record<string, string>;
  } = {},
): Promise<FaultDeployment> {
  const [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
  const dirs: string[] = [];
  const config = parseConfig({ DATABASE_URL: postgres.url, DATA_DIR: tmpdir() });
  const opened = await openDatabase({ dataDir: tmpdir(), databaseUrl: postgres.url });
  const issuer = keyIssuer(createKeyRepository(opened.db), config, Date.now, 'faults');
  const secret = await issuer.createKey(['--rate-per-min', '100000', '--reports-per-day', '1000']);
  const unseenKey = await issuer.createKey(['--rate-per-min', '100000']);
  const row = await opened.db
    .selectFrom('api_keys')
    .select('id')
    .where('hash', '=', hashKeySecret(secret))
    .executeTakeFirstOrThrow();
  await opened.close();
  const shared: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `svc-faults-${randomBytes(4).toString('hex')}:`,
    MODEL_DIR: SHARED_MODEL_DIR,
    MODEL_WORKERS: '1',
    LOG_LEVEL: 'warn',
    TILE_SIGNING_SECRETS: randomBytes(32).toString('hex'),
    ...options.extraEnv,
  };
  const instances: Instance[] = [];
  const metricsUrls: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-faults-'));
    dirs.push(dataDir);
    const metricsPort = options.metrics ? await freePort() : null;
    if (metricsPort) metricsUrls.push(`http://127.0.0.1:${metricsPort}/metrics`);
    instances.push(
      startInstance(String.fromCharCode(65 + index), {
        ...shared,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
      }),
    );
  }
  const sql = async (text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };
  const close = async () => {
    await Promise.all(instances.map((instance) => instance.stop(5000)));
    await Promise.all([postgres.destroy(), redis.destroy()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((instance) => waitHealthy(instance, SERVER_START_GUARD_MS)));
  } catch (error) {
    await close();
    throw error;
  }
  const cliDir = mkdtempSync(join(tmpdir(), 'svc-faults-cli-'));
  dirs.push(cliDir);
  const cli = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [CLI_ENTRY, ...args],
        { cwd: ROOT, env: { ...shared, DATA_DIR: cliDir } },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
  return {
    postgres,
    redis,
    instances,
    key: { secret, id: row.id },
    unseenKey,
    env: shared,
    cli,
    metricsUrls,
    sql,
    close,
  };
}

/**
 * The key's report quota counter today, straight from the database: a test comparing two
 * readings keeps off midnight UTC (clock-edges.ts), when the day's counter changes.
 */
export async function quotaUsed(deployment: FaultDeployment): Promise<number> {
  const rows = await deployment.sql('select value from counters where name = $1', [
    quotaCounterName(deployment.key.id, Date.now()),
  ]);
  return rows.length === 0 ? 0 : Number(rows[0]?.value);
}

export interface Timed {
  status: number;
  ms: number;
  headers: Headers;
  body: string;
}

/** One request with a hard client-side limit, so that a hang shows as a failure, not a stuck test. */
export async function timed(url: string, init: RequestInit = {}, limitMs = 10_000): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(limitMs) });
    const body = await response.text();
    return { status: response.status, ms: performance.now() - started, headers: response.headers, body };
  } catch (error) {
    return {
      status: 0,
      ms: performance.now() - started,
      headers: new Headers(),
      body: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

/** Repeats `attempt` until it returns true; the time it took, or throws past `limitMs`. */
export async function until(attempt: () => Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await attempt()) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every line an instance wrote is one JSON object (no raw stack traces, no ioredis banners). */
export function nonJsonLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
}
