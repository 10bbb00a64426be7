/**
 * How the process shuts down (SIGTERM/SIGINT, or a test closing its composition), within
 * one deadline derived from the configured drain deadline (DRAIN_MS):
 *
 *   signal ── drain (in-flight requests finish) ── drain deadline ── closes ── deadline
 *   0                                               DRAIN_MS              DRAIN_MS + CLOSE_GRACE_MS
 *
 * Everything the process holds is closed in phases (requests, then the work that uses
 * the stores and the threads, then the threads and the stores, then telemetry); the
 * steps of a phase close together. Each phase may run until its own deadline: the time left until
 * the shutdown deadline, shared equally among the phases still to close (the requests'
 * phase first waits for the drain deadline), so that one dependency that hangs costs its
 * share and never the closes after it. A step past its phase's deadline is abandoned
 * (its sockets dropped) and the shutdown goes on. ops/README.md ("Shutdown").
 */

/**
 * The time the closes may take after the drain deadline. The operator contract is "exits
 * within the drain deadline plus 2 s": the last half second is left for the exit itself
 * and for a busy machine's scheduling.
 */
export const CLOSE_GRACE_MS = 1500;
/** the bound promised to operators: past it, a shutdown that is somehow still running is cut (exit 1) */
export const EXIT_LIMIT_MS = 2000;

/** One thing the process closes, and the dependency it waits on while closing. */
export interface CloseStep {
  /** what is closed, e.g. `report queue` */
  name: string;
  /** what it depends on, named as the fault log names it: `redis`, `database`, `chromium`, … */
  dependency: string;
  /**
   * resolves once closed cleanly; throws (with the reason) when it closed without being
   * able to say goodbye, e.g. the server it talks to was unreachable
   */
  close(): Promise<void>;
  /** called when the step ran past its deadline: drop whatever it still holds open */
  abandon?(): void;
}

/** A phase: steps closed together, after the phases before it. */
export interface ClosePhase {
  steps: CloseStep[];
  /** this phase waits for this moment anyway (the drain deadline): its share of the time starts there */
  runsUntilAtLeast?: number;
}

export interface NotClosedCleanly {
  step: string;
  dependency: string;
  /** `deadline`: still closing when its time was up; else why it failed */
  reason: string;
}

export interface ShutdownDeadlines {
  /** in-flight requests may run until here, then their connections are closed */
  drainAt: number;
  /** every close is done or abandoned by here */
  closedBy: number;
}

export function shutdownDeadlines(signalAt: number, drainMs: number): ShutdownDeadlines {
  return { drainAt: signalAt + drainMs, closedBy: signalAt + drainMs + CLOSE_GRACE_MS };
}

/** Closes the phases in order within `closedBy`; what was not closed cleanly (empty when all was). */
export async function closeInPhases(
  phases: readonly ClosePhase[],
  closedBy: number,
  clock: () => number = Date.now,
): Promise<NotClosedCleanly[]> {
  const unclean: NotClosedCleanly[] = [];
  for (const [index, phase] of phases.entries()) {
    const now = clock();
    const from = Math.max(now, phase.runsUntilAtLeast ?? now);
    const deadline = Math.min(closedBy, from + (closedBy - from) / (phases.length - index));
    const outcomes = await Promise.all(phase.steps.map((step) => closeBy(step, deadline - now)));
    outcomes.forEach((reason, stepIndex) => {
      const step = phase.steps[stepIndex] as CloseStep;
      if (reason !== null) unclean.push({ step: step.name, dependency: step.dependency, reason });
    });
  }
  return unclean;
}

/** null when the step closed cleanly within `ms`; else the reason it did not. */
async function closeBy(step: CloseStep, ms: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, ms));
  });
  try {
    const outcome = await Promise.race([
      Promise.resolve()
        .then(() => step.close())
        .then(
          () => null,
          (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'failed',
        ),
      late,
    ]);
    if (outcome !== 'late') return outcome;
    try {
      step.abandon?.();
    } catch {
      // dropping a socket that is already gone
    }
    return 'deadline';
  } finally {
    clearTimeout(timer);
  }
}

/** The one log line of a shutdown that left something not closed cleanly (ops/README.md, "Shutdown"). */
export function notClosedCleanlyLine(unclean: readonly NotClosedCleanly[]) {
  return {
    fields: {
      event: 'shutdown.not_closed_cleanly',
      dependencies: [...new Set(unclean.map((entry) => entry.dependency))],
      steps: unclean,
    },
    message: 'shutdown: not closed cleanly',
  };
}
