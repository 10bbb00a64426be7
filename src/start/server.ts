import cluster from 'node:cluster';
import { createFaultLog } from '../adapters/faults/fault-log.ts';
import { StorageStartError } from '../adapters/store/database.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { DependencyUnavailableError } from '../domain/errors/dependency.ts';
import { runPrimary } from './cluster.ts';
import { compose, WARM_UP_LIMIT_MS } from './compose.ts';
import { keepHeapBoundToEventLoop } from './event-loop-heap.ts';
import { logProcessFaults } from './process-faults.ts';

/**
 * SIGTERM: stop accepting, let in-flight requests finish for up to DRAIN_MS, then close
 * the connections that remain (a client holding a half-sent request cannot hold the
 * shutdown), stop the report worker (its job is handed back to the queue), exit 0.
 */
export const DRAIN_MS = 10_000;
/** past this, a close step that hangs (a dependency down) no longer holds the exit */
const CLOSE_DEADLINE_MS = DRAIN_MS + 15_000;

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
    await runPrimary(config, { drainMs: DRAIN_MS, closeDeadlineMs: CLOSE_DEADLINE_MS });
    return;
  }
  const faults = createFaultLog({ level: config.logLevel });
  logProcessFaults(faults);
  const composition = await compose(config, { faults });
  const { app } = composition;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drain_ms: DRAIN_MS }, 'draining in-flight requests');
    const drain = setTimeout(() => {
      app.log.warn({ signal }, 'drain deadline passed: closing the connections still open');
      app.server.closeAllConnections();
    }, DRAIN_MS);
    drain.unref();
    const hard = setTimeout(() => {
      app.log.error({ signal }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, CLOSE_DEADLINE_MS);
    hard.unref();
    try {
      await composition.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
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
