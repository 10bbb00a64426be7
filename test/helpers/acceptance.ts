import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CLI_ENTRY, SERVER_ENTRY } from './built-service.ts';
import { BUSY_MACHINE_ENV, SERVER_START_GUARD_MS } from './busy-machine.ts';

const execFileAsync = promisify(execFile);

/** The repository root (two levels above this file). */
export const ROOT = resolve(import.meta.dirname, '..', '..');
/** Generated model morphology, shared by every test process. */
export const MODEL_DIR = join(tmpdir(), 'svc-test-model-cache');

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A free TCP port on 127.0.0.1: listen on port 0, read the port, close. */
export async function freePort(): Promise<number> {
  return await new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** What `keys create` prints: the secret plus the key-information fields. */
export interface CreatedKey {
  key: string;
  id: string;
  label: string;
  type: 'sk' | 'pk';
  cities: string[];
  products: string[];
  metrics: string[];
  horizons: string[];
  limits: { rate_per_min: number; reports_per_day: number };
  origins: string[];
  created: string;
  expires_at: string | null;
}

export interface Server {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** origin + /v1 */
  base: string;
  dataDir: string;
  docsUrl: string;
  process: ChildProcess;
  /** fetch a path relative to /v1 (or an absolute URL) */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** `npm run --silent svc -- keys create --label … <args>` against the same DATA_DIR */
  createKey(args?: string[]): Promise<CreatedKey>;
  /** `npm run --silent svc -- keys revoke KEY` */
  revokeKey(key: string): Promise<void>;
  /** the CLI itself, for its own exit status and output */
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** sends a signal and resolves with the exit code */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** stop and remove the data directory */
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** how long to wait for /v1/health = 200 */
  readyTimeoutMs?: number;
  /** forward the server's stdout (its logs) to this process's stderr, for debugging */
  forwardLogs?: boolean;
}

/** Starts the real server as a child process and waits until GET /v1/health answers 200. */
export async function startServer(options: StartOptions = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-acceptance-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MODEL_DIR,
    LOG_LEVEL: 'silent',
    ...BUSY_MACHINE_ENV,
    ...options.env,
  };
  // the test runner's own flags must not leak into the child
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', options.forwardLogs ? 'pipe' : 'ignore', 'pipe'],
  });
  child.stdout?.pipe(process.stderr);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-20_000);
  });
  const exited = new Promise<number | null>((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    child.on('exit', (code) => done(code));
  });
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const origin = `http://127.0.0.1:${port}`;
  const base = `${origin}/v1`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? SERVER_START_GUARD_MS);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode} before ready:\n${stderr}`);
    try {
      const response = await fetch(`${base}/health`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within the timeout:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const cliEnv: NodeJS.ProcessEnv = { ...env };
  const cli = async (args: string[]) => {
    try {
      const { stdout, stderr: err } = await execFileAsync(process.execPath, [CLI_ENTRY, ...args], {
        cwd: ROOT,
        env: cliEnv,
        maxBuffer: 1 << 20,
      });
      return { code: 0, stdout, stderr: err };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return {
        code: typeof e.code === 'number' ? e.code : 1,
        stdout: e.stdout ?? '',
        stderr: e.stderr ?? '',
      };
    }
  };

  let stopped: Promise<number | null> | null = null;
  const server: Server = {
    origin,
    base,
    dataDir,
    docsUrl: options.env?.DOCS_URL ?? `${base}/docs`,
    process: child,
    fetch(path, init) {
      return fetch(path.startsWith('http') ? path : `${base}${path}`, init);
    },
    async createKey(args = []) {
      const withType = args.includes('--type') ? args : ['--type', 'sk', ...args];
      const withLabel = withType.includes('--label') ? withType : ['--label', 'acceptance', ...withType];
      const result = await cli(['keys', 'create', ...withLabel]);
      if (result.code !== 0) throw new Error(`keys create failed (${result.code}): ${result.stderr}`);
      return JSON.parse(result.stdout) as CreatedKey;
    },
    async revokeKey(key) {
      const result = await cli(['keys', 'revoke', key]);
      if (result.code !== 0) throw new Error(`keys revoke failed (${result.code}): ${result.stderr}`);
    },
    cli,
    stop(signal = 'SIGTERM') {
      if (!stopped) {
        stopped = exitCode !== undefined ? Promise.resolve(exitCode) : exited;
        if (exitCode === undefined) child.kill(signal);
      }
      return stopped;
    },
    async close() {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await server.stop();
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Reads a response body as JSON (any content type). */
export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return JSON.parse(await response.text()) as T;
}

/** Bearer authorisation headers for a key. */
export function bearer(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${key}`, ...extra };
}

/** Every response: X-Request-Id is a UUID v4. */
export function requestIdOf(response: Response): string {
  const id = response.headers.get('x-request-id');
  if (!id || !UUID_V4.test(id)) throw new Error(`X-Request-Id is not a UUID v4: ${id}`);
  return id;
}

export interface Problem {
  type: string;
  code: string;
  title: string;
  status: number;
  detail: string;
  request_id: string;
}

/**
 * Checks a problem document literally: status, application/problem+json, the six fields
 * with their types, type = {docsUrl}/errors#code and request_id = X-Request-Id (UUID v4).
 */
export async function expectProblem(
  response: Response,
  status: number,
  code: string,
  docsUrl: string,
): Promise<Problem> {
  const text = await response.text();
  const where = `${response.url} → ${response.status} ${text.slice(0, 300)}`;
  if (response.status !== status) throw new Error(`expected ${status} ${code}, got ${where}`);
  const type = response.headers.get('content-type') ?? '';
  if (!/^application\/problem\+json(;|$)/.test(type)) throw new Error(`content-type ${type} for ${where}`);
  const id = requestIdOf(response);
  const body = JSON.parse(text) as Problem;
  const checks: Array<[boolean, string]> = [
    [body.code === code, `code ${body.code} ≠ ${code}`],
    [body.status === status && Number.isInteger(body.status), `status field ${body.status}`],
    [body.type === `${docsUrl}/errors#${code}`, `type ${body.type} ≠ ${docsUrl}/errors#${code}`],
    [typeof body.title === 'string' && body.title.length > 0, 'title'],
    [typeof body.detail === 'string' && body.detail.length > 0, 'detail'],
    [body.request_id === id, `request_id ${body.request_id} ≠ header ${id}`],
  ];
  for (const [ok, message] of checks) if (!ok) throw new Error(`${message} in ${where}`);
  return body;
}

/** Strict point-in-polygon (ray casting) on one ring of [lon, lat] positions. */
export function insideRing(ring: ReadonlyArray<readonly number[]>, lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Grand-Place, Brussels: inside the high-resolution zone. */
export const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
/** Ghent: in Belgium, outside every city. */
export const GHENT = { lat: 51.05, lon: 3.72 };
/** Paris: outside Belgium. */
export const PARIS = { lat: 48.8566, lon: 2.3522 };

/** Replaces one query parameter of a relative or absolute URL (resolved against `origin`). */
export function withParam(url: string, origin: string, name: string, value: string): string {
  const u = new URL(url, origin);
  u.searchParams.set(name, value);
  return u.toString();
}

export { ERROR_CODES, KEY_INFO_FIELDS, SCALE_IDS } from './spec-lists.ts';
