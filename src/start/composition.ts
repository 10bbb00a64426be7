import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { FaultLog } from '../adapters/faults/fault-log.ts';
import type { OpenedDatabase } from '../adapters/store/database.ts';
import type { KeyRepository } from '../adapters/store/keys.ts';
import type { MicroclimateModel } from '../model/microclimate-model.ts';
import type { Counters } from '../services/ports/counters-port.ts';
import type { PdfRenderer } from '../services/reports/pdf-renderer-port.ts';
import type { NotClosedCleanly } from './shutdown.ts';

/**
 * Everything the process holds open, built once from the parsed config. Building starts
 * nothing: `start()` starts the report worker, the catalog warm-up and the statistics
 * prefetch (the server calls it before listening; tests call it when they need them).
 */
export interface Composition {
  app: FastifyInstance;
  database: OpenedDatabase;
  keys: KeyRepository;
  counters: Counters;
  /** the port of the metrics listener (METRICS_PORT, or the one chosen for 0); null when off or not started */
  readonly metricsPort: number | null;
  start(): Promise<void>;
  /**
   * settles when the start-up warm-up (the map's value ranges of the current hours, the
   * statistics' references) is done or `limitMs` has passed, whichever is first: the
   * server waits for it before listening, so its first catalog and first statistics do
   * not wait on seconds of model work (ranges and references are durable, so a restart
   * finds them at once)
   */
  warmedUp(limitMs: number): Promise<void>;
  /**
   * settles when all the work `start()` sets off has finished (the warm-up, then the PDF
   * thread's loading of the browser library) or `limitMs` has passed: benchmarks measure
   * a server that has stopped using CPU for its start
   */
  startupSettled(limitMs: number): Promise<void>;
  /**
   * Drains and closes everything within the drain deadline (config.drainMs) plus
   * CLOSE_GRACE_MS from `signalAt` (shutdown.ts). Resolves, never throws: with what
   * could not be closed cleanly, which it also logs as one line.
   */
  shutdown(signalAt?: number): Promise<NotClosedCleanly[]>;
  /** `shutdown()` now, for tests and benchmarks */
  close(): Promise<void>;
}

/** What a test or a benchmark swaps; everything else comes from the config. */
export interface ComposeOverrides {
  clock?: () => number;
  /** quiet logs in tests */
  logger?: boolean;
  /** where the logs (the process's and the requests') write, also with `logger: false`; stdout by default (tests) */
  logDestination?: DestinationStream;
  /** the compute back end (default: the embedded model in MODEL_DIR); closed with the composition */
  model?: MicroclimateModel;
  /** the report PDF renderer (default: Chromium) */
  pdf?: PdfRenderer;
  /** the fault log the process-level handlers already write to (server.ts) */
  faults?: FaultLog;
  /**
   * false: `start()` sets off no start-up work (catalog and references warm-up, thread
   * exercises, PDF check), for tests of other things: it is seconds of CPU per started
   * service, which a suite starting dozens of them on two cores pays in wall time. A
   * server always does it; the tests of the warm-up itself keep it.
   */
  startUpWork?: boolean;
}
