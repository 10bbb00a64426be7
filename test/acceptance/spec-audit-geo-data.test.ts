import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  GRAND_PLACE,
  insideRing,
  json,
  type Server,
  startServer,
} from '../helpers/acceptance.ts';

/**
 * Spec audit: geocoding `covered` against the published boundaries, address input on the data
 * endpoints, a radius without outdoor cells, and 5-decimal rounding feeding the cache.
 */

type Json = Record<string, unknown>;
type Ring = number[][];

/** a point inside a building next to the Grand-Place (synthetic morphology) */
const INSIDE_BUILDING = { lat: 50.8473, lon: 4.3525 };
const QUERIES = [
  'Grand-Place',
  'Bruxelles',
  'Brussel',
  'Uccle',
  'Ixelles',
  'Schaerbeek',
  'Anderlecht',
  'Etterbeek',
  'Laeken',
  'Atomium',
  'Gare du Midi',
  'Flagey',
  'Woluwe',
  'Charleroi',
  'Marcinelle',
  'Gent',
  'Liège',
  'Namur',
  'Leuven',
  'Mons',
  'Lille',
  'Paris',
  'Maastricht',
  'Aachen',
  'Gare',
  'Place',
  'Rue',
];

let server: Server;
let key: CreatedKey;
const boundaries: Record<string, { boundary: Ring; planned?: Ring }> = {};

before(async () => {
  server = await startServer();
  key = await server.createKey(['--rate-per-min', '100000']);
  const cities = (await json(await server.fetch('/cities'))).cities as Json[];
  for (const entry of cities) {
    const city = await json(await server.fetch(`/cities/${entry.id}`));
    const ring = (feature: unknown) =>
      ((feature as Json).geometry as { coordinates: Ring[] }).coordinates[0]!;
    boundaries[String(entry.id)] = {
      boundary: ring(city.boundary),
      ...(city.planned_boundary ? { planned: ring(city.planned_boundary) } : {}),
    };
  }
});
after(async () => {
  await server?.close();
});

const get = (path: string) => server.fetch(path, { headers: bearer(key.key) });

describe('geocode: covered follows the published boundaries', () => {
  test('high_res strictly inside a boundary, high_res_in_development inside a planned one, national_low_res elsewhere', async () => {
    const seen = new Set<string>();
    for (const q of QUERIES) {
      const response = await get(`/geocode?q=${encodeURIComponent(q)}`);
      assert.equal(response.status, 200, q);
      for (const result of (await json(response)).results as Json[]) {
        seen.add(String(result.covered));
        if (result.covered === false) continue;
        const lon = result.lon as number;
        const lat = result.lat as number;
        let expected = 'national_low_res';
        let city: string | undefined;
        for (const [id, b] of Object.entries(boundaries)) {
          if (insideRing(b.boundary, lon, lat)) {
            expected = 'high_res';
            city = id;
            break;
          }
        }
        if (!city) {
          for (const [id, b] of Object.entries(boundaries)) {
            if (b.planned && insideRing(b.planned, lon, lat)) {
              expected = 'high_res_in_development';
              city = id;
              break;
            }
          }
        }
        const where = `${q}: ${JSON.stringify(result)}`;
        assert.equal(result.covered, expected, where);
        assert.equal(result.city, city, where);
      }
    }
    for (const covered of ['high_res', 'high_res_in_development', 'national_low_res', 'false'])
      assert.ok(seen.has(covered), `the sample reaches covered ${covered}`);
  });

  test('repeated q or limit is 400; an encoded plus is echoed as a plus', async () => {
    for (const query of ['q=Gent&q=Mons', 'q=Gent&limit=1&limit=2', 'q[]=Gent']) {
      await expectProblem(await get(`/geocode?${query}`), 400, 'validation_error', server.docsUrl);
    }
    const body = await json(await get('/geocode?q=a%2Bb'));
    assert.equal(body.query, 'a+b');
  });
});

describe('address input on the data endpoints', () => {
  test('an address whose top result is abroad is 422 outside_coverage on every data endpoint', async () => {
    for (const endpoint of ['/historical/stats', '/realtime', '/forecast']) {
      await expectProblem(await get(`${endpoint}?address=Lille`), 422, 'outside_coverage', server.docsUrl);
    }
  });

  test('realtime at an address in the planned zone is 422 outside_coverage; historical serves it nationwide', async () => {
    await expectProblem(await get('/realtime?address=Uccle'), 422, 'outside_coverage', server.docsUrl);
    const response = await get('/historical/stats?address=Uccle&metrics=wind');
    assert.equal(response.status, 200);
    const body = await json(response);
    assert.equal((body.meta as Json).dataset, 'belgium_lowres');
    assert.equal('city' in body, false);
    const location = body.location as Json;
    assert.equal(typeof location.address, 'string');
    for (const c of [location.lat, location.lon])
      assert.equal(Math.round((c as number) * 1e5) / 1e5, c, 'coordinates as used, 5 decimals');
  });

  test('forecast at an address in another city answers for that city', async () => {
    const response = await get('/forecast?address=Charleroi');
    assert.equal(response.status, 200);
    const body = await json(response);
    assert.equal((body.city as Json).id, 'charleroi');
  });
});

describe('historical sampling', () => {
  test('a radius that holds no outdoor cell is 422 rather than a farther value', async () => {
    const problem = await expectProblem(
      await get(
        `/historical/stats?lat=${INSIDE_BUILDING.lat}&lon=${INSIDE_BUILDING.lon}&radius=5&metrics=wind`,
      ),
      422,
      'outside_coverage',
      server.docsUrl,
    );
    assert.ok(problem.detail.length > 0);
    // without the radius the nearest outdoor cells answer
    const meta = (
      await json(
        await get(`/historical/stats?lat=${INSIDE_BUILDING.lat}&lon=${INSIDE_BUILDING.lon}&metrics=wind`),
      )
    ).meta as Json;
    assert.equal(meta.sampling, 'nearest_outdoor');
  });

  test('coordinates that round alike to 5 decimals are one location: same cache entry', async () => {
    const first = await get(`/historical/stats?lat=50.84581&lon=4.35019&metrics=wind`);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-cache'), 'miss');
    const a = await json(first);
    const second = await get(`/historical/stats?lat=50.845809999&lon=4.350190004&metrics=wind`);
    assert.equal(second.headers.get('x-cache'), 'hit', 'rounded before the cache lookup');
    const b = await json(second);
    assert.deepEqual(b.location, { address: null, lat: 50.84581, lon: 4.35019 });
    assert.deepEqual(b.wind, a.wind);
  });

  test('realtime: a radius given as 10 and as the default share one cache entry', async () => {
    const first = await get(`/realtime?lat=${GRAND_PLACE.lat + 0.0001}&lon=${GRAND_PLACE.lon}`);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-cache'), 'miss');
    await first.arrayBuffer();
    const second = await get(`/realtime?lat=${GRAND_PLACE.lat + 0.0001}&lon=${GRAND_PLACE.lon}&radius=10`);
    assert.equal(second.headers.get('x-cache'), 'hit');
    assert.equal(((await json(second)).meta as Json).radius_m, 10);
  });
});
