import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressRefusal, createAddressPolicy } from '../../../src/adapters/webhooks/address-policy.ts';
import { createWebhookSender } from '../../../src/adapters/webhooks/http-sender.ts';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.ts';

test('addresses webhooks may not reach', () => {
  for (const address of [
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
  ])
    assert.notEqual(addressRefusal(address), null, address);
  for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
    assert.equal(addressRefusal(address), null, address);
});

test('a name is checked on every address it resolves to', async () => {
  const policy = createAddressPolicy({
    allowPrivate: false,
    lookup: async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.1.1', family: 4 },
    ],
  });
  const verdict = await policy.check(new URL('https://mixed.example/hook'));
  assert.equal(verdict.ok, false);
  assert.match(
    !verdict.ok ? verdict.reason : '',
    /mixed\.example resolves to 10\.1\.1\.1, a private or reserved address/,
  );
});

test('a name that resolves to loopback when the delivery connects is refused then (DNS rebinding)', async () => {
  const receiver = await startWebhookReceiver();
  try {
    const port = new URL(receiver.url()).port;
    // the subscription was checked while the name was public; it now points at loopback
    const policy = createAddressPolicy({
      allowPrivate: false,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const sender = createWebhookSender({ policy });
    const answer = await sender.post(new URL(`http://rebound.example:${port}/hook`), '{}', {});
    assert.equal(answer.outcome, 'refused');
    assert.match(answer.detail ?? '', /loopback/);
    assert.equal(receiver.received.length, 0, 'nothing reached the receiver');
    // the same with the operator setting goes through to the receiver
    const allowed = createWebhookSender({
      policy: createAddressPolicy({
        allowPrivate: true,
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      }),
    });
    assert.equal(
      (await allowed.post(new URL(`http://rebound.example:${port}/hook`), '{}', {})).outcome,
      'delivered',
    );
    assert.equal(receiver.received.length, 1);
  } finally {
    await receiver.close();
  }
});

test('a long answer is read only in part', async () => {
  const receiver = await startWebhookReceiver();
  try {
    receiver.answer = () => ({ status: 500, body: 'x'.repeat(2_000_000) });
    const sender = createWebhookSender({ policy: createAddressPolicy({ allowPrivate: true }) });
    const answer = await sender.post(new URL(receiver.url()), '{}', {});
    assert.equal(answer.outcome, 'http_error');
    assert.ok((answer.detail ?? '').length < 300);
  } finally {
    await receiver.close();
  }
});
