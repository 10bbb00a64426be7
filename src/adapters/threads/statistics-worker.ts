import { parentPort } from 'node:worker_threads';
import { computeMetricBlocks } from '../../domain/metrics/compute-blocks.ts';
import type { BlockTally } from '../../domain/metrics/metric-module.ts';
import { DEFAULT_REGISTRY } from '../../domain/metrics/registry.ts';
import { LocalCalendars } from '../../domain/stats/index.ts';
import { threadFailure } from '../../runtime/thread-failure.ts';
import { releaseBuffers } from './release-buffers.ts';
import type { StatisticsReply, StatisticsTask } from './statistics-protocol.ts';

/** this thread's calendars: every location's statistics read the same runs of hours */
const calendars = new LocalCalendars();

/** Computes the requested statistics blocks of one location off the main thread. */
parentPort!.on('message', (task: StatisticsTask) => {
  let reply: StatisticsReply;
  try {
    // the pool sends each cell the columns of the blocks asked for (BLOCK_COLUMNS)
    const { hours, cells } = task;
    const calendar = calendars.of(hours);
    const references = task.references as Readonly<Record<string, unknown>>;
    const blocks = computeMetricBlocks(DEFAULT_REGISTRY, { hours, cells, calendar }, references, task.blocks);
    reply = { id: task.id, ok: true, blocks: blocks as StatisticsReply['blocks'] };
    if (task.tally) {
      const group = cells.slice(task.tally.from);
      reply.tallies = {};
      for (const id of task.tally.blocks) reply.tallies[id] = tallyOf(id).of(group, hours.length);
    }
  } catch (error) {
    reply = {
      id: task.id,
      ok: false,
      error: threadFailure(error, () => false),
      blocks: {},
    };
  }
  const tallies = Object.entries(reply.tallies ?? {});
  parentPort!.postMessage(
    reply,
    tallies.flatMap(([id, tally]) => tallyOf(id).transfer(tally)),
  );
  // the columns were taken over for this task alone
  releaseBuffers(columnBuffers(task));
});

/** the tally of a block that splits over threads (its module's `block.tally`) */
function tallyOf(id: string): BlockTally<unknown, unknown, unknown> {
  const tally = DEFAULT_REGISTRY.find(id)?.block.tally;
  if (!tally) throw new Error(`block ${id} does not split over threads`);
  return tally;
}

function* columnBuffers(task: StatisticsTask): Iterable<ArrayBufferLike> {
  yield task.hours.buffer;
  for (const cell of task.cells)
    for (const column of Object.values(cell)) if (ArrayBuffer.isView(column)) yield column.buffer;
}
