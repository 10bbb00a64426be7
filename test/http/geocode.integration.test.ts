import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { serviceForFile } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

const file = serviceForFile();

const inject = (options: InjectOptions) => file.service.composition.app.inject(options);
const get = (url: string, secret = file.key) => inject({ url, headers: { 'x-api-key': secret } });

describe('GET /geocode', () => {
  test('q and limit rules', async () => {
    for (const query of [
      '',
      'q=',
      `q=${'a'.repeat(201)}`,
      'q=x&limit=0',
      'q=x&limit=6',
      'q=x&limit=two',
      'q=a&q=b',
    ]) {
      const response = await get(`/v1/geocode?${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.equal(response.json().code, 'validation_error');
    }
  });

  test('the query is echoed as received and results are covered candidates in Brussels', async () => {
    const q = '  Grand-Place  ';
    const response = await get(`/v1/geocode?q=${encodeURIComponent(q)}&limit=3`);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.query, q);
    assert.ok(body.results.length >= 1 && body.results.length <= 3);
    const top = body.results[0];
    assert.equal(top.covered, 'high_res');
    assert.equal(top.city, 'brussels');
    assert.ok(Math.abs(top.lat - 50.8467) < 0.002 && Math.abs(top.lon - 4.3525) < 0.003);
    assert.ok(top.relevance > 0 && top.relevance <= 1);
    assert.equal(response.headers['cache-control'], 'private, no-store');
  });

  test('Dutch and English names find the same square', async () => {
    for (const q of ['Grote Markt Brussel', 'Grand Place Brussels']) {
      const top = (await get(`/v1/geocode?q=${encodeURIComponent(q)}`)).json().results[0];
      assert.equal(top.covered, 'high_res', q);
      assert.ok(Math.abs(top.lat - 50.8467) < 0.002, q);
    }
  });

  test('coverage values: in development, nationwide, and outside with the label only', async () => {
    const atomium = (await get('/v1/geocode?q=Atomium')).json().results[0];
    assert.equal(atomium.covered, 'high_res_in_development');
    assert.equal(atomium.city, 'brussels');
    const namur = (await get('/v1/geocode?q=Namur')).json().results[0];
    assert.equal(namur.covered, 'national_low_res');
    assert.equal(namur.city, undefined);
    const lille = (await get('/v1/geocode?q=Lille'))
      .json()
      .results.find((r: { covered: unknown }) => r.covered === false);
    assert.ok(lille, 'Lille is a known place outside the service area');
    assert.deepEqual(Object.keys(lille).sort(), ['address', 'covered']);
  });

  test('a key without the geocode product is 403', async () => {
    const mapOnly = await file.service.createKey(['--products', 'map']);
    assert.equal((await get('/v1/geocode?q=Namur', mapOnly)).statusCode, 403);
  });
});

describe('house numbers (the city package’s addresses, docs/geocoding.md)', () => {
  const top = async (q: string) => (await get(`/v1/geocode?q=${encodeURIComponent(q)}`)).json().results[0];

  test('each result says how it matched: a door, a street, a place, a municipality', async () => {
    // Rue de la Confiance 26, Etterbeek: a door of the 2013 extract
    const door = await top('Rue de la Confiance 26');
    assert.equal(door.address, 'Rue de la Confiance 26, 1040 Etterbeek');
    assert.equal(door.match, 'address');
    assert.equal((await top('Grand-Place')).match, 'place');
    assert.equal((await top('Etterbeek')).match, 'municipality');
    const street = await top('Avenue Louise 500');
    assert.equal(street.match, 'street');
    assert.doesNotMatch(street.address, /500/, 'the label says what was placed: the street, not number 500');
    assert.ok(street.relevance < door.relevance);
  });

  test('the data endpoints report the label actually used', async () => {
    const response = await get(
      `/v1/historical/stats?metrics=wind&address=${encodeURIComponent('Avenue Louise 500, 1050')}`,
    );
    assert.equal(response.statusCode, 200, response.body);
    assert.match(response.json().location.address, /^Avenue Louise, 1050 /);
    const door = await get(
      `/v1/historical/stats?metrics=wind&address=${encodeURIComponent('Rue de la Confiance 26')}`,
    );
    assert.equal(door.json().location.address, 'Rue de la Confiance 26, 1040 Etterbeek');
  });

  test('a street nothing matches inside Brussels: 422 outside_coverage saying what was understood', async () => {
    const response = await get(
      `/v1/historical/stats?address=${encodeURIComponent('Rue des Licornes Bleues 12, 1050 Ixelles')}`,
    );
    assert.equal(response.statusCode, 422);
    const body = response.json();
    assert.equal(body.code, 'outside_coverage');
    assert.match(
      body.detail,
      /^No address matching 'Rue des Licornes Bleues 12, 1050 Ixelles' was found in Ixelles \(Brussels, a covered city\)/,
    );
    assert.match(
      body.detail,
      /street 'Rue des Licornes Bleues', number 12, postcode 1050, municipality Ixelles/,
    );
    assert.match(body.detail, /lat and lon in place of address/);
  });
});

describe('address input on the data endpoints', () => {
  test('the top result is used and its label reported', async () => {
    const response = await get('/v1/historical/stats?address=Grand-Place%20Bruxelles&metrics=wind');
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.meta.dataset, 'brussels_extended');
    assert.equal(typeof body.location.address, 'string');
    assert.ok(body.location.address.length > 0);
    const realtime = await get('/v1/realtime?address=Grand-Place%20Bruxelles');
    assert.equal(realtime.statusCode, 200, realtime.body);
    assert.equal(realtime.json().location.address, body.location.address);
  });

  test('an address outside Belgium or not found is 422 outside_coverage', async () => {
    for (const address of ['Lille', 'qzxqzxqzx nowhere 99999']) {
      const response = await get(`/v1/historical/stats?address=${encodeURIComponent(address)}`);
      assert.equal(response.statusCode, 422, address);
      assert.equal(response.json().code, 'outside_coverage');
    }
  });

  test('reports: an address is resolved, and coordinates get the nearest known address as label', async () => {
    const post = (payload: unknown) =>
      inject({
        method: 'POST',
        url: '/v1/reports',
        headers: { 'x-api-key': file.key },
        payload: payload as object,
      });
    assert.equal((await post({ address: 'Lille' })).statusCode, 422);
    const accepted = (await post({ lat: 50.8467, lon: 4.3525 })).json();
    const job = await until(
      async () => {
        const polled = (await get(accepted.links.status)).json();
        return polled.status === 'processing' ? undefined : polled;
      },
      { timeoutMs: 120_000, intervalMs: 200, what: 'the report job' },
    );
    assert.equal(job.status, 'completed');
    assert.doesNotMatch(
      job.address,
      /^50\.84670, 4\.35250$/,
      'a known address near the Grand-Place, not the coordinates',
    );
  });
});
