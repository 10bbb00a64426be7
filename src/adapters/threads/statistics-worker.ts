import { parentPort } from 'node:worker_threads';
import { computeAirBlock, computeThermalBlock, computeWindBlock } from '../../domain/stats/index.ts';
import type { StatisticsReply, StatisticsTask } from './statistics-protocol.ts';

/** Computes the statistics blocks of one location off the main thread. */
parentPort!.on('message', (task: StatisticsTask) => {
  let reply: StatisticsReply;
  try {
    const input = { hours: task.hours, cells: task.cells };
    const blocks: StatisticsReply['blocks'] = {};
    const air = computeAirBlock(input, task.references.air);
    const wind = computeWindBlock(input);
    const thermal = computeThermalBlock(input, task.references.thermal);
    if (air) blocks.air = air;
    if (wind) blocks.wind = wind;
    if (thermal) blocks.thermal = thermal;
    reply = { id: task.id, ok: true, blocks };
  } catch (error) {
    reply = {
      id: task.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      blocks: {},
    };
  }
  parentPort!.postMessage(reply);
});
