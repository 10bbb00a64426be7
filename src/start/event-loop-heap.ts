import { setFlagsFromString } from 'node:v8';

/**
 * `npm start` bounds the event loop's old generation (`--max-old-space-size`): without a
 * bound V8 let it grow to several times its live objects between collections, and the
 * memory benchmark's row read high or low depending on whether the pages had been given
 * back yet (docs/performance.md, "Memory"). The worker threads (model, statistics, PDF)
 * would inherit that bound, since the flag wins over a Worker's resourceLimits, and collect
 * more often (the cold statistics rows' p95 nearly doubled); the flag only sizes an
 * isolate when it is created, so clearing it once this one runs gives every thread
 * started later V8's usual bound. Call before the first thread starts.
 */
export function keepHeapBoundToEventLoop(): void {
  setFlagsFromString('--max-old-space-size=0');
}
