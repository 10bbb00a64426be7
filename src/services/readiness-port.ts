/**
 * A dependency's readiness probe, as the readiness check (readiness.ts) calls it: resolves
 * when it is usable, rejects with a short operator-facing reason. The probes of the
 * database, Redis, the model and the feeds are in adapters/faults/probes.ts.
 */
export interface ReadinessProbe {
  name: string;
  check(): Promise<void>;
}
