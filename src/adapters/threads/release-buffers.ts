import { MessageChannel } from 'node:worker_threads';

/**
 * Frees the memory of `buffers` now instead of at this thread's next garbage collection.
 * A thread that takes over MBs of columns per task and allocates little else collects
 * rarely, so the columns of finished tasks stayed resident: an idle statistics thread held
 * up to 39 MB of them (docs/performance.md, Memory). Each buffer is moved into a message
 * on a channel that is closed at once, which drops the message and the memory with it;
 * the buffers read as detached (length 0) afterwards. Shared memory is left alone.
 */
export function releaseBuffers(buffers: Iterable<ArrayBufferLike>): void {
  const owned = new Set<ArrayBuffer>();
  for (const buffer of buffers) if (buffer instanceof ArrayBuffer && buffer.byteLength > 0) owned.add(buffer);
  if (owned.size === 0) return;
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(null, [...owned]);
  port1.close();
  port2.close();
}
