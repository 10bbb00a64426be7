import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ircelData, ircelStations, openMeteoAirQuality, openMeteoForecast } from '../helpers/fed-series.ts';
import { type FeedReplay, type ReplayHandler, startFeedReplay } from '../helpers/feed-replay.ts';
import { type Deployment, freePort, type Instance, startDeployment } from '../helpers/instances.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue #34, several instances: two real server processes on one PostgreSQL database with
 * the feeds on, pointed at a local server replaying the providers' formats. One polls at a
 * time (the lease in the shared store): the replay server sees one poll per poll period,
 * not two; both serve the same data; killed with SIGKILL, the polling one leaves the lease
 * to expire and the other takes it over and keeps the data fresh.
 */
const POLL_S = 2;
const PARK = { lat: 50.8443, lon: 4.3637 };
const GET_DATA = '/sos/api/v1/timeseries/getData';

let replay: FeedReplay;
let deployment: Deployment;
let instances: [Instance, Instance];
let metricsPorts: number[];
let key = '';
/** when IRCEL's getData was asked (one per IRCEL poll) */
const polledAt: number[] = [];

interface Answer {
  status: number;
  body: {
    meta: { sources: Array<{ id: string; status: string; as_of: string | null }> };
    hourly: Array<{ hour: string; c: number; air_temp_c: number; wind_10m_ms: number }>;
  };
}

async function realtime(instance: Instance): Promise<Answer> {
  const response = await fetch(`${instance.base}/v1/realtime?lat=${PARK.lat}&lon=${PARK.lon}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const statusOf = (answer: Answer, id: string) => answer.body.meta.sources.find((s) => s.id === id)?.status;
const fresh = (answer: Answer) =>
  answer.status === 200 &&
  statusOf(answer, 'ircel-celine') === 'fresh' &&
  statusOf(answer, 'open-meteo') === 'fresh';

/** feed_fetch_total{feed="ircel-celine",outcome} of one instance, from its METRICS_PORT */
async function fetches(index: number, outcome: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPorts[index]}/metrics`)).text();
  const match = new RegExp(`feed_fetch_total\\{feed="ircel-celine",outcome="${outcome}"\\} (\\d+)`).exec(
    text,
  );
  return match ? Number(match[1]) : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live feeds on two instances sharing one PostgreSQL', () => {
  before(async () => {
    replay = await startFeedReplay();
    const counted: ReplayHandler = (request) => {
      polledAt.push(Date.now());
      return ircelData(request);
    };
    replay.on('/sos/api/v1/stations', ircelStations);
    replay.on(GET_DATA, counted);
    replay.on('/v1/forecast', openMeteoForecast);
    replay.on('/v1/air-quality', openMeteoAirQuality);
    metricsPorts = [await freePort(), await freePort()];
    deployment = await startDeployment(
      2,
      {
        FEED_IRCEL_URL: `${replay.url}/sos/api/v1`,
        FEED_OPENMETEO_URL: replay.url,
        FEED_OPENMETEO_AQ_URL: replay.url,
        FEED_POLL_S: String(POLL_S),
      },
      (index) => ({ METRICS_PORT: String(metricsPorts[index]) }),
    );
    instances = deployment.instances as [Instance, Instance];
    const [created] = await Promise.all([
      deployment.cli(['keys', 'create', '--label', 'live', '--type', 'sk', '--rate-per-min', '100000']),
      deployment.ready(),
    ]);
    key = (JSON.parse(created) as { key: string }).key;
  });

  after(async () => {
    await deployment?.close();
    await replay?.close();
  });

  let poller = -1;

  test('one instance polls at a time, and both serve the same data', async () => {
    for (const instance of instances)
      await until(() => realtime(instance).then((a) => (fresh(a) ? a : undefined)), {
        timeoutMs: 180_000,
        intervalMs: 500,
        what: `${instance.name} fresh`,
      });
    // over ten poll periods: at most one IRCEL poll per period reaches the provider
    const okBefore = [await fetches(0, 'ok'), await fetches(1, 'ok')];
    const from = polledAt.length;
    const started = Date.now();
    await sleep(10 * POLL_S * 1000);
    const polls = polledAt.length - from;
    const periods = (Date.now() - started) / (POLL_S * 1000);
    assert.ok(polls >= 1, 'the feeds are polled');
    assert.ok(polls <= Math.floor(periods) + 1, `${polls} polls in ${periods.toFixed(1)} poll periods`);
    // and they all came from one instance (the other found the lease held)
    const grew = [(await fetches(0, 'ok')) - okBefore[0]!, (await fetches(1, 'ok')) - okBefore[1]!];
    assert.equal(grew.filter((n) => n > 0).length, 1, `polls that stored, per instance: ${grew}`);
    poller = grew[0]! > 0 ? 0 : 1;

    // the same store, the same answers (each instance reads it every second)
    await until(
      async () => {
        const [a, b] = await Promise.all(instances.map(realtime));
        const view = (answer: Answer) =>
          JSON.stringify({
            sources: answer.body.meta.sources.map((s) => [s.id, s.status, s.as_of]),
            hourly: answer.body.hourly.map((r) => [r.hour, r.c, r.air_temp_c, r.wind_10m_ms]),
          });
        return fresh(a!) && view(a!) === view(b!) ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'the same real-time answer on both instances' },
    );
  });

  test('kill -9 the polling instance: the other takes the lease over and keeps the data fresh', async () => {
    assert.ok(poller >= 0, 'the previous test found the poller');
    const killed = instances[poller]!;
    const survivor = 1 - poller;
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL');
    await exited;
    const okAtKill = await fetches(survivor, 'ok');
    // the dead holder's lease expires (a poll interval and a few seconds): the survivor polls
    await until(async () => ((await fetches(survivor, 'ok')) > okAtKill ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 500,
      what: 'the survivor polling',
    });
    const okAtTakeOver = await fetches(survivor, 'ok');
    const from = polledAt.length;
    await sleep(5 * POLL_S * 1000);
    assert.ok((await fetches(survivor, 'ok')) - okAtTakeOver >= 2, 'the survivor keeps polling');
    assert.ok(polledAt.length - from >= 2, 'the provider is still asked');
    const answer = await until(() => realtime(instances[survivor]!).then((a) => (fresh(a) ? a : undefined)), {
      timeoutMs: 30_000,
      intervalMs: 250,
      what: 'the survivor fresh',
    });
    assert.equal(answer.body.hourly.length, 24);
  });
});
