/** A dependency's readiness probe: resolves when it is usable, rejects with a short operator-facing reason. */
export interface ReadinessProbe {
  name: string;
  check(): Promise<void>;
}
