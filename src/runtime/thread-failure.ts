/**
 * An exception thrown inside a worker thread, as the thread posts it back. A thread's own
 * failures (an outside thing missing: a domain detached meanwhile) are `expected` and the
 * caller turns them into its failure type; anything else is a bug in the thread's code,
 * re-thrown on the calling side as a ThreadBugError carrying the thread's stack, so that
 * it answers as every bug does (500, logged with where it happened) rather than passing
 * for an outage.
 */
export interface ThreadFailure {
  message: string;
  /** the thread's stack, for the bug's log line */
  stack: string | undefined;
  expected: boolean;
}

/** what a thread posts for `error`; `isExpected` names the failures its code throws on purpose */
export function threadFailure(error: unknown, isExpected: (error: unknown) => boolean): ThreadFailure {
  return {
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
    expected: isExpected(error),
  };
}

/** A bug inside a worker thread: its message, and its stack as the thread saw it. */
export class ThreadBugError extends Error {
  constructor(thread: string, failure: ThreadFailure) {
    super(`${thread}: ${failure.message}`);
    this.name = 'ThreadBugError';
    // where the bug is, not where the reply arrived
    if (failure.stack) this.stack = `ThreadBugError: in the ${thread}, ${failure.stack}`;
  }
}
