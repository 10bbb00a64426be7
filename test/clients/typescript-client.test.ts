import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  absoluteTileJson,
  createSvcClient,
  fetchReport,
  isSvcError,
  SvcApiError,
  type SvcClient,
  unwrap,
} from '../../clients/typescript/src/index.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/** The generated client and its helpers against the service listening on a real port. */
const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
// nationwide statistics answer in seconds; a Brussels street takes a minute on a first call
const NAMUR = { lat: 50.4687, lon: 4.8625 };

let service: TestService;
let baseUrl: string;
let client: SvcClient;
const dir = mkdtempSync(join(tmpdir(), 'svc-client-'));
before(async () => {
  service = await startTestService();
  const origin = await service.composition.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `${origin}/v1`;
  const key = await service.createKey(['--rate-per-min', '10000', '--reports-per-day', '20']);
  client = createSvcClient({ baseUrl, key });
});
after(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the TypeScript client, one call per endpoint', () => {
  test('public endpoints: health, cities, one city, scales, one scale', async () => {
    assert.equal((await unwrap(client.GET('/health'))).status, 'ok');
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

  test('map: catalog, TileJSON made absolute with {z}/{x}/{y} intact, a vector tile', async () => {
    const catalog = await unwrap(client.GET('/map/{city}', { params: { path: { city: 'brussels' } } }));
    const link = client.resolve(catalog.static.buildings!.tilejson);
    const tileJson = absoluteTileJson((await (await fetch(link)).json()) as never, link);
    const template = tileJson.tiles[0]!;
    assert.ok(template.startsWith(`${baseUrl}/map/brussels/tiles/buildings/{z}/{x}/{y}.mvt?`), template);
    // the typed tile operations too: a tile in the middle of Brussels at zoom 15
    const [path, query] = template
      .replace('{z}', '15')
      .replace('{x}', '16780')
      .replace('{y}', '11016')
      .split('?');
    const tile = await fetch(`${path}?${query}`);
    assert.ok([200, 204].includes(tile.status));
    if (tile.status === 200)
      assert.equal(tile.headers.get('content-type'), 'application/vnd.mapbox-vector-tile');
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
    const unreachable = createSvcClient({ baseUrl: 'http://127.0.0.1:9' });
    assert.ok(isSvcError(await unwrap(unreachable.GET('/health')).catch((e: unknown) => e), 'network_error'));
  });
});
