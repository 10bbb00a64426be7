import { hostname } from 'node:os';

/** What the fault log writes to: pino's two levels it uses (the app's logger once built). */
export interface FaultSink {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

export interface FaultLog {
  /**
   * One structured line for a failure of a dependency (a connection's 'error' event, a
   * failed background task). The same failure repeating (a reconnect loop) is written
   * once per `quietMs` with the number of repeats, so an outage cannot flood the log.
   */
  report(dependency: string, error: unknown, message: string): void;
  /**
   * A request was answered `status` (5xx) because `dependency` failed. The first such
   * answer of a dependency is one warn line at once; the ones that follow within
   * `quietMs` are counted and written as one line when that window ends (`suppressed`,
   * and how many of each status), so an outage writes one line per dependency per
   * `quietMs` whatever the traffic. Never a stack: the failure's type, code and message.
   */
  answered(dependency: string, status: number, error: unknown): void;
  /** the dependency answers again: one line, only if a failure was reported before */
  recovered(dependency: string): void;
  /** from now on, write through the app's logger (same format, same level and redaction) */
  bind(sink: FaultSink): void;
}

/** What a connection's watcher needs of the fault log: its failures and its recoveries. */
export type ConnectionFaults = Pick<FaultLog, 'report' | 'recovered'>;

/** Only the parts of an error an operator needs: never a connection string or a stack of secrets. */
function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(code === undefined ? {} : { code: String(code) }),
    ...(error.cause instanceof Error ? { cause: causeOf(error.cause) } : {}),
  };
}

/** A wrapped driver error by its type and code only: its message may quote a query or a host. */
function causeOf(cause: Error): Record<string, unknown> {
  const code = (cause as { code?: unknown }).code;
  return { type: cause.name, ...(code === undefined ? {} : { code: String(code) }) };
}

/** The requests of one dependency answered 5xx since its window opened. */
interface AnswerWindow {
  suppressed: number;
  statuses: Record<string, number>;
  last: unknown;
}

export function createFaultLog(options: { level: string; quietMs?: number }): FaultLog {
  const quietMs = options.quietMs ?? 5000;
  // until the app exists, lines of the app logger's (pino's) shape go to stdout
  let sink: FaultSink = earlySink(options.level);
  const last = new Map<string, { at: number; repeats: number }>();
  const failing = new Set<string>();
  const answers = new Map<string, AnswerWindow>();
  const seconds = quietMs / 1000;
  // at the end of a window that counted answers, one line for them all opens the next one
  const closeWindow = (dependency: string) => {
    const window = answers.get(dependency);
    if (!window || window.suppressed === 0) {
      answers.delete(dependency);
      return;
    }
    const { suppressed, statuses, last } = window;
    sink.warn(
      { dependency, suppressed, statuses, failure: describe(last) },
      `${suppressed} more request(s) answered ${Object.keys(statuses).join('/')} in ${seconds} s: ${dependency} still failing`,
    );
    answers.set(dependency, { suppressed: 0, statuses: {}, last });
    openWindow(dependency);
  };
  const openWindow = (dependency: string) => setTimeout(() => closeWindow(dependency), quietMs).unref();
  return {
    report(dependency, error, message) {
      failing.add(dependency);
      const err = describe(error);
      const key = `${dependency}:${String(err.code ?? err.message)}`;
      const now = Date.now();
      const seen = last.get(key);
      if (seen && now - seen.at < quietMs) {
        seen.repeats += 1;
        return;
      }
      last.set(key, { at: now, repeats: 0 });
      sink.warn({ dependency, failure: err, ...(seen?.repeats ? { repeats: seen.repeats } : {}) }, message);
    },
    answered(dependency, status, error) {
      const window = answers.get(dependency);
      if (window) {
        window.suppressed += 1;
        window.statuses[status] = (window.statuses[status] ?? 0) + 1;
        window.last = error;
        return;
      }
      answers.set(dependency, { suppressed: 0, statuses: {}, last: error });
      openWindow(dependency);
      sink.warn(
        { dependency, status, failure: describe(error) },
        `a request answered ${status}: ${dependency} failing (more within ${seconds} s are counted on one line)`,
      );
    },
    recovered(dependency) {
      if (!failing.delete(dependency)) return;
      for (const key of last.keys()) if (key.startsWith(`${dependency}:`)) last.delete(key);
      sink.info({ dependency }, `${dependency} available again`);
    },
    bind(next) {
      sink = next;
    },
  };
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** pino's line format (level number, time, pid, hostname, msg), for the moments before the app's logger exists. */
function earlySink(level: string): FaultSink {
  const threshold = LEVELS[level] ?? Number.POSITIVE_INFINITY;
  const write = (value: number) => (fields: Record<string, unknown>, msg: string) => {
    if (value < threshold) return;
    const line = { level: value, time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
  return { info: write(30), warn: write(40), error: write(50) };
}
