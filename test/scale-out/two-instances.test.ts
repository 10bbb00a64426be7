import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { awayFromMinuteEdge, awayFromUtcMidnight } from '../helpers/clock-edges.ts';
import { type Deployment, type Instance, startDeployment } from '../helpers/instances.ts';
import { until } from '../helpers/until.ts';

/**
 * Scale-out, end to end: two real server processes on one PostgreSQL database and one
 * Redis behave as one service, over real HTTP. Keys come from the real CLI.
 */
const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };

let deployment: Deployment;
let a: Instance;
let b: Instance;
/** keys made with the CLI while the servers start, one per test */
const keys = { rate: '', report: '', quota: '', revoked: '', tiles: '' };
const RATE_LIMIT = 6;

async function createKey(args: string[]): Promise<string> {
  const out = await deployment.cli(['keys', 'create', '--label', 'scale-out', '--type', 'sk', ...args]);
  return (JSON.parse(out) as { key: string }).key;
}

async function call(
  instance: Instance,
  path: string,
  key?: string,
  init: RequestInit = {},
): Promise<Response> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) {
    throw new Error(`instance ${instance.name} is gone (${instance.child.exitCode}):\n${instance.output()}`);
  }
  return fetch(`${instance.base}${path}`, {
    ...init,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

const postReport = (instance: Instance, key: string, body: Record<string, unknown> = GRAND_PLACE) =>
  call(instance, '/v1/reports', key, { method: 'POST', body: JSON.stringify(body) });

/** slippy-map tile of a point */
function tileAt(lon: number, lat: number, z: number): { z: number; x: number; y: number } {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

describe('two instances behind one address behave as one service', () => {
  before(async () => {
    deployment = await startDeployment(2);
    [a, b] = deployment.instances as [Instance, Instance];
    // the CLI migrates the same database as the starting servers: it must cope with that too
    const [rate, report, quota, revoked, tiles] = await Promise.all([
      createKey(['--rate-per-min', String(RATE_LIMIT)]),
      createKey(['--rate-per-min', '1000']), // polls count against the rate window
      createKey(['--reports-per-day', '4']),
      createKey([]),
      createKey([]),
      deployment.ready(),
    ]);
    Object.assign(keys, { rate, report, quota, revoked, tiles });
  });
  after(async () => {
    await deployment?.close();
  });

  test('the instances are separate processes on separate ports', async () => {
    assert.notEqual(a.base, b.base);
    assert.notEqual(a.child.pid, b.child.pid);
    for (const instance of [a, b]) assert.equal((await call(instance, '/v1/health')).status, 200);
  });

  test('one key has one rate window: N requests alternating succeed, the next is 429 on either', async () => {
    const limit = RATE_LIMIT;
    const key = keys.rate;
    // windows are aligned to the minute: start early enough in one that all requests land in it
    await awayFromMinuteEdge(15);
    const remaining: number[] = [];
    const resets = new Set<string | null>();
    for (let i = 0; i < limit; i += 1) {
      const response = await call(i % 2 === 0 ? a : b, '/v1/key', key);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-ratelimit-limit'), String(limit));
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
      resets.add(response.headers.get('x-ratelimit-reset'));
    }
    assert.equal(resets.size, 1, 'all requests fell in one minute window');
    assert.deepEqual(
      remaining,
      Array.from({ length: limit }, (_, i) => limit - 1 - i),
      'each instance counts in the same window',
    );
    for (const instance of [a, b]) {
      const refused = await call(instance, '/v1/key', key);
      const problem = (await refused.json()) as { code: string };
      assert.equal(refused.status, 429, `${instance.name}: ${JSON.stringify(problem)}`);
      assert.equal(problem.code, 'rate_limited');
      assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/);
    }
  });

  test('a report posted to A is polled to completion on B and downloaded from B', async () => {
    const key = keys.report;
    const accepted = await postReport(a, key, { ...GRAND_PLACE, lang: 'nl' });
    assert.equal(accepted.status, 202, await accepted.clone().text());
    const { job_id: jobId, links } = (await accepted.json()) as { job_id: string; links: { status: string } };
    // done, and with its PDF: a PDF the first render missed is retried by polls
    const job = await until(
      async () => {
        const polled = (await (await call(b, links.status, key)).json()) as Record<string, unknown>;
        return polled.status === 'failed' || (polled.files as { pdf?: unknown } | undefined)?.pdf
          ? polled
          : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 300, what: 'the report job on B' },
    );
    assert.equal(job.status, 'completed', JSON.stringify(job));
    assert.equal(job.job_id, jobId);
    assert.equal(job.lang, 'nl');
    const files = job.files as { html: { url: string }; pdf?: { url: string } };
    assert.ok(files.pdf, `the job carries its PDF: ${JSON.stringify(job)}`);
    const html = await call(b, files.html.url, key);
    assert.equal(html.status, 200);
    assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(await html.text(), /<html[^>]*lang="nl"/);
    const pdf = await call(b, files.pdf.url, key);
    assert.equal(pdf.status, 200);
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    // and the same job reads the same from A
    assert.equal(
      ((await (await call(a, links.status, key)).json()) as { status: string }).status,
      'completed',
    );
  });

  test('10 concurrent posts split across both against a quota of 4: exactly 4 accepted', async () => {
    const key = keys.quota;
    // the posts and the later refusals on one UTC day: the quota resets at midnight
    await awayFromUtcMidnight(60_000);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postReport(i % 2 === 0 ? a : b, key, GRAND_PLACE)),
    );
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((status) => status === 202).length, 4, statuses.join(','));
    assert.equal(statuses.filter((status) => status === 429).length, 6, statuses.join(','));
    for (const response of responses) {
      const body = (await response.json()) as { code?: string; job_id?: string };
      if (response.status === 429) assert.equal(body.code, 'quota_exceeded');
      else {
        // each accepted job is visible from the other instance too
        const job = await call(b, `/v1/reports/${body.job_id}`, key);
        assert.equal(job.status, 200);
      }
    }
    // the quota stays used up on both
    for (const instance of [a, b]) assert.equal((await postReport(instance, key)).status, 429);
  });

  test('a key revoked with the CLI is refused by both instances within 5 s', async () => {
    const key = keys.revoked;
    const catalog = (await (await call(a, '/v1/map/brussels', key)).json()) as {
      static: { buildings: { tilejson: string } };
    };
    const tilejson = catalog.static.buildings.tilejson;
    for (const instance of [a, b]) {
      // both hold the key in their short key cache
      assert.equal((await call(instance, '/v1/key', key)).status, 200);
      assert.equal((await call(instance, tilejson)).status, 200);
    }
    await deployment.cli(['keys', 'revoke', key]);
    const revokedAt = Date.now();
    // the key itself and its signed map links die with it, on both instances
    const refusedAfter = await Promise.all(
      [a, b].flatMap((instance) =>
        ['/v1/key', tilejson].map(async (path) => {
          for (;;) {
            const response = await call(instance, path, path === tilejson ? undefined : key);
            if (response.status === 403) {
              assert.equal(((await response.json()) as { code: string }).code, 'forbidden');
              return Date.now() - revokedAt;
            }
            assert.equal(response.status, 200);
            if (Date.now() - revokedAt > 10_000) return Number.POSITIVE_INFINITY;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }),
      ),
    );
    for (const ms of refusedAfter) assert.ok(ms <= 5_000, `refused after ${ms} ms`);
  });

  test("a signed tile URL from A's catalog works on B; a tampered one is refused", async () => {
    const key = keys.tiles;
    const response = await call(a, '/v1/map/brussels', key);
    assert.equal(response.status, 200);
    const catalog = (await response.json()) as { static: { buildings: { tilejson: string } } };
    const tilejson = await call(b, catalog.static.buildings.tilejson);
    assert.equal(tilejson.status, 200);
    const template = ((await tilejson.json()) as { tiles: string[] }).tiles[0] as string;
    const t = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 15);
    const url = template.replace('{z}/{x}/{y}', `${t.z}/${t.x}/${t.y}`);
    const tile = await call(b, url);
    assert.equal(tile.status, 200);
    assert.equal(tile.headers.get('content-type'), 'application/vnd.mapbox-vector-tile');
    assert.ok((await tile.arrayBuffer()).byteLength > 100);
    const tampered = url.replace(/sig=([A-Za-z0-9_-])/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    assert.notEqual(tampered, url);
    assert.equal((await call(b, tampered)).status, 401);
  });
});
