import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

/**
 * The pinned method (issue #37), for throughput rows: on a machine with two or more cores,
 * while the service and its bare twin are loaded, the measured process (every thread of
 * it) runs on core 0 and the load generator on core 1, so neither steals the other's core
 * and a ratio compares the service with its twin under the same conditions. Latency rows
 * keep every core (the model's threads compute in parallel, as in production). Without
 * `taskset` (util-linux) or with a single core nothing is pinned, and every table says so.
 */
export const PINNED = cpus().length >= 2 && spawnSync('taskset', ['-V']).error === undefined;

export const SERVER_CORE = 0;
export const GENERATOR_CORE = 1;

/** the command, run on `core` when the machine allows pinning */
export function onCore(core: number, command: string, args: readonly string[]): [string, string[]] {
  return PINNED ? ['taskset', ['-c', String(core), command, ...args]] : [command, [...args]];
}

/** how the figures were taken, for the tables */
export function methodNote(): string {
  return PINNED
    ? `throughput pinned: measured process on core ${SERVER_CORE}, load generator on core ${GENERATOR_CORE}; latency rows on every core`
    : 'not pinned (taskset missing or one core): generator and service share the cores';
}

/**
 * Runs `work` with every thread of this process on `core` (threads started meanwhile
 * inherit it), then gives the process every core back.
 */
export async function pinnedWhile<T>(core: number, work: () => Promise<T>): Promise<T> {
  if (!PINNED) return work();
  const all = `0-${cpus().length - 1}`;
  spawnSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    spawnSync('taskset', ['-a', '-p', '-c', all, String(process.pid)], { stdio: 'ignore' });
  }
}
