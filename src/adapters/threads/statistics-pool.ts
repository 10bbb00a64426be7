import type { Worker } from 'node:worker_threads';
import { ModelUnavailableError } from '../../domain/errors/failures.ts';
import type { CellColumns } from '../../domain/stats/index.ts';
import { startModuleWorker } from './module-worker.ts';
import type { StatisticsPool, StatisticsReferences } from './port.ts';
import type { StatisticsReply, StatisticsTask } from './statistics-protocol.ts';

export type { StatisticsPool } from './port.ts';

const COLUMNS = ['no2', 'pm25', 'pm10', 'ucomfort', 'ugust', 'utci'] as const;

/** A copy of a cell's columns as typed arrays the worker can take over. */
function ownColumns(cell: CellColumns): Record<(typeof COLUMNS)[number], Float32Array> {
  return {
    no2: new Float32Array(cell.no2),
    pm25: new Float32Array(cell.pm25),
    pm10: new Float32Array(cell.pm10),
    ucomfort: new Float32Array(cell.ucomfort),
    ugust: new Float32Array(cell.ugust),
    utci: new Float32Array(cell.utci),
  };
}

/**
 * The statistics threads hold nothing between tasks: a small young generation keeps each
 * one's resident memory down (V8 reserves 3 × 16 MB by default; docs/performance.md).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

function startWorker(): Worker {
  return startModuleWorker(import.meta.url, 'statistics-worker', { resourceLimits: WORKER_LIMITS });
}

export function createStatisticsPool(size: number): StatisticsPool {
  const waiting = new Map<
    number,
    { resolve: (b: StatisticsReply['blocks']) => void; reject: (e: Error) => void }
  >();
  const busy = new Map<Worker, number>();
  let nextId = 1;
  let workers: Worker[] = [];

  function spawn(): Worker {
    const worker = startWorker();
    worker.on('message', (reply: StatisticsReply) => {
      busy.set(worker, Math.max(0, (busy.get(worker) ?? 1) - 1));
      const waiter = waiting.get(reply.id);
      if (!waiter) return;
      waiting.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.blocks);
      else waiter.reject(new ModelUnavailableError(`statistics failed: ${reply.error}`));
    });
    worker.on('error', (error) => {
      const failure = new ModelUnavailableError(`statistics worker failed: ${error.message}`, {
        cause: error,
      });
      for (const waiter of waiting.values()) waiter.reject(failure);
      waiting.clear();
      workers = workers.map((w) => (w === worker ? spawn() : w));
    });
    worker.unref();
    busy.set(worker, 0);
    return worker;
  }
  workers = Array.from({ length: Math.max(1, size) }, spawn);

  function post(
    worker: Worker,
    hours: Float64Array,
    cells: readonly CellColumns[],
    references: StatisticsReferences,
  ): Promise<StatisticsReply['blocks']> {
    const id = nextId++;
    // copies, so that the caller's arrays stay usable; the copies move without another copy
    const ownHours = hours.slice();
    const ownCells = cells.map(ownColumns);
    const transfer: ArrayBuffer[] = [
      ownHours.buffer as ArrayBuffer,
      ...ownCells.flatMap((cell) => COLUMNS.map((c) => cell[c].buffer as ArrayBuffer)),
    ];
    busy.set(worker, (busy.get(worker) ?? 0) + 1);
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      const task: StatisticsTask = { id, hours: ownHours, cells: ownCells, references };
      worker.postMessage(task, transfer);
    });
  }

  return {
    pendingTasks: () => waiting.size,
    compute(hours, cells, references) {
      const worker = workers.reduce((a, b) => ((busy.get(a) ?? 0) <= (busy.get(b) ?? 0) ? a : b));
      return post(worker, hours, cells, references);
    },
    async close() {
      const all = workers;
      workers = [];
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
