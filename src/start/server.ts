import cluster from 'node:cluster';
import { createFaultLog } from '../adapters/faults/fault-log.ts';
import { StorageStartError } from '../adapters/store/database.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { DependencyUnavailableError } from '../domain/errors/dependency.ts';
import { startProcessLauncher } from '../runtime/one-shot-process.ts';
import { runPrimary } from './cluster.ts';
import { compose, WARM_UP_LIMIT_MS } from './compose.ts';
import { keepHeapBoundToEventLoop } from './event-loop-heap.ts';
import { logProcessFaults } from './process-faults.ts';
import { EXIT_LIMIT_MS } from './shutdown.ts';

/** `npm start`: serve the API until SIGTERM/SIGINT, then drain in-flight requests and exit 0. */
async function main(): Promise<void> {
  keepHeapBoundToEventLoop();
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`configuration error: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (config.httpWorkers > 1 && cluster.isPrimary) {
    // WORKERS: this process forks and supervises the HTTP processes (start/cluster.ts)
    await runPrimary(config);
    return;
  }
  const faults = createFaultLog({ level: config.logLevel });
  logProcessFaults(faults);
  // the process that forks the city builds, forked now while this process is small and
  // serves nothing: a fork of the running server stalls its event loop (#38, process-spawner.ts)
  startProcessLauncher();
  const composition = await compose(config, { faults });
  const { app } = composition;
  let stopping = false;
  /**
   * SIGTERM: stop accepting, let in-flight requests finish for up to DRAIN_MS, then close
   * the connections that remain, hand the report worker's job back and close everything
   * else, each close bounded (start/shutdown.ts): exit 0 within DRAIN_MS + 2 s, with one
   * line naming what could not be closed cleanly.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const signalAt = Date.now();
    app.log.info({ signal, drain_ms: config.drainMs }, 'draining in-flight requests');
    // every close has its deadline: this only fires on a bug in that bookkeeping
    const hard = setTimeout(() => {
      app.log.error({ signal }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, config.drainMs + EXIT_LIMIT_MS);
    hard.unref();
    const unclean = await composition.shutdown(signalAt);
    app.log.info(
      { signal, elapsed_ms: Date.now() - signalAt, not_closed_cleanly: unclean.length },
      'shut down',
    );
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await composition.start();
  await composition.warmedUp(WARM_UP_LIMIT_MS);
  await app.listen({ port: config.port, host: config.host });
}

/** One line naming what to fix: the variable and its value (never a password). */
function startFailure(error: unknown): string {
  if (error instanceof StorageStartError) return error.message;
  if (error instanceof DependencyUnavailableError) {
    const variable =
      error.dependency === 'redis' ? 'REDIS_URL' : error.dependency === 'disk' ? 'DATA_DIR' : 'DATABASE_URL';
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    return `${variable}: the ${error.dependency} is unavailable at start-up (${cause})`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

main().catch((error: unknown) => {
  process.stderr.write(`svc-api failed to start: ${startFailure(error)}\n`);
  process.exit(1);
});
