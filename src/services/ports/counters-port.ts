/**
 * Atomic counters for per-minute rate windows and daily report quotas. The embedded
 * adapter keeps them in the database (so quotas survive restarts and the CLI and server
 * agree); the Redis adapter shares them across instances (adapters/counters/). Key
 * verification, the rate windows and the report quotas count with them.
 */
export interface CounterResult {
  /** value after this call */
  value: number;
  /** whether the increment was applied (false when it would have exceeded `limit`) */
  applied: boolean;
}

export interface Counters {
  /**
   * Adds `by` to the counter `name` unless the result would exceed `limit`, in one atomic
   * step. The counter disappears at `expiresAtMs`. Returns the value after the call.
   */
  incrementWithin(name: string, by: number, limit: number, expiresAtMs: number): Promise<CounterResult>;
  /**
   * The same, answered synchronously: only counters held in this process's memory have
   * it (a database or Redis answers later), so a request counted there takes no promise.
   */
  incrementWithinNow?(name: string, by: number, limit: number, expiresAtMs: number): CounterResult;
  /** current value (0 when absent or expired) */
  read(name: string, nowMs: number): Promise<number>;
  /** gives back `by` units (e.g. a report that could not be enqueued), never below 0 */
  decrement(name: string, by: number): Promise<void>;
  close(): Promise<void>;
}
