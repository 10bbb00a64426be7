import type { Worker } from 'node:worker_threads';
import { ModelUnavailableError } from '../../domain/errors/failures.ts';
import type { BlockTally } from '../../domain/metrics/metric-module.ts';
import { type MetricId as BlockName, DEFAULT_REGISTRY } from '../../domain/metrics/registry.ts';
import { type CellColumns, LocalCalendars } from '../../domain/stats/index.ts';
import { startModuleThread } from '../../runtime/module-thread.ts';
import { ThreadBugError, threadFailure } from '../../runtime/thread-failure.ts';
import type { StatisticsPool, StatisticsReferences } from '../../services/data/statistics-pool-port.ts';
import { exerciseYearInTurns } from './statistics-exercise.ts';
import { planShares, type SharePlan } from './statistics-plan.ts';
import { BLOCK_COLUMNS, type StatisticsReply, type StatisticsTask } from './statistics-protocol.ts';

export type { StatisticsPool } from '../../services/data/statistics-pool-port.ts';

/**
 * The columns `blocks` read, to move to the worker of task `task`: a column moves with its
 * buffer (the caller gave the series up, see StatisticsPool), views included, unless
 * another task of the same computation took that buffer already; then, and for shared
 * memory, it is copied. Buffers to transfer are added to `moving`.
 */
function takeColumns(
  cell: CellColumns,
  blocks: readonly BlockName[],
  task: number,
  claimed: Map<ArrayBuffer, number>,
  moving: Set<ArrayBuffer>,
): Partial<Record<keyof CellColumns, Float32Array>> {
  const own: Partial<Record<keyof CellColumns, Float32Array>> = {};
  for (const block of blocks)
    for (const name of BLOCK_COLUMNS[block]) {
      const column = cell[name];
      const movable =
        column instanceof Float32Array &&
        column.buffer instanceof ArrayBuffer &&
        (claimed.get(column.buffer) ?? task) === task;
      const taken = movable ? column : new Float32Array(column);
      claimed.set(taken.buffer as ArrayBuffer, task);
      moving.add(taken.buffer as ArrayBuffer);
      own[name] = taken;
    }
  return own;
}

/** synthetic years each thread computes every block of after a start (exercise), and their cell counts */
const EXERCISE_CELL_COUNTS = [1, 3, 1, 3];
const EXERCISE_RADIUS_CELLS = 24;
/** every block, and the tallies of every cell of the blocks that split, so that both code paths are compiled */
const ALL_BLOCKS: readonly BlockName[] = DEFAULT_REGISTRY.ids;
const TALLIED_BLOCKS = DEFAULT_REGISTRY.modules
  .filter((metric) => metric.block.tally)
  .map((metric) => metric.id);

/**
 * The statistics threads hold nothing between tasks: a small young generation keeps each
 * one's resident memory down (V8 reserves 3 × 16 MB by default; docs/performance.md).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

function startWorker(): Worker {
  return startModuleThread(import.meta.url, 'statistics-worker', { resourceLimits: WORKER_LIMITS });
}

export function createStatisticsPool(size: number): StatisticsPool {
  const waiting = new Map<
    number,
    { resolve: (reply: StatisticsReply) => void; reject: (e: Error) => void }
  >();
  const busy = new Map<Worker, number>();
  /** the calendars of the hours whose tallies are merged here (the threads keep their own) */
  const calendars = new LocalCalendars();
  let nextId = 1;
  let workers: Worker[] = [];

  function spawn(): Worker {
    const worker = startWorker();
    worker.on('message', (reply: StatisticsReply) => {
      busy.set(worker, Math.max(0, (busy.get(worker) ?? 1) - 1));
      const waiter = waiting.get(reply.id);
      if (!waiter) return;
      waiting.delete(reply.id);
      if (reply.ok) waiter.resolve(reply);
      else
        waiter.reject(
          new ThreadBugError(
            'statistics thread',
            reply.error ?? threadFailure('no error posted', () => false),
          ),
        );
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

  /** one worker's share of a computation: its blocks and the columns they read, taken over */
  interface Share {
    hours: Float64Array;
    blocks: readonly BlockName[];
    cells: StatisticsTask['cells'];
    tally?: StatisticsTask['tally'];
    transfer: ArrayBuffer[];
  }

  function share(
    hours: Float64Array,
    cells: readonly CellColumns[],
    plan: SharePlan,
    task: number,
    claimed: Map<ArrayBuffer, number>,
  ): Share {
    // the hours are shared by every task of a location (and stay with the caller): a copy each
    const ownHours = hours.slice();
    const moving = new Set<ArrayBuffer>([ownHours.buffer as ArrayBuffer]);
    const { blocks, tally } = plan;
    // a share of whole blocks reads every cell (and tallies the last ones); a share of
    // tallies alone reads its group
    const from = blocks.length > 0 ? 0 : (tally?.from ?? 0);
    const to = blocks.length > 0 ? cells.length : (tally?.to ?? cells.length);
    const ownCells = cells.slice(from, to).map((cell, offset) => {
      const index = from + offset;
      const tallied = tally !== undefined && index >= tally.from && index < tally.to;
      return takeColumns(cell, tallied ? [...blocks, ...tally.blocks] : blocks, task, claimed, moving);
    });
    return {
      hours: ownHours,
      blocks,
      cells: ownCells,
      ...(tally ? { tally: { blocks: tally.blocks, from: tally.from - from } } : {}),
      transfer: [...moving],
    };
  }

  function post(worker: Worker, part: Share, references: StatisticsReferences): Promise<StatisticsReply> {
    const id = nextId++;
    busy.set(worker, (busy.get(worker) ?? 0) + 1);
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      const task: StatisticsTask = {
        id,
        hours: part.hours,
        blocks: part.blocks,
        cells: part.cells,
        references,
        ...(part.tally !== undefined ? { tally: part.tally } : {}),
      };
      worker.postMessage(task, part.transfer);
    });
  }

  async function compute(
    hours: Float64Array,
    cells: readonly CellColumns[],
    references: StatisticsReferences,
  ): Promise<StatisticsReply['blocks']> {
    const plans = planShares(cells.length, workers.length);
    const idlest = [...workers].sort((a, b) => (busy.get(a) ?? 0) - (busy.get(b) ?? 0));
    // every share is taken (copies made) before the first one moves its buffers away
    const claimed = new Map<ArrayBuffer, number>();
    const shares = plans.map((plan, index) => share(hours, cells, plan, index, claimed));
    const replies = await Promise.all(shares.map((part, index) => post(idlest[index]!, part, references)));
    const blocks = Object.assign({}, ...replies.map((reply) => reply.blocks)) as StatisticsReply['blocks'];
    // the groups' tallies add up exactly to all cells' (BlockTally): as one thread would
    for (const metric of DEFAULT_REGISTRY.modules) {
      const tally: BlockTally<unknown, unknown, unknown> | undefined = metric.block.tally;
      if (!tally) continue;
      const parts = replies.flatMap((reply) =>
        reply.tallies?.[metric.id] ? [reply.tallies[metric.id]] : [],
      );
      if (parts.length === 0) continue;
      const reference = (references as Readonly<Record<string, unknown>>)[metric.id];
      const block = tally.block(hours, tally.merge(parts), reference, calendars.of(hours));
      if (block) (blocks as Record<string, unknown>)[metric.id] = block;
    }
    return blocks;
  }

  return {
    pendingTasks: () => waiting.size,
    compute,
    async exercise() {
      await Promise.all(
        workers.map(async (worker) => {
          for (const cellCount of EXERCISE_CELL_COUNTS) {
            const { hours, cells } = await exerciseYearInTurns(cellCount);
            const plan = { blocks: ALL_BLOCKS, tally: { blocks: TALLIED_BLOCKS, from: 0, to: cells.length } };
            await post(worker, share(hours, cells, plan, 0, new Map()), {});
          }
        }),
      );
      // and a radius's path through both threads, whose merge runs on this thread
      const { hours, cells } = await exerciseYearInTurns(EXERCISE_RADIUS_CELLS);
      await compute(hours, cells, {});
    },
    async close() {
      const all = workers;
      workers = [];
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
