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
  /** the dependency answers again: one line, only if a failure was reported before */
  recovered(dependency: string): void;
  /** from now on, write through the app's logger (same format, same level and redaction) */
  bind(sink: FaultSink): void;
}

/** Only the parts of an error an operator needs: never a connection string or a stack of secrets. */
function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(code === undefined ? {} : { code: String(code) }) };
}

export function createFaultLog(options: { level: string; quietMs?: number }): FaultLog {
  const quietMs = options.quietMs ?? 5000;
  // until the app exists, lines of the app logger's (pino's) shape go to stdout
  let sink: FaultSink = earlySink(options.level);
  const last = new Map<string, { at: number; repeats: number }>();
  const failing = new Set<string>();
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
      sink.warn({ dependency, err, ...(seen?.repeats ? { repeats: seen.repeats } : {}) }, message);
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
