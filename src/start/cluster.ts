import cluster, { type Worker } from 'node:cluster';
import { serveClusterCounters } from '../adapters/counters/cluster.ts';
import { createMemoryCounters } from '../adapters/counters/memory.ts';
import { startClusterMetricsServer } from '../adapters/telemetry/index.ts';
import type { MetricsServer } from '../adapters/telemetry/metrics-server.ts';
import type { Config } from '../config.ts';
import { withinDeadline } from '../domain/errors/deadline.ts';
import { createProcessLogger } from './logger.ts';
import { CLOSE_GRACE_MS, EXIT_LIMIT_MS } from './shutdown.ts';

/**
 * WORKERS > 1: this process is the primary of a node:cluster. It serves no request
 * itself; it forks the HTTP processes (each one the whole service on the shared PORT),
 * owns their shared minute windows (adapters/counters/cluster.ts), serves METRICS_PORT
 * with the sum of their metrics, re-forks one that dies, and on SIGTERM drains them all.
 *
 * Workers start one after another, the next once the previous listens: the first start
 * of a fresh DATA_DIR (model generation, migrations, the signing secret) then happens
 * once, and later workers find it done.
 */
const RESPAWN_FIRST_MS = 200;
const RESPAWN_MAX_MS = 30_000;
/** a worker that lived this long resets the backoff */
const RESPAWN_STABLE_MS = 30_000;

export async function runPrimary(config: Readonly<Config>): Promise<void> {
  const log = createProcessLogger(config).child({ component: 'cluster' });
  const counters = createMemoryCounters();
  let stopping = false;
  let crashes = 0;
  let metrics: MetricsServer | null = null;

  function fork(): Promise<Worker> {
    const worker = cluster.fork();
    const bornAt = Date.now();
    serveClusterCounters(worker, counters);
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - bornAt >= RESPAWN_STABLE_MS) crashes = 0;
      const delay = Math.min(RESPAWN_MAX_MS, RESPAWN_FIRST_MS * 2 ** crashes);
      crashes += 1;
      log.error(
        { pid: worker.process.pid, code, signal, respawn_in_ms: delay },
        'HTTP worker died: forking another',
      );
      setTimeout(() => {
        if (!stopping) fork().catch((error: unknown) => log.error({ err: error }, 'fork failed'));
      }, delay).unref();
    });
    return new Promise((resolve, reject) => {
      worker.once('listening', () => {
        log.info({ pid: worker.process.pid }, 'HTTP worker listening');
        resolve(worker);
      });
      worker.once('exit', (code) => reject(new Error(`HTTP worker exited with code ${code} while starting`)));
    });
  }

  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info(
      { signal, workers: Object.keys(cluster.workers ?? {}).length, drain_ms: config.drainMs },
      'stopping every HTTP worker',
    );
    // each worker exits within DRAIN_MS + CLOSE_GRACE_MS (start/shutdown.ts)
    const hard = setTimeout(() => {
      log.error({ signal }, 'workers did not stop in time: exiting');
      process.exit(1);
    }, config.drainMs + EXIT_LIMIT_MS);
    hard.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const codes = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<number | null>((resolve) => {
            worker.once('exit', (code) => resolve(code));
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await withinDeadline(metrics?.close() ?? Promise.resolve(), EXIT_LIMIT_MS - CLOSE_GRACE_MS, () => {});
    process.exit(codes.every((code) => code === 0) ? 0 : 1);
  }
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (let i = 0; i < config.httpWorkers; i++) {
    try {
      await fork();
    } catch (error) {
      // a worker that cannot start (bad config, storage down) would fail every time: stop
      log.error({ err: error }, 'HTTP worker failed to start');
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      process.exit(1);
    }
  }
  if (config.metricsPort !== undefined)
    metrics = await startClusterMetricsServer(config.host, config.metricsPort);
  log.info({ workers: config.httpWorkers, port: config.port }, 'serving with several HTTP processes');
}
