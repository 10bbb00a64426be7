import { parentPort } from 'node:worker_threads';
import {
  type AirColumns,
  computeAirBlock,
  computeThermalBlock,
  computeWindBlock,
  LocalCalendars,
  type ThermalColumns,
  tallyAir,
  type WindColumns,
} from '../../domain/stats/index.ts';
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
    const blocks: StatisticsReply['blocks'] = {};
    if (task.blocks.includes('air')) {
      const air = computeAirBlock({ hours, cells: cells as AirColumns[], calendar }, task.references.air);
      if (air) blocks.air = air;
    }
    if (task.blocks.includes('wind')) {
      const wind = computeWindBlock({ hours, cells: cells as WindColumns[], calendar });
      if (wind) blocks.wind = wind;
    }
    if (task.blocks.includes('thermal')) {
      const thermal = computeThermalBlock(
        { hours, cells: cells as ThermalColumns[], calendar },
        task.references.thermal,
      );
      if (thermal) blocks.thermal = thermal;
    }
    reply = { id: task.id, ok: true, blocks };
    if (task.tallyAirFrom !== undefined) {
      reply.airTallies = tallyAir(cells.slice(task.tallyAirFrom) as AirColumns[], hours.length);
    }
  } catch (error) {
    reply = {
      id: task.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      blocks: {},
    };
  }
  const tallies = reply.airTallies;
  parentPort!.postMessage(
    reply,
    tallies
      ? [tallies.classSum, tallies.graded, tallies.dominant].map((counts) => counts.buffer as ArrayBuffer)
      : [],
  );
  // the columns were taken over for this task alone
  releaseBuffers(columnBuffers(task));
});

function* columnBuffers(task: StatisticsTask): Iterable<ArrayBufferLike> {
  yield task.hours.buffer;
  for (const cell of task.cells)
    for (const column of Object.values(cell)) if (ArrayBuffer.isView(column)) yield column.buffer;
}
