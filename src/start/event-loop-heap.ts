import { setFlagsFromString } from 'node:v8';

/**
 * `npm start` bounds the event loop's old generation (`--max-old-space-size`): without a
 * bound V8 let it grow to ~180 MB between collections for ~50 MB of live objects, and the
 * resident set after the memory benchmark's first 100,000 requests read 460–490 MB
 * (docs/performance.md, "Memory"). The worker threads (model, statistics, PDF) would
 * inherit that bound, since the flag wins over a Worker's resourceLimits, and collect
 * more often (cold statistics' p95 went from ~15 to ~30 ms); the flag only sizes an
 * isolate when it is created, so clearing it once this one runs gives every thread
 * started later V8's usual bound. Call before the first thread starts.
 */
export function keepHeapBoundToEventLoop(): void {
  setFlagsFromString('--max-old-space-size=0');
}
