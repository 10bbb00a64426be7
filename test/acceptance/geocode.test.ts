import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  json,
  type Server,
  startServer,
} from '../helpers/acceptance.ts';

/** GET /geocode and address input on the data endpoints. */

type Json = Record<string, unknown>;
const COVERED = ['high_res', 'high_res_in_development', 'national_low_res', false];

let server: Server;
let key: CreatedKey;
let noGeocode: CreatedKey;

before(async () => {
  server = await startServer();
  [key, noGeocode] = await Promise.all([
    server.createKey(['--rate-per-min', '1000']),
    server.createKey(['--products', 'historical,realtime']),
  ]);
});
after(async () => {
  await server?.close();
});

const geocode = (query: string, k: CreatedKey = key) =>
  server.fetch(`/geocode?${query}`, { headers: bearer(k.key) });

function assertResult(result: Json): void {
  assert.equal(typeof result.address, 'string');
  assert.ok(COVERED.includes(result.covered as string | boolean), `covered ${String(result.covered)}`);
  if (result.covered === false) {
    assert.deepEqual(
      Object.keys(result).sort(),
      ['address', 'covered'],
      'label and covered: false, nothing else',
    );
    return;
  }
  assert.equal(typeof result.lat, 'number');
  assert.equal(typeof result.lon, 'number');
  assert.ok(typeof result.relevance === 'number' && result.relevance >= 0 && result.relevance <= 1);
  if (result.covered === 'high_res' || result.covered === 'high_res_in_development') {
    assert.match(String(result.city), /^[a-z][a-z0-9-]*$/);
  } else assert.equal('city' in result, false);
}

describe('GET /geocode', () => {
  test('the Grand-Place: high_res in brussels, with coordinates inside the zone', async () => {
    const response = await geocode('q=Grand-Place');
    assert.equal(response.status, 200);
    assert.ok(response.headers.get('x-ratelimit-limit'));
    const body = await json(response);
    assert.equal(body.query, 'Grand-Place');
    const results = body.results as Json[];
    assert.ok(results.length >= 1 && results.length <= 5, 'limit defaults to 5');
    for (const r of results) assertResult(r);
    const top = results[0]!;
    assert.equal(top.covered, 'high_res');
    assert.equal(top.city, 'brussels');
    assert.ok(
      Math.abs((top.lat as number) - 50.8467) < 0.01 && Math.abs((top.lon as number) - 4.3525) < 0.01,
    );
  });

  test('query echoes the string as received (spaces, case, unicode)', async () => {
    for (const q of [
      '  Grand Place ',
      'GRAND-PLACE',
      'Place Sainte-Catherine',
      'Liège',
      '東京',
      "' OR 1=1 --",
    ]) {
      const response = await geocode(`q=${encodeURIComponent(q)}`);
      assert.equal(response.status, 200, q);
      const body = await json(response);
      assert.equal(body.query, q);
      for (const r of body.results as Json[]) assertResult(r);
    }
  });

  test('limit 1 to 5 bounds the results', async () => {
    const all = (await json(await geocode('q=Gent&limit=5'))).results as Json[];
    assert.ok(all.length >= 3 && all.length <= 5, `Gent has several candidates (got ${all.length})`);
    for (const limit of [1, 2]) {
      const body = await json(await geocode(`q=Gent&limit=${limit}`));
      // exactly `limit` results, the best ones first: an empty answer does not pass
      assert.deepEqual(
        (body.results as Json[]).map((result) => result.address),
        all.slice(0, limit).map((result) => result.address),
      );
    }
  });

  test('the covered values: national_low_res elsewhere in Belgium, high_res_in_development in the region, false abroad', async () => {
    const ghent = (await json(await geocode('q=Gent&limit=1'))).results as Json[];
    assert.equal(ghent[0]!.covered, 'national_low_res');
    const uccle = (await json(await geocode('q=Uccle&limit=1'))).results as Json[];
    assert.equal(uccle[0]!.covered, 'high_res_in_development');
    assert.equal(uccle[0]!.city, 'brussels');
    const paris = (await json(await geocode('q=Paris'))).results as Json[];
    for (const r of paris) assertResult(r);
    assert.ok(
      paris.some((r) => r.covered === false),
      'a foreign candidate is covered: false',
    );
  });

  test('no match is 200 with empty results', async () => {
    const body = await json(await geocode('q=zzqxjvwk'));
    assert.equal(body.query, 'zzqxjvwk');
    assert.deepEqual(body.results, []);
  });

  test('q missing or empty, limit outside 1 to 5 or not an integer: 400', async () => {
    for (const query of [
      '',
      'q=',
      'limit=2',
      'q=Gent&limit=0',
      'q=Gent&limit=6',
      'q=Gent&limit=2.5',
      'q=Gent&limit=x',
    ]) {
      await expectProblem(await geocode(query), 400, 'validation_error', server.docsUrl);
    }
  });

  test('no key 401; a key without the geocode product 403', async () => {
    await expectProblem(await server.fetch('/geocode?q=Gent'), 401, 'unauthorized', server.docsUrl);
    await expectProblem(await geocode('q=Gent', noGeocode), 403, 'forbidden', server.docsUrl);
  });
});

describe('address input on the data endpoints', () => {
  test('the top result is used and its label is the location address', async () => {
    const response = await server.fetch('/realtime?address=Grand-Place', { headers: bearer(key.key) });
    assert.equal(response.status, 200);
    const location = (await json(response)).location as Json;
    assert.equal(typeof location.address, 'string');
    assert.ok(Math.abs((location.lat as number) - 50.8467) < 0.01);
  });

  test('an address that cannot be resolved inside coverage is 422 outside_coverage', async () => {
    await expectProblem(
      await server.fetch('/historical/stats?address=zzqxjvwk', { headers: bearer(key.key) }),
      422,
      'outside_coverage',
      server.docsUrl,
    );
  });
});
