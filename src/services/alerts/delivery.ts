import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { SIGNATURE_HEADER, signatureHeader } from '../../domain/alerts/signature.ts';
import type { Metrics } from '../ports/telemetry-port.ts';
import type { AlertStore, OutboxEvent } from './alert-store-port.ts';
import type { SecretBox, WebhookResponse, WebhookSender } from './webhook-port.ts';

export interface DeliveryDeps {
  store: AlertStore;
  sender: WebhookSender;
  secrets: SecretBox;
  clock: () => number;
  /** the first retry's delay; each next one doubles (up to an hour), with jitter */
  retryBaseMs: number;
  /** how long an event is retried before it is given up and its subscription marked failing */
  retryForMs: number;
  metrics?: Metrics;
  log?: { warn(fields: object, message: string): void };
  /** how often the outbox is looked at (also right after `kick`) */
  intervalMs?: number;
  /** events claimed at once */
  batch?: number;
  /** how long a claim holds its events: past the sender's timeout, so a live holder never loses them */
  leaseMs?: number;
  random?: () => number;
}

export interface DeliveryWorker {
  start(): void;
  /** looks at the outbox now (an event was just enqueued) */
  kick(): void;
  /**
   * delivers one event now (the CLI's `alerts test`), unless another holder has it in
   * hand; the attempt's response, or null when it was not this caller's to deliver
   */
  deliverNow(eventId: string): Promise<WebhookResponse | null>;
  /** one pass over the due events; resolves when they are settled or handed back */
  runOnce(): Promise<number>;
  close(): Promise<void>;
}

const MAX_DELAY_MS = 3_600_000;

/** the delay before attempt `attempt + 1`: exponential, capped, with "equal jitter" (half fixed, half random) */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number): number {
  const exponential = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

/**
 * Delivers the outbox (at least once): claims due events under a lease, POSTs each signed
 * with its subscription's secret, records the attempt, and settles the event or hands it
 * back for a retry. An instance killed mid-delivery leaves its claims to run out; the
 * event is then claimed again with the same id and body (the receiver dedupes on `id`).
 */
export function createDeliveryWorker(deps: DeliveryDeps): DeliveryWorker {
  const intervalMs = deps.intervalMs ?? 1000;
  const batch = deps.batch ?? 10;
  const leaseMs = deps.leaseMs ?? 30_000;
  const random = deps.random ?? Math.random;
  const instance = randomUUID();
  let claims = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;

  async function attempt(event: OutboxEvent, holder: string): Promise<WebhookResponse | null> {
    const subscription = await deps.store.get(event.subscriptionId);
    const nowMs = deps.clock();
    if (subscription === null) {
      // deleted meanwhile: nothing to deliver to
      await deps.store.settle(event.id, holder, 'failed', nowMs);
      return null;
    }
    const timestampS = Math.floor(nowMs / 1000);
    let response: WebhookResponse;
    try {
      const secret = deps.secrets.open(subscription.secretSealed, subscription.id);
      response = await deps.sender.post(new URL(subscription.url), event.body, {
        [SIGNATURE_HEADER]: signatureHeader(secret, timestampS, event.body),
        'svc-event-id': event.id,
        'svc-event-type': event.type,
        'user-agent': 'svc-api-webhooks/1',
      });
    } catch (error) {
      response = {
        outcome: 'network_error',
        statusCode: null,
        detail: (error as Error).message.slice(0, 200),
        durationMs: 0,
      };
    }
    const settledMs = deps.clock();
    deps.metrics?.count('svc_webhook_deliveries_total', { outcome: response.outcome });
    await deps.store.recordAttempt({
      id: randomUUID(),
      eventId: event.id,
      subscriptionId: subscription.id,
      eventType: event.type,
      attemptedMs: nowMs,
      outcome: response.outcome,
      statusCode: response.statusCode,
      durationMs: response.durationMs,
      detail: response.detail,
    });
    if (response.outcome === 'delivered') {
      await deps.store.settle(event.id, holder, 'delivered', settledMs);
      if (subscription.failingSinceMs !== null) await deps.store.setFailing(subscription.id, null);
      return response;
    }
    if (settledMs - event.createdMs >= deps.retryForMs) {
      await deps.store.settle(event.id, holder, 'failed', settledMs);
      if (subscription.failingSinceMs === null) await deps.store.setFailing(subscription.id, settledMs);
      deps.log?.warn(
        { subscription: subscription.id, event: event.id, outcome: response.outcome },
        'alert event given up after its retry window: subscription marked failing',
      );
      return response;
    }
    await deps.store.retryLater(
      event.id,
      holder,
      settledMs + retryDelayMs(event.attempts + 1, deps.retryBaseMs, random),
    );
    return response;
  }

  async function pass(): Promise<number> {
    const nowMs = deps.clock();
    const holder = `${instance}:${++claims}`;
    const events = await deps.store.claimDue(holder, nowMs, nowMs + leaseMs, batch);
    await Promise.all(
      events.map((event) =>
        attempt(event, holder).catch((error) =>
          deps.log?.warn({ err: error, event: event.id }, 'alert delivery: attempt not recorded'),
        ),
      ),
    );
    return events.length;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let delivered = 0;
      try {
        do {
          again = false;
          const n = await pass();
          delivered += n;
          // a full batch: more may be due, after the loop has turned (the embedded
          // store's queries resolve without I/O: a chain of them would hold the loop)
          if (n === batch) {
            again = true;
            await yieldToLoop();
          }
        } while (again && !closed);
      } catch (error) {
        deps.log?.warn({ err: error }, 'alert delivery: outbox not readable');
      } finally {
        running = null;
      }
      return delivered;
    })();
    return running;
  }

  return {
    start() {
      if (timer || closed) return;
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    kick() {
      if (!closed) void runOnce();
    },
    runOnce,
    async deliverNow(eventId) {
      const nowMs = deps.clock();
      const holder = `${instance}:${++claims}`;
      const event = await deps.store.claimEvent(eventId, holder, nowMs, nowMs + leaseMs);
      return event === null ? null : attempt(event, holder);
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
