import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { SpanAttributes, Tracing } from '../../services/ports/telemetry-port.ts';

export interface OtlpTracing extends Tracing {
  /** exports the spans still buffered and stops */
  shutdown(): Promise<void>;
}

export interface OtlpTracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `${endpoint}/v1/traces` */
  endpoint: string;
  serviceName: string;
  serviceVersion: string;
  /** how long spans wait in the batch before export (the SDK's default is 5 s) */
  exportDelayMs?: number;
}

/**
 * The Tracing port on the OpenTelemetry Node SDK: spans batched and exported over
 * OTLP/HTTP (protobuf), context carried across async work by AsyncLocalStorage and across
 * processes by W3C `traceparent` (incoming HTTP headers, and the context stored with a
 * report job so that its worker's spans join the trace of the POST that created it).
 * Errors mark a span failed with the error's name only: messages may quote user input.
 */
export function createOtlpTracing(options: OtlpTracingOptions): OtlpTracing {
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.serviceVersion,
    }),
    spanProcessors: [
      new BatchSpanProcessor(exporter, { scheduledDelayMillis: options.exportDelayMs ?? 5000 }),
    ],
  });
  // installs the AsyncLocalStorage context manager and the W3C propagator (once per process)
  provider.register();
  const tracer = provider.getTracer('svc-api', options.serviceVersion);

  const fail = (span: Span, error: unknown) => {
    const name = error instanceof Error ? error.name : 'Error';
    const code = (error as { code?: unknown } | null)?.code;
    span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === 'string' ? code : name });
    span.setAttribute('error.type', typeof code === 'string' ? code : name);
  };
  const parentOf = (stored: string | null | undefined): Context =>
    stored ? propagation.extract(ROOT_CONTEXT, { traceparent: stored }) : context.active();

  return {
    enabled: true,
    inSpan(name, attributes, work, parent) {
      return tracer.startActiveSpan(name, { attributes }, parentOf(parent), async (span) => {
        try {
          return await work();
        } catch (error) {
          fail(span, error);
          throw error;
        } finally {
          span.end();
        }
      });
    },
    startServerSpan(name, headers, next) {
      const parent = propagation.extract(ROOT_CONTEXT, headers);
      const span = tracer.startSpan(name, { kind: SpanKind.SERVER }, parent);
      context.with(trace.setSpan(parent, span), next);
      return {
        setAttributes(attributes: SpanAttributes) {
          span.setAttributes(attributes);
        },
        updateName(next: string) {
          span.updateName(next);
        },
        end(error) {
          if (error) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    currentContext() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ?? null;
    },
    async shutdown() {
      await provider.shutdown();
    },
  };
}
