import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SERVER_START_GUARD_MS } from '../helpers/busy-machine.ts';
import { fedFeeds } from '../helpers/fed-series.ts';
import { type FeedReplay, startFeedReplay } from '../helpers/feed-replay.ts';
import {
  type Deployment,
  freePort,
  type Instance,
  startDeployment,
  startInstance,
  waitHealthy,
} from '../helpers/instances.ts';
import { smogAirQuality } from '../helpers/smog.ts';
import { until } from '../helpers/until.ts';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.ts';

/**
 * Issue #51, "Done when", against real server processes: two instances sharing one
 * PostgreSQL and one Redis deliver each alert event once; and a `kill -9` of the
 * instances while a delivery is in flight (the receiver has the request and has not
 * answered) loses no event: an instance started afterwards delivers it again once the
 * dead claim's lease ran out, with the same id and body (at least once, docs/alerts.md).
 * The CAMS stand-in switches between clean air and a smog episode; the PM2.5 threshold
 * is set above the clean forecast's highest value at each place (as in
 * test/alerts/evaluation.test.ts).
 */
const PLACES = [
  { lat: 50.8467, lon: 4.3525 },
  { lat: 50.8443, lon: 4.3637 },
  { lat: 50.8505, lon: 4.3488 },
];
const HANGING = '/hanging';
const POLL_S = 2;

let replay: FeedReplay;
let deployment: Deployment;
let receiver: WebhookReceiver;
let key: string;
let smog = false;
/** while on, the first POST to HANGING is held unanswered */
let holdHanging = false;
/** the DATA_DIR of the instance started after the kill (the deployment's own are removed by it) */
let restartedDir: string | undefined;

before(async () => {
  const feeds = fedFeeds();
  replay = await startFeedReplay();
  replay.on('/v1/forecast', feeds.openMeteoForecast);
  replay.on(
    '/v1/air-quality',
    smogAirQuality(feeds.openMeteoAirQuality, () => smog),
  );
  receiver = await startWebhookReceiver();
  receiver.answer = ({ path, count }) => ({
    status: 200,
    hold: holdHanging && path === HANGING && count === 0,
  });
  deployment = await startDeployment(2, {
    FEED_OPENMETEO_URL: replay.url,
    FEED_OPENMETEO_AQ_URL: replay.url,
    FEED_POLL_S: String(POLL_S),
    ALERTS_ALLOW_PRIVATE_URLS: '1',
    // shared by every instance and the CLI: each can open the others' signing secrets
    ALERTS_SECRET_KEY: randomBytes(24).toString('hex'),
  });
  const [created] = await Promise.all([
    deployment.cli(['keys', 'create', '--label', 'alerts', '--type', 'sk', '--rate-per-min', '100000']),
    deployment.ready(),
  ]);
  key = (JSON.parse(created) as { key: string }).key;
});

after(async () => {
  await deployment?.close();
  if (restartedDir) rmSync(restartedDir, { recursive: true, force: true });
  await receiver?.close();
  await replay?.close();
});

const auth = () => ({ authorization: `Bearer ${key}` });

async function highestPm25(instance: Instance, place: { lat: number; lon: number }): Promise<number> {
  const response = await fetch(`${instance.base}/v1/forecast?lat=${place.lat}&lon=${place.lon}`, {
    headers: auth(),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const body = (await response.json()) as { hourly: Array<{ c_pm25: number }> };
  return Math.max(...body.hourly.map((r) => r.c_pm25));
}

async function subscribe(
  instance: Instance,
  place: { lat: number; lon: number },
  path: string,
): Promise<string> {
  const threshold = Math.ceil((await highestPm25(instance, place)) + 3);
  const response = await fetch(`${instance.base}/v1/alerts`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json' },
    body: JSON.stringify({
      ...place,
      url: receiver.url(path),
      conditions: [{ metric: 'air', field: 'pm25', op: 'gte', value: threshold }],
    }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
}

const eventOf = (r: ReceivedWebhook) =>
  JSON.parse(r.body) as { id: string; type: string; subscription_id: string };
const at = (path: string) => receiver.received.filter((r) => r.path === path);
const typesAt = (path: string, type: string) => at(path).filter((r) => eventOf(r).type === type);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function polls(count: number): Promise<void> {
  const then = replay.hits('/v1/air-quality');
  await until(() => replay.hits('/v1/air-quality') >= then + count, {
    timeoutMs: 120_000,
    what: `${count} more CAMS polls`,
  });
}

test('two instances on PostgreSQL + Redis deliver each event once', async () => {
  const [a, b] = deployment.instances as [Instance, Instance];
  await until(() => replay.hits('/v1/air-quality') >= 2, { timeoutMs: 180_000, what: 'two CAMS polls' });
  // subscriptions made on either instance
  const paths = PLACES.map((_, i) => `/once-${i}`);
  for (const [i, place] of PLACES.entries()) await subscribe(i % 2 === 0 ? a : b, place, paths[i]!);

  smog = true;
  for (const path of paths)
    await until(() => typesAt(path, 'alert.triggered').length > 0, {
      timeoutMs: 120_000,
      intervalMs: 250,
      what: `alert.triggered at ${path}`,
    });
  // both instances keep evaluating and delivering over more polls of the same smog
  await polls(3);
  await sleep(3000);
  for (const path of paths) {
    const ids = at(path).map((r) => eventOf(r).id);
    assert.equal(ids.length, 1, `${path}: one delivery, got ${JSON.stringify(at(path).map(eventOf))}`);
  }

  smog = false;
  for (const path of paths)
    await until(() => typesAt(path, 'alert.cleared').length > 0, {
      timeoutMs: 120_000,
      intervalMs: 250,
      what: `alert.cleared at ${path}`,
    });
  await polls(2);
  await sleep(3000);
  for (const path of paths) {
    const events = at(path).map(eventOf);
    assert.deepEqual(
      events.map((e) => e.type),
      ['alert.triggered', 'alert.cleared'],
      `${path}: each event delivered once`,
    );
    assert.equal(new Set(events.map((e) => e.id)).size, 2);
  }
});

test('kill -9 of the instances while a delivery is in flight loses no event: it arrives again, same id', async () => {
  const [a] = deployment.instances as [Instance, Instance];
  // made in clean air: its first event is the smog's next episode
  const id = await subscribe(a, PLACES[0]!, HANGING);
  await polls(2);
  holdHanging = true;
  smog = true;
  const held = await until(() => at(HANGING)[0], {
    timeoutMs: 120_000,
    intervalMs: 100,
    what: 'the held delivery',
  });
  for (const instance of deployment.instances) instance.child.kill('SIGKILL');
  await Promise.all(
    deployment.instances.map((instance) =>
      instance.child.exitCode !== null || instance.child.signalCode !== null
        ? undefined
        : new Promise((resolve) => instance.child.once('exit', resolve)),
    ),
  );
  const first = eventOf(held);
  assert.equal(first.type, 'alert.triggered');
  assert.equal(first.subscription_id, id);

  // a new instance on the same database: the dead claim's lease runs out, it delivers again
  restartedDir = mkdtempSync(join(tmpdir(), 'svc-scale-'));
  const restarted = startInstance('C', {
    ...deployment.env,
    PORT: String(await freePort()),
    DATA_DIR: restartedDir,
  });
  deployment.instances.push(restarted);
  await waitHealthy(restarted, SERVER_START_GUARD_MS);
  const again = await until(() => at(HANGING)[1], {
    timeoutMs: 180_000,
    intervalMs: 250,
    what: 'the event delivered again after the kill',
  });
  assert.equal(eventOf(again).id, first.id, 'the same event id');
  assert.equal(again.body, held.body, 'the same body');
  assert.equal(again.status, 200);
  await polls(2);
  await sleep(3000);
  assert.equal(new Set(at(HANGING).map((r) => eventOf(r).id)).size, 1, 'one distinct event');
});
