import { spawn, spawnSync } from 'node:child_process';
import { GENERATOR_CORE, onCore } from './pinning.ts';

/**
 * HTTP load from a separate process, so that the measured server's CPU is not shared
 * with the generator's JavaScript in one event loop: wrk (C, one thread) when the machine
 * has it, else autocannon in a child Node process. On a 2-core machine the generator
 * still takes a core; it is the same program for both sides of every comparison.
 *
 * autocannon in the measured process (the method before 26 Nov) flattered every ratio,
 * its own CPU per request being added to both sides, and it could not parse more than
 * ~4,600 answers of 16 kB per second, so a tile comparison measured the generator.
 */
export const LOAD_GENERATOR: 'wrk' | 'autocannon' =
  spawnSync('wrk', ['--version']).error === undefined ? 'wrk' : 'autocannon';

export interface LoadResult {
  /** answers per second over the run */
  rps: number;
  /** answers received */
  requests: number;
  /** answers outside 2xx/3xx, and socket errors */
  failures: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  seconds: number;
  connections?: number;
}

/** wrk's summary: "N requests in Xs", "Requests/sec:", "Non-2xx or 3xx responses:", "Socket errors:" */
export function parseWrkReport(report: string): LoadResult {
  const requests = Number(/(\d+) requests in/.exec(report)?.[1] ?? Number.NaN);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(report)?.[1] ?? Number.NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(report)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps, requests, failures: non2xx + errors };
}

function commandFor(url: string, options: LoadOptions): [string, string[]] {
  const connections = options.connections ?? 16;
  const headers = options.headers ?? {};
  if (LOAD_GENERATOR === 'wrk') {
    const args = ['-t1', `-c${connections}`, `-d${options.seconds}s`];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    return onCore(GENERATOR_CORE, 'wrk', [...args, url]);
  }
  const script = `require('autocannon')({ url: ${JSON.stringify(url)}, connections: ${connections}, duration: ${options.seconds}, headers: ${JSON.stringify(headers)} }, (e, r) => { if (e) { console.error(e); process.exit(1); } console.log(JSON.stringify({ rps: r.requests.average, requests: r.requests.total, failures: r.non2xx + r.errors })); })`;
  return onCore(GENERATOR_CORE, process.execPath, ['-e', script]);
}

/** Loads `url` for `seconds` from a child process and returns what it measured. */
export function loadFor(url: string, options: LoadOptions): Promise<LoadResult> {
  const [command, args] = commandFor(url, options);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${command} exited with ${code}: ${out}`));
      const result = LOAD_GENERATOR === 'wrk' ? parseWrkReport(out) : (JSON.parse(out) as LoadResult);
      if (!Number.isFinite(result.rps)) return reject(new Error(`${command} printed no rate: ${out}`));
      resolve(result);
    });
  });
}
