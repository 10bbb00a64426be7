import { startStallSampler } from './event-loop-stall.ts';

/**
 * Preloaded into a real server process (`node --import tsx --import <this file>
 * src/start/server.ts`, spawned with an IPC channel): samples the server's own event loop
 * (event-loop-stall.ts) and, asked 'longest-stall', answers the longest stall and the longest
 * block (event-loop-stall.ts) since the previous question. The server's code is not changed, and neither the ticks nor the
 * channel keep it from exiting.
 */
const sampler = startStallSampler();
process.on('message', (message) => {
  if (message === 'longest-stall') {
    const { stallMs, blockMs } = sampler.take();
    process.send?.({ longestStallMs: stallMs, longestBlockMs: blockMs });
  }
});
process.channel?.unref();
