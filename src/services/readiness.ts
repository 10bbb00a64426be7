/**
 * Readiness: can this instance serve keyed traffic right now? Each dependency has a
 * probe that resolves when it is usable and rejects (with a short operator-facing reason)
 * when it is not. Probes run in parallel, each bounded by `timeoutMs`, so the answer
 * itself never hangs on the outage it reports.
 */
import { type Static, Type } from 'typebox';
import { withinDeadline } from '../domain/errors/deadline.ts';
import type { ReadinessProbe } from './readiness-port.ts';

export type { ReadinessProbe } from './readiness-port.ts';

/**
 * One dependency's state, written once: GET /v1/health/ready validates and documents its
 * `checks` with this schema. `detail` says why it is unavailable (no addresses,
 * credentials or paths of other hosts).
 */
export const DependencyStateSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  detail: Type.Optional(Type.String()),
  latency_ms: Type.Integer({ minimum: 0 }),
});
export type DependencyState = Static<typeof DependencyStateSchema>;

/**
 * A part the instance serves without, in a lesser form: shown, never counted against
 * readiness. An outside data feed (the API serves its last good data), the PDF printer
 * (reports complete with their HTML, the PDF pending).
 */
export const DegradableStateSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  detail: Type.Optional(Type.String()),
});
export type DegradableState = Static<typeof DegradableStateSchema>;
export const FeedReadinessSchema = DegradableStateSchema;
export type FeedReadiness = DegradableState;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, DependencyState>;
  /** the live feeds, when configured */
  feeds?: Record<string, FeedReadiness>;
  /** report PDFs: whether they can be printed */
  reports?: DegradableState;
}

export interface Readiness {
  report(): Promise<ReadinessReport>;
}

export function createReadiness(
  probes: ReadinessProbe[],
  options: {
    timeoutMs?: number;
    feeds?: () => Record<string, FeedReadiness> | undefined;
    reports?: () => Promise<DegradableState>;
  } = {},
): Readiness {
  const timeoutMs = options.timeoutMs ?? 1000;
  async function run(probe: ReadinessProbe): Promise<DependencyState> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([probe.check(), timeout]);
      return { status: 'ok', latency_ms: Math.round(performance.now() - started) };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { status: 'unavailable', detail, latency_ms: Math.round(performance.now() - started) };
    } finally {
      clearTimeout(timer);
    }
  }
  /** the reports' state, within the same bound as the probes */
  async function degradable(): Promise<DegradableState | undefined> {
    if (!options.reports) return undefined;
    return withinDeadline(options.reports(), timeoutMs, () => ({
      status: 'degraded' as const,
      detail: `no answer within ${timeoutMs} ms`,
    }));
  }
  return {
    async report() {
      const [states, reports] = await Promise.all([Promise.all(probes.map(run)), degradable()]);
      const checks: Record<string, DependencyState> = {};
      probes.forEach((probe, index) => {
        checks[probe.name] = states[index] as DependencyState;
      });
      const feeds = options.feeds?.();
      return {
        ready: states.every((state) => state.status === 'ok'),
        checks,
        ...(feeds ? { feeds } : {}),
        ...(reports ? { reports } : {}),
      };
    },
  };
}
