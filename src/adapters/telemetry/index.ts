import { DISABLED_METRICS, DISABLED_TRACING, type Telemetry } from '../../services/ports/telemetry-port.ts';
import { type MetricsServer, startMetricsServer } from './metrics-server.ts';
import type { PrometheusMetrics } from './prometheus.ts';
import type { OtlpTracing } from './tracing.ts';

export interface TelemetrySettings {
  host: string;
  /** METRICS_PORT: the scrape listener's port; undefined: no metrics at all */
  metricsPort: number | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: where spans go; undefined: no tracing at all */
  otlpEndpoint: string | undefined;
  serviceVersion: string;
  /**
   * one of several HTTP processes (WORKERS > 1): its registry is answered to the primary,
   * which alone listens on METRICS_PORT and serves the sum of every worker's metrics
   */
  clusterWorker?: boolean;
}

export interface TelemetryRuntime {
  telemetry: Telemetry;
  /** opens the metrics listener (when configured); resolves to its port, else null */
  listen(): Promise<number | null>;
  /** closes the listener and flushes the spans still buffered */
  close(): Promise<void>;
}

/**
 * Metrics and tracing as configured: each is either its real adapter or the disabled
 * implementation, chosen once here, so call sites never test a flag. prom-client and the
 * OpenTelemetry SDK are loaded only when configured: together they are ~40 MB of resident
 * memory a server without metrics or tracing would hold for nothing (docs/performance.md).
 */
export async function createTelemetry(settings: TelemetrySettings): Promise<TelemetryRuntime> {
  const metrics: PrometheusMetrics | null =
    settings.metricsPort === undefined ? null : (await import('./prometheus.ts')).createPrometheusMetrics();
  const tracing: OtlpTracing | null = settings.otlpEndpoint
    ? (await import('./tracing.ts')).createOtlpTracing({
        endpoint: settings.otlpEndpoint,
        serviceName: 'svc-api',
        serviceVersion: settings.serviceVersion,
      })
    : null;
  let server: MetricsServer | null = null;
  if (metrics && settings.clusterWorker) {
    const { AggregatorRegistry } = await import('prom-client');
    // constructing an aggregator installs prom-client's answer to the primary's requests
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([metrics.registry]);
  }
  return {
    telemetry: { metrics: metrics ?? DISABLED_METRICS, tracing: tracing ?? DISABLED_TRACING },
    async listen() {
      if (!metrics || settings.metricsPort === undefined || settings.clusterWorker) return null;
      server ??= await startMetricsServer(metrics.registry, settings.host, settings.metricsPort);
      return server.port;
    },
    async close() {
      await server?.close();
      await tracing?.shutdown().catch(() => {});
    },
  };
}

/**
 * The primary process of a multi-process server: METRICS_PORT serves the sum of every
 * worker's registry (prom-client's cluster aggregation over the IPC channel).
 */
export async function startClusterMetricsServer(host: string, port: number): Promise<MetricsServer> {
  const { AggregatorRegistry } = await import('prom-client');
  const aggregator = new AggregatorRegistry();
  return startMetricsServer(
    { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() },
    host,
    port,
  );
}
