import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  GRAND_PLACE,
  json,
  PARIS,
  type Server,
  startServer,
} from '../helpers/acceptance.ts';
import { awayFromMinuteEdge } from '../helpers/clock-edges.ts';
import { until } from '../helpers/until.ts';

/**
 * Spec audit: the four key scopes everywhere a key reads data (reports included), key expiry while
 * the server runs, the order of 401 / 403 / 400, and rate-limit headers on authenticated errors.
 */

type Json = Record<string, unknown>;
type Layers = Record<string, { tilejson: string }>;

let server: Server;
const keys: Record<string, CreatedKey> = {};

before(async () => {
  server = await startServer();
  const specs: Record<string, string[]> = {
    full: ['--rate-per-min', '100000', '--reports-per-day', '100'],
    charleroi: ['--cities', 'charleroi', '--reports-per-day', '5'],
    noMetrics: ['--metrics', '', '--reports-per-day', '5'],
    air: ['--metrics', 'air', '--reports-per-day', '5'],
    rtHorizon: ['--horizons', 'realtime'],
    fcHorizon: ['--horizons', 'forecast'],
    historicalOnly: ['--products', 'historical'],
    counted: ['--rate-per-min', '100'],
    pkNoOrigins: ['--type', 'pk'],
    pk: ['--type', 'pk', '--origins', 'https://app.example'],
  };
  const entries = Object.entries(specs);
  for (let i = 0; i < entries.length; i += 5) {
    await Promise.all(
      entries.slice(i, i + 5).map(async ([name, args]) => {
        keys[name] = await server.createKey(args);
      }),
    );
  }
});
after(async () => {
  await server?.close();
});

const at = (p: { lat: number; lon: number }) => `lat=${p.lat}&lon=${p.lon}`;

const postReport = (key: CreatedKey, body: unknown) =>
  server.fetch('/reports', {
    method: 'POST',
    headers: { ...bearer(key.key), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function completedJob(key: CreatedKey, body: unknown, timeoutMs = 120_000): Promise<Json> {
  const response = await postReport(key, body);
  const text = await response.text();
  assert.equal(response.status, 202, text);
  const jobId = String((JSON.parse(text) as Json).job_id);
  return until(
    async () => {
      const job = await json(await server.fetch(`/reports/${jobId}`, { headers: bearer(key.key) }));
      if (job.status === 'failed') throw new Error(`job failed: ${JSON.stringify(job)}`);
      if (job.status === 'completed' && job.pdf_pending !== true) return job;
      return undefined;
    },
    { timeoutMs, intervalMs: 300, what: `report job ${jobId}` },
  );
}

describe('reports honour the key scopes like every other data product', () => {
  test('POST /reports at a location in a city outside the key city scope is 403 forbidden', async () => {
    const key = keys.charleroi!;
    // the same location on another data product: 403, the key is not scoped to Brussels
    await expectProblem(
      await server.fetch(`/historical/stats?${at(GRAND_PLACE)}`, { headers: bearer(key.key) }),
      403,
      'forbidden',
      server.docsUrl,
    );
    await expectProblem(await postReport(key, GRAND_PLACE), 403, 'forbidden', server.docsUrl);
    await expectProblem(await postReport(key, { address: 'Grand-Place' }), 403, 'forbidden', server.docsUrl);
  });

  test('POST /reports with an empty metric scope reads no data: 403 forbidden, no quota used', async () => {
    const key = keys.noMetrics!;
    await expectProblem(
      await server.fetch(`/historical/stats?${at(GRAND_PLACE)}`, { headers: bearer(key.key) }),
      403,
      'forbidden',
      server.docsUrl,
    );
    await expectProblem(await postReport(key, GRAND_PLACE), 403, 'forbidden', server.docsUrl);
    await expectProblem(
      await postReport(key, { ...GRAND_PLACE, lang: 'fr' }),
      403,
      'forbidden',
      server.docsUrl,
    );
  });

  test('a report for a key holding only air carries no wind or thermal section', async () => {
    const download = async (key: CreatedKey, job: Json) => {
      const url = (job.files as Record<string, { url: string }>).html!.url;
      const response = await server.fetch(server.origin + url, { headers: bearer(key.key) });
      assert.equal(response.status, 200);
      return response.text();
    };
    const [fullJob, airJob] = await Promise.all([
      completedJob(keys.full!, GRAND_PLACE),
      completedJob(keys.air!, GRAND_PLACE),
    ]);
    const heading = (topic: string) => new RegExp(`<h[1-3][^>]*>\\s*${topic}`, 'i');
    const fullHtml = await download(keys.full!, fullJob);
    // fixture check: the unrestricted report names the three metrics in its headings
    for (const topic of ['Air quality', 'Wind comfort', 'Thermal comfort'])
      assert.equal(heading(topic).test(fullHtml), true, `the full report has a ${topic} heading`);
    const airHtml = await download(keys.air!, airJob);
    assert.equal(heading('Air quality').test(airHtml), true, 'the air section is there');
    assert.equal(heading('Wind comfort').test(airHtml), false, 'an air-only key reads no wind data');
    assert.equal(heading('Thermal comfort').test(airHtml), false, 'an air-only key reads no thermal data');
  });
});

describe('key expiry while the server runs', () => {
  test('a key is served until expires_at, then 403 everywhere, and its signed tile URLs stop', async () => {
    /** a key that expires at `expiresAt`, served before it, with a signed TileJSON URL of its own */
    const servedKey = async (expiresAt: Date) => {
      const key = await server.createKey(['--expires-at', expiresAt.toISOString()]);
      assert.equal(Date.parse(String(key.expires_at)), expiresAt.getTime());
      const headers = bearer(key.key);
      const before = await server.fetch('/key', { headers });
      assert.equal(before.status, 200, 'served before expiry');
      await before.arrayBuffer();
      const catalog = await json(await server.fetch('/map/brussels', { headers }));
      const tilejsonUrl = server.origin + (catalog.static as Layers).buildings!.tilejson;
      const tilejson = await server.fetch(tilejsonUrl);
      assert.equal(tilejson.status, 200);
      await tilejson.arrayBuffer();
      return { headers, tilejsonUrl };
    };
    // the window before expiry is three times what this set-up takes on this machine right now
    // (a CLI process and three requests: about a second when quiet, many on a loaded machine)
    const calibrating = performance.now();
    await servedKey(new Date(Date.now() + 3_600_000));
    const windowMs = Math.max(8000, 3 * (performance.now() - calibrating) + 2000);
    const expiresAt = new Date(Math.ceil((Date.now() + windowMs) / 1000) * 1000);
    const { headers, tilejsonUrl } = await servedKey(expiresAt);

    const wait = expiresAt.getTime() - Date.now() + 1500;
    assert.ok(wait > 0, 'the set-up finished before the key expired');
    await new Promise((r) => setTimeout(r, wait));
    for (const path of ['/key', '/cities', `/realtime?${at(GRAND_PLACE)}`, '/map/brussels']) {
      await expectProblem(await server.fetch(path, { headers }), 403, 'forbidden', server.docsUrl);
    }
    const stale = await server.fetch(tilejsonUrl);
    // the URL itself has not expired yet: the key behind it has, so 403 forbidden (not 401 url_expired)
    await expectProblem(stale, 403, 'forbidden', server.docsUrl);
  });
});

describe('horizons scope the map product only', () => {
  test('keys of either horizon read both /realtime and /forecast', async () => {
    for (const key of [keys.rtHorizon!, keys.fcHorizon!]) {
      for (const endpoint of ['/realtime', '/forecast']) {
        const response = await server.fetch(`${endpoint}?${at(GRAND_PLACE)}`, { headers: bearer(key.key) });
        assert.equal(response.status, 200, `${endpoint} with horizons ${key.horizons.join(',')}`);
        await response.arrayBuffer();
      }
    }
  });
});

describe('order of refusals', () => {
  test('no key beats bad parameters (401); an unentitled key beats bad parameters (403)', async () => {
    await expectProblem(
      await server.fetch('/realtime?lat=abc&radius=999'),
      401,
      'unauthorized',
      server.docsUrl,
    );
    await expectProblem(
      await server.fetch('/realtime?lat=abc&radius=999', { headers: bearer(keys.historicalOnly!.key) }),
      403,
      'forbidden',
      server.docsUrl,
    );
    await expectProblem(
      await server.fetch('/reports', {
        method: 'POST',
        headers: { ...bearer(keys.historicalOnly!.key), 'Content-Type': 'application/json' },
        body: '{not json',
      }),
      403,
      'forbidden',
      server.docsUrl,
    );
  });

  test('a key scoped elsewhere is 403 before the data answers 422 (a 403 is about the key)', async () => {
    // Brussels realtime exists; the key is scoped to Charleroi only
    await expectProblem(
      await server.fetch(`/realtime?${at(GRAND_PLACE)}`, { headers: bearer(keys.charleroi!.key) }),
      403,
      'forbidden',
      server.docsUrl,
    );
    // outside every area the refusal is about the data
    await expectProblem(
      await server.fetch(`/realtime?${at(PARIS)}`, { headers: bearer(keys.charleroi!.key) }),
      422,
      'outside_coverage',
      server.docsUrl,
    );
  });
});

describe('rate-limit headers on authenticated errors', () => {
  test('400, 404 and 422 answers to a valid key carry X-RateLimit-* and are counted', async () => {
    await awayFromMinuteEdge(10);
    const headers = bearer(keys.counted!.key);
    const remaining: number[] = [];
    const cases: Array<[string, number, string]> = [
      ['/realtime?lat=abc&lon=4.35', 400, 'validation_error'],
      ['/cities/atlantis', 404, 'not_found'],
      ['/scales/nope', 404, 'not_found'],
      [`/realtime?${at(PARIS)}`, 422, 'outside_coverage'],
      ['/reports/0b7c1f4e-8a3b-4c2d-9e1f-2a3b4c5d6e7f', 404, 'not_found'],
      ['/map/atlantis', 404, 'not_found'],
    ];
    for (const [path, status, code] of cases) {
      const response = await server.fetch(path, { headers });
      assert.equal(response.headers.get('x-ratelimit-limit'), '100', path);
      assert.match(response.headers.get('x-ratelimit-reset') ?? '', /^\d+$/, path);
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
      await expectProblem(response, status, code, server.docsUrl);
    }
    assert.deepEqual(
      remaining,
      remaining.map((_, i) => 99 - i),
      'every authenticated answer counts',
    );
  });
});

describe('browser origins on public endpoints', () => {
  test('a publishable key without any registered origin is 403 from a browser, served without one', async () => {
    const key = keys.pkNoOrigins!;
    await expectProblem(
      await server.fetch('/key', { headers: { ...bearer(key.key), Origin: 'https://app.example' } }),
      403,
      'forbidden',
      server.docsUrl,
    );
    const serverSide = await server.fetch('/key', { headers: bearer(key.key) });
    assert.equal(serverSide.status, 200);
    await serverSide.arrayBuffer();
  });

  test('a publishable key from its origin on /cities: authorized, private caching, CORS', async () => {
    const response = await server.fetch('/cities', {
      headers: { ...bearer(keys.pk!.key), Origin: 'https://app.example' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'private, max-age=3600');
    assert.equal(response.headers.get('access-control-allow-origin'), 'https://app.example');
    const cities = (await json(response)).cities as Json[];
    for (const city of cities) assert.equal(city.authorized, true);
  });

  test('a secret key sent from a browser to a public endpoint is 403', async () => {
    for (const path of ['/cities', '/cities/brussels', '/scales', '/scales/air-belaqi']) {
      await expectProblem(
        await server.fetch(path, { headers: { ...bearer(keys.full!.key), Origin: 'https://app.example' } }),
        403,
        'forbidden',
        server.docsUrl,
      );
    }
  });
});
