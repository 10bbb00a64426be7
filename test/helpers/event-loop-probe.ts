import { settle, startStallSampler } from './event-loop-stall.ts';

/**
 * Preloaded into a real server process (`node --import tsx --import <this file>
 * src/start/server.ts`, spawned with an IPC channel): samples the server's own event loop
 * (event-loop-stall.ts) and, asked 'longest-stall', answers the longest gaps (stall, block,
 * work: event-loop-stall.ts) since the previous question. The server's code is not changed, and neither the ticks nor the
 * channel keep it from exiting.
 */
const sampler = startStallSampler();
process.on('message', (message) => {
  if (message === 'longest-stall') void settle().then(() => process.send?.(sampler.take()));
});
process.channel?.unref();
