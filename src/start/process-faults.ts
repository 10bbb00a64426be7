import type { FaultLog } from '../adapters/faults/fault-log.ts';

/**
 * Last line of defence: a promise nobody awaited that rejects, or an exception nobody
 * caught, is written to the log as one structured line (with its stack, for the bug
 * report) and the process keeps serving. Every known emitter of failures (database
 * clients, Redis connections, the queue, worker threads) has its own handler, so what
 * reaches here is a bug to fix, and taking every in-flight request down with it would
 * turn one bug into an outage. Choice written down in docs/operations.md "Failure behaviour".
 */
export function logProcessFaults(faults: FaultLog): void {
  process.on('unhandledRejection', (reason: unknown) => {
    faults.report('process', reason, 'unhandled promise rejection (bug): logged, process continues');
  });
  process.on('uncaughtException', (error: Error, origin: string) => {
    faults.report('process', error, `uncaught exception (${origin}, bug): logged, process continues`);
  });
}
