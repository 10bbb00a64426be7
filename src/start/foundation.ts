import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { createFaultLog, type FaultLog } from '../adapters/faults/fault-log.ts';
import { createTelemetry } from '../adapters/telemetry/index.ts';
import type { Config } from '../config.ts';
import type { ComposeOverrides } from './composition.ts';
import { createProcessLogger } from './logger.ts';
import type { CloseStep } from './shutdown.ts';
import { openStores } from './stores.ts';
import { serviceVersion } from './version.ts';

/**
 * What shutdown() closes after the requests (shutdown.ts), in two phases: first what uses
 * the stores and the threads (`working`), then the threads, together with the stores
 * (`computing`). Each wiring step registers what it opens as it opens it.
 */
export interface Closers {
  working: CloseStep[];
  computing: CloseStep[];
}

/** The ground every other part of the composition stands on: config, clock, telemetry, logs, stores. */
export interface Foundation {
  config: Readonly<Config>;
  overrides: ComposeOverrides;
  clock: () => number;
  /** one of several HTTP processes on one port (WORKERS > 1, start/cluster.ts) */
  clusterWorker: boolean;
  observability: Awaited<ReturnType<typeof createTelemetry>>;
  telemetry: Awaited<ReturnType<typeof createTelemetry>>['telemetry'];
  log: Logger;
  faults: FaultLog;
  stores: Awaited<ReturnType<typeof openStores>>;
  closers: Closers;
}

export async function layFoundation(
  config: Readonly<Config>,
  overrides: ComposeOverrides,
): Promise<Foundation> {
  const clock = overrides.clock ?? Date.now;
  const clusterWorker = cluster.isWorker;
  const observability = await createTelemetry({ ...config, serviceVersion: serviceVersion(), clusterWorker });
  const { telemetry } = observability;
  const log = createProcessLogger(config, {
    silent: overrides.logger === false,
    destination: overrides.logDestination,
  });
  const faults = overrides.faults ?? createFaultLog({ level: config.logLevel });
  const stores = await openStores(config, clock, faults, telemetry);
  return {
    config,
    overrides,
    clock,
    clusterWorker,
    observability,
    telemetry,
    log,
    faults,
    stores,
    closers: { working: [], computing: [] },
  };
}
