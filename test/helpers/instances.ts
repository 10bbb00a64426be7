import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { CLI_ENTRY, SERVER_ENTRY } from './built-service.ts';
import { BUSY_MACHINE_ENV, SERVER_START_GUARD_MS } from './busy-machine.ts';
import { createTempPostgres } from './postgres.ts';
import { SHARED_MODEL_DIR } from './service.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A TCP port nobody listens on right now (never 8080). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port !== 0 && port !== 8080) return port;
  }
}

export interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then the exit code (SIGKILL after `graceMs`) */
  stop(graceMs?: number): Promise<number | null>;
}

export interface Deployment {
  env: Record<string, string>;
  instances: Instance[];
  /** resolves once every instance answers GET /v1/health with 200 */
  ready(): Promise<void>;
  /** `npm run --silent svc -- ...` against the shared DATABASE_URL; stdout */
  cli(args: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function waitHealthy(instance: Instance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited with ${instance.child.exitCode}:\n${instance.output()}`);
    try {
      const response = await fetch(`${instance.base}/v1/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${instance.name} not healthy after ${timeoutMs} ms:\n${instance.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function startInstance(name: string, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    base: `http://127.0.0.1:${env.PORT}`,
    child,
    output: () => output,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Two (or more) real server processes sharing one fresh PostgreSQL database and one
 * Redis (under a prefix of their own), each with its own port and DATA_DIR. Returns
 * once they are spawned; `ready()` waits for them to serve.
 */
export async function startDeployment(
  count = 2,
  /** more settings for every instance and the CLI (e.g. CITIES_POLL_MS) */
  extraEnv: Record<string, string> = {},
  /** settings of one instance only (e.g. its METRICS_PORT) */
  instanceEnv: (index: number) => Promise<Record<string, string>> | Record<string, string> = () => ({}),
): Promise<Deployment> {
  const postgres = await createTempPostgres();
  const redisPrefix = `svc-test-${randomBytes(6).toString('hex')}:`;
  const dirs: string[] = [];
  const instances: Instance[] = [];
  const shared: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    DATABASE_URL: postgres.url,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    MODEL_DIR: SHARED_MODEL_DIR,
    LOG_LEVEL: 'silent',
    ...BUSY_MACHINE_ENV,
    TILE_SIGNING_SECRETS: randomBytes(32).toString('hex'),
    ...extraEnv,
  };
  const close = async () => {
    // an instance the test killed on purpose (kill -9) has no clean exit to check
    const killed = new Set(instances.filter((instance) => instance.child.signalCode === 'SIGKILL'));
    const codes = await Promise.all(instances.map((instance) => instance.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await postgres.drop();
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      await redis.quit();
    }
    const failed = instances
      .map((instance, index) => ({ instance, code: codes[index] }))
      .filter(({ instance, code }) => code !== 0 && !killed.has(instance));
    if (failed.length > 0) {
      const lines = failed.map(
        ({ instance, code }) => `${instance.name} exited ${code}:\n${instance.output()}`,
      );
      throw new Error(`SIGTERM did not exit 0: ${lines.join('\n')}`);
    }
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'svc-scale-'));
      dirs.push(dataDir);
      const env = {
        ...shared,
        ...(await instanceEnv(index)),
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
      };
      instances.push(startInstance(String.fromCharCode(65 + index), env));
    }
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  const healthy = Promise.all(instances.map((instance) => waitHealthy(instance, SERVER_START_GUARD_MS))).then(
    () => {},
  );
  healthy.catch(() => {}); // reported by ready()
  const cliDir = mkdtempSync(join(tmpdir(), 'svc-scale-cli-'));
  dirs.push(cliDir);
  return {
    env: shared,
    instances,
    ready: () => healthy,
    cli(args) {
      return new Promise((resolve, reject) => {
        execFile(
          process.execPath,
          [CLI_ENTRY, ...args],
          { cwd: ROOT, env: { ...shared, DATA_DIR: cliDir } },
          (error, stdout, stderr) => {
            if (error) reject(new Error(`svc ${args.join(' ')} failed: ${error.message}\n${stderr}`));
            else resolve(stdout);
          },
        );
      });
    },
    close,
  };
}
