import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Middleware } from 'openapi-fetch';
import {
  createSvcClient,
  fetchReport,
  fetchTileJson,
  isSvcError,
  SvcApiError,
  type SvcClient,
  splitSignedLink,
  unwrap,
  verifySignature,
} from '../../clients/typescript/src/index.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/** The generated client and its helpers against the service listening on a real port. */
const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
// nationwide statistics answer in seconds; a Brussels street takes a minute on a first call
const NAMUR = { lat: 50.4687, lon: 4.8625 };

let service: TestService;
let baseUrl: string;
let client: SvcClient;
// "METHOD /path-template" of every request the typed clients made, as openapi-fetch names it
const exercised = new Set<string>();
const recordOperation: Middleware = {
  onRequest({ request, schemaPath }) {
    exercised.add(`${request.method} ${schemaPath}`);
  },
};
const tracked = (c: SvcClient) => {
  c.use(recordOperation);
  return c;
};
const dir = mkdtempSync(join(tmpdir(), 'svc-client-'));
before(async () => {
  service = await startTestService();
  const origin = await service.composition.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `${origin}/v1`;
  const key = await service.createKey(['--rate-per-min', '10000', '--reports-per-day', '20']);
  client = tracked(createSvcClient({ baseUrl, key }));
});
after(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the TypeScript client, one call per endpoint', () => {
  test('public endpoints: health, readiness, cities, one city, scales, one scale', async () => {
    assert.equal((await unwrap(client.GET('/health'))).status, 'ok');
    const ready = await client.GET('/health/ready');
    assert.equal(ready.response.status, 200, JSON.stringify(ready.error));
    assert.ok(ready.data && typeof ready.data === 'object');
    const cities = await unwrap(client.GET('/cities', { params: { query: { product: 'map' } } }));
    assert.ok(cities.cities.some((city) => city.id === 'brussels'));
    assert.equal(
      (await unwrap(client.GET('/cities/{city}', { params: { path: { city: 'brussels' } } }))).id,
      'brussels',
    );
    const scales = await unwrap(client.GET('/scales', { params: { query: { metric: 'wind' } } }));
    const first = scales.scales[0]!;
    assert.equal(
      (await unwrap(client.GET('/scales/{scale}', { params: { path: { scale: first.id } } }))).id,
      first.id,
    );
  });

  test('keyed endpoints: key, geocode, historical stats, realtime, forecast', async () => {
    const info = await unwrap(client.GET('/key'));
    assert.deepEqual(info.products, ['*']);
    const found = await unwrap(
      client.GET('/geocode', { params: { query: { q: 'Grand-Place Bruxelles', limit: 1 } } }),
    );
    assert.equal(found.query, 'Grand-Place Bruxelles');
    const stats = await unwrap(
      client.GET('/historical/stats', { params: { query: { ...NAMUR, metrics: 'wind' } } }),
    );
    assert.deepEqual(stats.meta.metrics, ['wind']);
    const realtime = await unwrap(
      client.GET('/realtime', { params: { query: { ...GRAND_PLACE, radius: 20 } } }),
    );
    assert.ok(realtime.hourly.length > 0, 'realtime');
    const forecast = await unwrap(client.GET('/forecast', { params: { query: GRAND_PLACE } }));
    assert.ok(forecast.hourly.length > 0, 'forecast');
  });

  test('history and the stations (no feeds here: nothing stored, no station known)', async () => {
    const stations = await unwrap(client.GET('/stations', { params: { query: { city: 'brussels' } } }));
    assert.deepEqual(stations.stations, []);
    const series = await unwrap(
      client.GET('/stations/{id}/history', {
        params: { path: { id: '41R012' }, query: { from: '2026-11-01T00:00Z', to: '2026-11-02T00:00Z' } },
      }),
    ).catch((error: unknown) => error);
    assert.ok(isSvcError(series, 'not_found'));
    const history = await unwrap(
      client.GET('/history', {
        params: {
          query: { ...GRAND_PLACE, from: '2026-11-01T00:00Z', to: '2026-11-02T00:00Z', format: 'json' },
        },
      }),
    ).catch((error: unknown) => error);
    assert.ok(isSvcError(history, 'validation_error'), 'nothing is kept without feeds or a backfilled year');
  });

  test('map: catalog, every TileJSON route (absolute, {z}/{x}/{y} intact), every tile route', async () => {
    const catalog = await unwrap(client.GET('/map/{city}', { params: { path: { city: 'brussels' } } }));
    const realtimeStep = catalog.realtime!;
    const forecastStep = catalog.forecast[0]!;
    const links = {
      static: catalog.static.buildings!.tilejson,
      realtime: Object.values(realtimeStep.layers)[0]!.tilejson,
      forecast: Object.values(forecastStep.layers)[0]!.tilejson,
    };
    assert.match(links.forecast, /\/tiles\/forecast\//);
    for (const [kind, link] of Object.entries(links)) {
      const tileJson = await fetchTileJson(client, link);
      const template = tileJson.tiles[0]!;
      assert.ok(template.startsWith(`${baseUrl}/map/brussels/tiles/`), `${kind}: ${template}`);
      assert.match(template, /\/\{z\}\/\{x\}\/\{y\}\.mvt\?/, kind);
      // a tile in the middle of Brussels at zoom 15, through the typed tile operation
      const { path, query } = splitSignedLink(
        template.replace('{z}', '15').replace('{x}', '16780').replace('{y}', '11016'),
      );
      const parts = path.split('/').slice(2); // [city, 'tiles', ...]
      const [z, x, y] = parts.slice(-3) as [string, string, string];
      const signed = { querySerializer: () => query, parseAs: 'arrayBuffer' as const };
      const tile =
        kind === 'static'
          ? await client.GET('/map/{city}/tiles/{layer}/{z}/{x}/{y}', {
              params: { path: { city: parts[0]!, layer: parts[2]!, z, x, y } },
              ...signed,
            })
          : kind === 'realtime'
            ? await client.GET('/map/{city}/tiles/{layer}/{timestamp}/{z}/{x}/{y}', {
                params: { path: { city: parts[0]!, layer: parts[2]!, timestamp: parts[3]!, z, x, y } },
                ...signed,
              })
            : await client.GET('/map/{city}/tiles/forecast/{layer}/{timestamp}/{z}/{x}/{y}', {
                params: { path: { city: parts[0]!, layer: parts[3]!, timestamp: parts[4]!, z, x, y } },
                ...signed,
              });
      assert.equal(tile.error, undefined, `${kind}: ${JSON.stringify(tile.error)}`);
      assert.ok([200, 204].includes(tile.response.status), `${kind}: ${tile.response.status}`);
      if (tile.response.status === 200) {
        assert.equal(tile.response.headers.get('content-type'), 'application/vnd.mapbox-vector-tile');
        assert.ok(tile.data instanceof ArrayBuffer && tile.data.byteLength > 0, kind);
      } else {
        assert.equal((tile.data as ArrayBuffer | undefined)?.byteLength ?? 0, 0, kind);
      }
    }
  });

  test('reports: ordered, polled to completion and downloaded (the README example)', async () => {
    const KEY = await service.createKey(['--reports-per-day', '2']);
    // README "Use it from TypeScript" starts here
    const svc = createSvcClient({ baseUrl, key: KEY });
    const stats = await unwrap(
      svc.GET('/historical/stats', { params: { query: { lat: 50.4687, lon: 4.8625 } } }),
    );
    console.log(stats.location.address, stats.meta.metrics);
    try {
      const pdf = await fetchReport(svc, { lat: 50.8467, lon: 4.3525, lang: 'fr' }, 'pdf', {
        intervalMs: 500,
      });
      writeFileSync(join(dir, pdf.filename), pdf.bytes);
    } catch (error) {
      if (isSvcError(error, 'quota_exceeded')) console.log('no reports left today:', error.detail);
      else throw error;
    }
    // and ends here
    const [filename] = readdirSync(dir);
    const pdf = { filename: filename!, bytes: readFileSync(join(dir, filename!)) };
    assert.match(pdf.filename, /^SVC_Report_.+\.pdf$/);
    assert.equal(pdf.bytes.subarray(0, 5).toString(), '%PDF-');
    assert.deepEqual(stats.meta.metrics, ['air', 'wind', 'thermal']);
  });

  test('reports through the typed operations: create, poll, download', async () => {
    const job = await unwrap(
      client.POST('/reports', { body: { lat: 50.4687, lon: 4.8625, format: 'html' } as never }),
    );
    let state = await unwrap(client.GET('/reports/{job_id}', { params: { path: { job_id: job.job_id } } }));
    for (let i = 0; i < 240 && !['completed', 'failed'].includes(state.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = await unwrap(client.GET('/reports/{job_id}', { params: { path: { job_id: job.job_id } } }));
    }
    assert.equal(state.status, 'completed');
    const html = await client.GET('/reports/{job_id}/download', {
      params: { path: { job_id: job.job_id }, query: { format: 'html' } as never },
      parseAs: 'text',
    });
    assert.equal(html.response.status, 200);
    assert.match(html.response.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(String(html.data), /<html/i);
  });

  test('alerts through the typed operations, and verifySignature', async () => {
    const created = await unwrap(
      client.POST('/alerts', {
        body: {
          ...GRAND_PLACE,
          url: 'https://93.184.215.14/hooks/svc',
          conditions: [{ metric: 'wind', field: 'ugust', op: 'gte', value: 79 }],
        },
      }),
    );
    const path = { params: { path: { id: created.id } } };
    assert.equal((await unwrap(client.GET('/alerts/{id}', path))).id, created.id);
    assert.ok((await unwrap(client.GET('/alerts'))).alerts.some((a) => a.id === created.id));
    assert.deepEqual((await unwrap(client.GET('/alerts/{id}/deliveries', path))).deliveries, []);
    const deleted = await client.DELETE('/alerts/{id}', path);
    assert.equal(deleted.response.status, 204);
    // what a receiver does with a delivery, signed here as the service signs it
    const body = JSON.stringify({ id: 'evt_1', type: 'test' });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', created.secret).update(`${t}.${body}`).digest('hex');
    assert.equal(await verifySignature({ header: `t=${t},v1=${v1}`, body, secret: created.secret }), true);
    assert.equal(
      await verifySignature({ header: `t=${t},v1=${v1}`, body: `${body} `, secret: created.secret }),
      false,
    );
    assert.equal(
      await verifySignature({ header: `t=${t - 3600},v1=${v1}`, body, secret: created.secret }),
      false,
    );
  });

  test('errors are typed by code, with the problem document detail', async () => {
    const outside = await unwrap(
      client.GET('/realtime', { params: { query: { lat: 48.85, lon: 2.35 } } }),
    ).catch((error: unknown) => error);
    assert.ok(isSvcError(outside, 'outside_coverage'), String(outside));
    assert.equal(outside.status, 422);
    const anonymous = createSvcClient({ baseUrl });
    const refused = await unwrap(anonymous.GET('/key')).catch((error: unknown) => error);
    assert.ok(refused instanceof SvcApiError && refused.code === 'unauthorized');
    const missing = await unwrap(
      client.GET('/reports/{job_id}/download', {
        params: { path: { job_id: '3b241101-e2bb-4255-8caf-4136c566a962' }, query: { format: 'pdf' } },
      }),
    ).catch((error: unknown) => error);
    assert.ok(isSvcError(missing, 'not_found'));
    await anonymous.GET('/key'); // (the untracked client: counted below through `client`)
    const unreachable = createSvcClient({ baseUrl: 'http://127.0.0.1:9' });
    assert.ok(isSvcError(await unwrap(unreachable.GET('/health')).catch((e: unknown) => e), 'network_error'));
  });
});

test('every operation of the served document was called through the typed client', async () => {
  const response = await fetch(`${baseUrl}/openapi.json`);
  const document = (await response.json()) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const served = new Set<string>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation.operationId) served.add(`${method.toUpperCase()} ${path}`);
    }
  }
  assert.ok(served.size >= 21, `${served.size} operations`);
  assert.deepEqual([...exercised].sort(), [...served].sort());
});
