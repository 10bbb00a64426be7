import assert from 'node:assert/strict';
import { createAlertStore } from '../../../src/adapters/store/alert-store.ts';
import { createAddressPolicy } from '../../../src/adapters/webhooks/address-policy.ts';
import { createWebhookSender } from '../../../src/adapters/webhooks/http-sender.ts';
import { createSecretBox } from '../../../src/adapters/webhooks/secret-box.ts';
import { createDeliveryWorker } from '../../../src/services/alerts/delivery.ts';
import { newEvent } from '../../../src/services/alerts/new-event.ts';
import { onEveryDatabase } from '../../helpers/every-database.ts';
import { until } from '../../helpers/until.ts';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.ts';

/**
 * The outbox on both stores: two instances' delivery workers on one database (two
 * processes of a scale-out) deliver each of 30 events exactly once; an instance that
 * claimed events and died (its lease never settled) leaves them to the other once the
 * lease runs out, with the same id and body.
 */
onEveryDatabase('alert outbox: each event delivered once, a dead claim taken over', async (open) => {
  const databases = [await open(), await open()];
  const receiver = await startWebhookReceiver();
  try {
    const secrets = createSecretBox(Buffer.from('a test alerts key of at least thirty-two characters'));
    const stores = databases.map((d) => createAlertStore(d.db));
    const id = `alr_${'a'.repeat(32)}`;
    await stores[0]!.insertSubscription({
      id,
      keyId: 'k1',
      cityId: 'c1',
      lat: 50.8,
      lon: 4.3,
      address: null,
      radius: 10,
      url: receiver.url('/once'),
      conditions: [],
      outlookHour: 7,
      lang: 'en',
      secretSealed: secrets.seal('whsec_test', id),
      state: null,
      failingSinceMs: null,
      createdMs: Date.now(),
    });
    for (let i = 0; i < 30; i++)
      await stores[0]!.enqueue(newEvent(`evt_${i}`, 'test', id, Date.now(), { i }), Date.now());
    const workers = stores.map((store) =>
      createDeliveryWorker({
        store,
        sender: createWebhookSender({ policy: createAddressPolicy({ allowPrivate: true }) }),
        secrets,
        clock: Date.now,
        retryBaseMs: 100,
        retryForMs: 60_000,
        batch: 4,
      }),
    );
    await Promise.all([
      workers[0]!.runOnce(),
      workers[1]!.runOnce(),
      workers[0]!.runOnce(),
      workers[1]!.runOnce(),
    ]);
    await until(async () => (await stores[0]!.outboxDepth()) === 0, { what: 'the outbox drained' });
    const ids = receiver.received.map((r) => JSON.parse(r.body).id as string);
    assert.equal(ids.length, 30, 'thirty deliveries');
    assert.equal(new Set(ids).size, 30, 'each event once');

    // an instance claims an event and dies before settling it
    await stores[0]!.enqueue(newEvent('evt_orphan', 'test', id, Date.now(), {}), Date.now());
    const claimed = await stores[0]!.claimEvent('evt_orphan', 'dead-instance', Date.now(), Date.now() + 300);
    assert.ok(claimed);
    assert.equal(await workers[1]!.runOnce(), 0, 'a live lease is not taken');
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(await workers[1]!.runOnce(), 1, 'the expired lease is taken over');
    assert.equal(receiver.received.filter((r) => JSON.parse(r.body).id === 'evt_orphan').length, 1);
    await Promise.all(workers.map((w) => w.close()));
  } finally {
    await receiver.close();
    for (const d of databases) await d.close();
  }
});
