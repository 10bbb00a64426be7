import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../helpers/instances.ts';

const run = promisify(execFile);

/**
 * The fault tests' own servers, which they stop and start at will: never the shared
 * PostgreSQL and Redis of the machine. Each listens on a spare loopback port.
 */
export interface OwnServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

async function waitFor(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A redis-server that can also be frozen: it keeps its connections open and answers nothing. */
export interface OwnRedis extends OwnServer {
  /** SIGSTOP: connections stay open, commands get no answer (a hung server) */
  pause(): void;
  /** SIGCONT */
  resume(): void;
}

/** redis-server on a spare port, no persistence. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(
      async () => (await run('redis-cli', ['-p', String(port), 'ping'])).stdout.trim() === 'PONG',
      10_000,
      'redis-server',
    );
  };
  const stop = async () => {
    const current = child;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  const signal = (name: NodeJS.Signals) => {
    const current = child as ChildProcess | null;
    if (current && current.exitCode === null) current.kill(name);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    // SIGKILL ends a stopped process too
    destroy: stop,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
  };
}

/** The newest PostgreSQL server binaries installed (Debian layout). */
function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** Runs a PostgreSQL tool as the postgres user (initdb refuses root). */
async function asPostgres(command: string): Promise<void> {
  if (process.getuid?.() === 0) await run('su', ['postgres', '-c', command]);
  else await run('sh', ['-c', command]);
}

/**
 * A throw-away PostgreSQL cluster (initdb into a temporary directory, trust auth on
 * loopback), so that a test can stop it with `-m immediate` as a crash would.
 */
export async function startOwnPostgres(): Promise<OwnServer> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'svc-faults-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, uid, Number(gid.trim()));
  }
  const data = join(dir, 'data');
  await asPostgres(`${bin}/initdb -D ${data} -A trust -U postgres --no-sync >/dev/null`);
  const ctl = (args: string) => asPostgres(`${bin}/pg_ctl -D ${data} ${args}`);
  const start = async () => {
    await ctl(
      `-w -t 30 -l ${dir}/log -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60" start >/dev/null`,
    );
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => ctl('-m immediate -w stop >/dev/null'),
    async destroy() {
      await ctl('-m immediate -w stop >/dev/null').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
