import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bearer, type CreatedKey, json, type Server, startServer } from '../helpers/acceptance.ts';
import { MANIFEST, POINTS, writeTownPackage } from '../helpers/town.ts';

/**
 * Issue #38 item 6: reports and real-time answers name the city they are about. The test
 * town is imported under a name of its own and, so that the zone visibly comes from the
 * package, a time zone other than Brussels' (any IANA zone is valid in a package). All
 * observed through HTTP.
 */
type Json = Record<string, unknown>;
const TOWN = { ...MANIFEST, id: 'testville', name: 'Testville', timezone: 'Europe/London' };
let server: Server;
let key: CreatedKey;
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-testville-'));
  writeTownPackage(join(dir, TOWN.id));
  writeFileSync(join(dir, TOWN.id, 'city.json'), JSON.stringify(TOWN, null, 2));
  server = await startServer({ env: { CITIES_POLL_MS: '1000' }, readyTimeoutMs: 600_000 });
  key = await server.createKey(['--rate-per-min', '1000', '--reports-per-day', '20']);
  const imported = await server.cli(['cities', 'import', join(dir, TOWN.id)]);
  assert.equal(imported.code, 0, imported.stderr);
  await until('the town listed', async () => {
    const list = await json<{ cities: Json[] }>(await server.fetch('/cities'));
    return list.cities.some((city) => city.id === TOWN.id) ? true : undefined;
  });
});
after(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) => server.fetch(path, { headers: bearer(key.key) });

async function until<T>(what: string, probe: () => Promise<T | undefined>, limitMs = 600_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function reportHtml(lang: 'en' | 'fr' | 'nl'): Promise<string> {
  const posted = await server.fetch('/reports', {
    method: 'POST',
    headers: { ...bearer(key.key), 'content-type': 'application/json' },
    body: JSON.stringify({ ...POINTS.pedestrian, lang }),
  });
  assert.equal(posted.status, 202, await posted.clone().text());
  const { job_id: jobId } = await json<{ job_id: string }>(posted);
  const done = await until(`report ${lang} completed`, async () => {
    const view = await json<Json>(await get(`/reports/${jobId}`));
    assert.notEqual(view.status, 'failed', JSON.stringify(view));
    return view.status === 'completed' ? view : undefined;
  });
  const files = done.files as { html: { url: string } };
  const download = await server.fetch(server.origin + files.html.url, { headers: bearer(key.key) });
  assert.equal(download.status, 200);
  return await download.text();
}

describe('an imported city is named as itself', () => {
  test('real-time and forecast answers carry a dataset name the spec defines, not one built from the city id', async () => {
    for (const product of ['realtime', 'forecast']) {
      const body = await json(
        await get(`/${product}?lat=${POINTS.pedestrian.lat}&lon=${POINTS.pedestrian.lon}`),
      );
      assert.equal((body.city as Json).id, TOWN.id, product);
      assert.equal((body.meta as Json).dataset, 'brussels_extended', product);
    }
  });

  test('its report names the town, its time zone and its model, and never Brussels', async () => {
    const english = await reportHtml('en');
    assert.match(english, /High-resolution model of Testville, street scale \(10\u00a0m cells\)/);
    assert.match(english, /hourly values of the high-resolution model of Testville/);
    // generated "now": Greenwich Mean Time or British Summer Time, as the package's zone says
    assert.match(english, /\((Greenwich Mean Time, UTC\+0|British Summer Time, UTC\+1)\)/);
    assert.doesNotMatch(english, /Brussels/);
    const french = await reportHtml('fr');
    assert.match(french, /Modèle haute résolution de Testville/);
    assert.doesNotMatch(french, /Bruxelles/);
  });
});
