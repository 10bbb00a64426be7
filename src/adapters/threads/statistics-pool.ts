import type { Worker } from 'node:worker_threads';
import { ModelUnavailableError } from '../../domain/errors/failures.ts';
import type { BlockName, CellColumns } from '../../domain/stats/index.ts';
import { startModuleWorker } from './module-worker.ts';
import type { StatisticsPool, StatisticsReferences } from './port.ts';
import { BLOCK_COLUMNS, type StatisticsReply, type StatisticsTask } from './statistics-protocol.ts';

export type { StatisticsPool } from './port.ts';

/**
 * How one location's blocks are shared out when there are several threads: the air block
 * (three columns, the BelAQI grading of every cell-hour) on one, wind and thermal on
 * another, so the two halves run side by side.
 */
const SPLIT: readonly (readonly BlockName[])[] = [['air'], ['wind', 'thermal']];
const WHOLE: readonly (readonly BlockName[])[] = [['air', 'wind', 'thermal']];

/**
 * The columns `blocks` read, to move to a worker: a column that owns its whole buffer is
 * handed over as it is (the caller gave the series up, see StatisticsPool), anything else
 * (a view into a larger buffer, a buffer already handed over) is copied first.
 */
function takeColumns(
  cell: CellColumns,
  blocks: readonly BlockName[],
  moving: Set<ArrayBuffer>,
): Partial<Record<keyof CellColumns, Float32Array>> {
  const own: Partial<Record<keyof CellColumns, Float32Array>> = {};
  for (const block of blocks)
    for (const name of BLOCK_COLUMNS[block]) {
      const column = cell[name];
      const whole =
        column instanceof Float32Array &&
        column.byteOffset === 0 &&
        column.byteLength === column.buffer.byteLength &&
        column.buffer instanceof ArrayBuffer &&
        !moving.has(column.buffer);
      const taken = whole ? column : new Float32Array(column);
      moving.add(taken.buffer as ArrayBuffer);
      own[name] = taken;
    }
  return own;
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
    blocks: readonly BlockName[],
  ): Promise<StatisticsReply['blocks']> {
    const id = nextId++;
    // the hours are shared by every task of a location (and stay with the caller): a copy each
    const ownHours = hours.slice();
    const moving = new Set<ArrayBuffer>([ownHours.buffer as ArrayBuffer]);
    const ownCells = cells.map((cell) => takeColumns(cell, blocks, moving));
    const transfer = [...moving];
    busy.set(worker, (busy.get(worker) ?? 0) + 1);
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      const task: StatisticsTask = { id, hours: ownHours, blocks, cells: ownCells, references };
      worker.postMessage(task, transfer);
    });
  }

  return {
    pendingTasks: () => waiting.size,
    async compute(hours, cells, references) {
      const groups = workers.length > 1 ? SPLIT : WHOLE;
      const idlest = [...workers].sort((a, b) => (busy.get(a) ?? 0) - (busy.get(b) ?? 0));
      const parts = await Promise.all(
        groups.map((blocks, index) => post(idlest[index]!, hours, cells, references, blocks)),
      );
      return Object.assign({}, ...parts) as StatisticsReply['blocks'];
    },
    async close() {
      const all = workers;
      workers = [];
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
