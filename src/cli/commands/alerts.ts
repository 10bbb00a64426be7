import type { AlertStore } from '../../services/alerts/alert-store-port.ts';
import type { DeliveryWorker } from '../../services/alerts/delivery.ts';
import { testEvent } from '../../services/alerts/new-event.ts';
import { deliveriesView, subscriptionView } from '../../services/alerts/subscription-view.ts';
import type { KeyRepository } from '../../services/key-repository-port.ts';
import { UsageError } from './keys.ts';

export interface AlertsCommandDeps {
  store: AlertStore;
  keys: KeyRepository;
  delivery: DeliveryWorker;
  clock: () => number;
  out: (line: string) => void;
}

const USAGE = 'usage: alerts list [--key-label NAME] | alerts show ID | alerts test ID';

/**
 * `svc alerts list|show|test` (CONTRACT.md): the subscriptions as JSON (never a secret),
 * one with its recent deliveries, and a signed `test` event put in the outbox and
 * delivered at once. Exit code 1 when the test event was not delivered.
 */
export async function runAlertsCommand(argv: string[], deps: AlertsCommandDeps): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'list') {
    let keyIds: string[] | undefined;
    const labels = new Map((await deps.keys.list()).map((key) => [key.id, key.label]));
    if (rest[0] === '--key-label') {
      if (!rest[1]) throw new UsageError(USAGE);
      keyIds = [...labels].filter(([, label]) => label === rest[1]).map(([id]) => id);
    } else if (rest.length > 0) throw new UsageError(USAGE);
    const all = await deps.store.listAll(keyIds);
    deps.out(
      JSON.stringify({
        alerts: all.map((s) => ({ ...subscriptionView(s), key_label: labels.get(s.keyId) ?? null })),
      }),
    );
    return 0;
  }
  const id = rest[0];
  if ((sub !== 'show' && sub !== 'test') || !id || rest.length > 1) throw new UsageError(USAGE);
  const subscription = await deps.store.get(id);
  if (subscription === null) throw new UsageError(`no alert subscription ${id}`);
  if (sub === 'show') {
    const attempts = await deps.store.attempts(id, 20);
    deps.out(JSON.stringify({ ...subscriptionView(subscription), ...deliveriesView(id, attempts) }));
    return 0;
  }
  const event = testEvent(id, deps.clock());
  await deps.store.enqueue(event, deps.clock());
  const response = await deps.delivery.deliverNow(event.id);
  deps.out(
    JSON.stringify({
      event_id: event.id,
      url: subscription.url,
      ...(response === null
        ? { outcome: 'queued', detail: 'a running instance took the event first; see alerts show' }
        : {
            outcome: response.outcome,
            status_code: response.statusCode,
            duration_ms: response.durationMs,
            detail: response.detail,
          }),
    }),
  );
  return response === null || response.outcome === 'delivered' ? 0 : 1;
}
