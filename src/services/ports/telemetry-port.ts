import type {
  CounterName,
  GaugeName,
  HistogramName,
  LabelsOf,
} from '../../domain/telemetry/metric-catalogue.ts';

/**
 * What the services and adapters may tell the outside about their work: metrics
 * (Prometheus, behind METRICS_PORT) and trace spans (OpenTelemetry, behind
 * OTEL_EXPORTER_OTLP_ENDPOINT). Call sites use these small interfaces only; the adapters
 * under src/adapters/telemetry/ implement them, and when a feature is off its
 * implementation does nothing (`DISABLED_TELEMETRY`), so a hook costs one empty call.
 */
export interface Metrics {
  readonly enabled: boolean;
  count<N extends CounterName>(name: N, labels: LabelsOf<N>, by?: number): void;
  observe<N extends HistogramName>(name: N, value: number, labels: LabelsOf<N>): void;
  adjust<N extends GaugeName>(name: N, delta: number, labels: LabelsOf<N>): void;
  /** a gauge read at each scrape (queue depth, pool sizes, job states) */
  sample<N extends GaugeName>(
    name: N,
    read: () => Promise<ReadonlyArray<readonly [LabelsOf<N>, number]>>,
  ): void;
}

/** told the outcome of each look-up of a cache that lives inside a service (metrics) */
export type CacheProbe = (outcome: 'hit' | 'miss' | 'stale') => void;

export type SpanAttributes = Record<string, string | number | boolean>;

/** A span started by a call site that cannot wrap its work in a callback (HTTP hooks). */
export interface SpanHandle {
  setAttributes(attributes: SpanAttributes): void;
  updateName(name: string): void;
  end(error?: boolean): void;
}

export interface Tracing {
  readonly enabled: boolean;
  /** runs `work` inside a child span of the active one (or of `parent`, a stored context) */
  inSpan<T>(
    name: string,
    attributes: SpanAttributes,
    work: () => Promise<T>,
    parent?: string | null,
  ): Promise<T>;
  /**
   * starts a server span continuing the caller's `traceparent` header (if any) and calls
   * `next` with the span active, so that the work `next` starts is its child
   */
  startServerSpan(name: string, headers: Readonly<Record<string, unknown>>, next: () => void): SpanHandle;
  /** the active trace context, serialised (W3C traceparent), to keep with a job; null when off */
  currentContext(): string | null;
}

export interface Telemetry {
  metrics: Metrics;
  tracing: Tracing;
}

const NO_SPAN: SpanHandle = { setAttributes() {}, updateName() {}, end() {} };

export const DISABLED_METRICS: Metrics = {
  enabled: false,
  count() {},
  observe() {},
  adjust() {},
  sample() {},
};

export const DISABLED_TRACING: Tracing = {
  enabled: false,
  inSpan: (_name, _attributes, work) => work(),
  startServerSpan(_name, _headers, next) {
    next();
    return NO_SPAN;
  },
  currentContext: () => null,
};

export const DISABLED_TELEMETRY: Telemetry = { metrics: DISABLED_METRICS, tracing: DISABLED_TRACING };
