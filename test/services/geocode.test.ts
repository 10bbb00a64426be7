import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { createGazetteer, ensureGazetteerSeeded } from '../../src/adapters/geocoder/gazetteer.ts';
import { type OpenedDatabase, openDatabase } from '../../src/adapters/store/database.ts';
import { ApiError } from '../../src/domain/errors/catalogue.ts';
import { GeocodeResponseSchema } from '../../src/domain/geocode/geocode-result.ts';
import { GeocodeQuerySchema } from '../../src/http/schemas/geocode.ts';
import { createGeocodeService, type GeocodeService } from '../../src/services/geocode.ts';
import { TtlLru } from '../../src/services/geocode-cache.ts';
import type { Geocoder } from '../../src/services/geocoder-port.ts';
import { embeddedCities } from '../helpers/embedded-cities.ts';

let dataDir: string;
let opened: OpenedDatabase;
let gazetteer: Geocoder;
let calls = 0;
let now = 1_000_000;
let service: GeocodeService;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-geocode-service-'));
  opened = await openDatabase({ dataDir });
  await ensureGazetteerSeeded(opened);
  const real = createGazetteer(opened);
  // the real gazetteer, counting how often it is asked
  gazetteer = {
    search: (q, limit) => {
      calls += 1;
      return real.search(q, limit);
    },
    reverse: (lat, lon) => {
      calls += 1;
      return real.reverse(lat, lon);
    },
  };
  service = createGeocodeService(gazetteer, embeddedCities, { clock: () => now, cacheTtlMs: 60_000 });
});
after(async () => {
  await service.close();
  await opened.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function outside(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(
    promise,
    (error: unknown) => error instanceof ApiError && error.code === 'outside_coverage',
  );
}

describe('geocode (GET /geocode)', () => {
  test('echoes the query as received and classifies each candidate', async () => {
    const body = await service.geocode('  Grand-Place ', 5);
    assert.equal(body.query, '  Grand-Place ');
    assert.deepEqual(body.results[0], {
      address: 'Grand-Place, 1000 Bruxelles',
      lat: 50.8467,
      lon: 4.3525,
      relevance: 1,
      covered: 'high_res',
      city: 'brussels',
      match: 'place',
    });
    assert.ok(Value.Check(GeocodeResponseSchema, body));
  });

  test('inside the planned zone, elsewhere in Belgium, in another city', async () => {
    const [atomium] = (await service.geocode('Atomium', 1)).results;
    assert.equal(atomium?.covered, 'high_res_in_development');
    assert.equal(atomium && 'city' in atomium ? atomium.city : undefined, 'brussels');
    const [bouillon] = (await service.geocode('Bouillon', 1)).results;
    assert.equal(bouillon?.covered, 'national_low_res');
    assert.ok(bouillon && !('city' in bouillon) && 'lat' in bouillon);
    const [charleroi] = (await service.geocode('Place Charles II Charleroi', 1)).results;
    assert.equal(charleroi?.covered, 'high_res');
    assert.equal(charleroi && 'city' in charleroi ? charleroi.city : undefined, 'charleroi');
  });

  test('a candidate outside the service area is its label with covered: false and nothing else', async () => {
    const { results } = await service.geocode('Lille', 5);
    assert.ok(results.length > 0);
    for (const result of results) assert.deepEqual(Object.keys(result).sort(), ['address', 'covered']);
    assert.deepEqual(results[0], { address: '59000 Lille, France', covered: false });
    assert.deepEqual((await service.geocode('Maastricht', 1)).results, [
      { address: '6211 Maastricht, Nederland', covered: false },
    ]);
  });

  test('limit, and nothing found', async () => {
    assert.equal((await service.geocode('Grote Markt', 2)).results.length, 2);
    assert.deepEqual(await service.geocode('xyzzy qwertz', 5), { query: 'xyzzy qwertz', results: [] });
    assert.deepEqual(await service.geocode('   ', 5), { query: '   ', results: [] });
  });

  test('answers are remembered for a short while only, in memory', async () => {
    now += 1_000_000;
    const before = calls;
    await service.geocode('Place Flagey', 5);
    await service.geocode('Place Flagey', 1);
    await service.resolveAddress('Place Flagey');
    assert.equal(calls, before + 1, 'one search serves every limit and the address input');
    now += 61_000;
    await service.geocode('Place Flagey', 5);
    assert.equal(calls, before + 2, 'asked again once the entry expired');
  });
});

describe('resolveAddress (address input of data endpoints and reports)', () => {
  test('the top result, rounded, with its label and coverage', async () => {
    const resolved = await service.resolveAddress('av. Louise');
    assert.equal(resolved.label, 'Avenue Louise, 1050 Bruxelles');
    assert.deepEqual([resolved.lat, resolved.lon], [50.826, 4.364]);
    assert.equal(resolved.coverage.covered, 'high_res_in_development');
  });

  test('nothing found, or found outside, is 422 outside_coverage', async () => {
    await outside(service.resolveAddress('xyzzy qwertz'));
    await outside(service.resolveAddress('Aachen'));
    await outside(service.resolveAddress('Luxembourg'));
    await outside(service.resolveAddress(''));
  });
});

describe('reverseLabel (reports posted with coordinates)', () => {
  test('the nearest known address within reach', async () => {
    assert.equal(await service.reverseLabel(50.846712, 4.352487), 'Grand-Place, 1000 Bruxelles');
  });

  test("else 'lat, lon' with 5 decimals", async () => {
    assert.equal(await service.reverseLabel(50.52, 3.85), '50.52000, 3.85000');
    assert.equal(await service.reverseLabel(50.123456789, 4.000004), '50.12346, 4.00000');
  });

  test('a failing geocoder falls back to the coordinates too', async () => {
    const failing = createGeocodeService(
      {
        search: async () => [],
        reverse: async () => {
          throw new Error('down');
        },
      },
      embeddedCities,
    );
    assert.equal(await failing.reverseLabel(50.8, 4.3), '50.80000, 4.30000');
  });
});

describe('GET /geocode query schema', () => {
  test('q is 1 to 200 characters; limit an integer 1 to 5, default 5', () => {
    assert.ok(Value.Check(GeocodeQuerySchema, { q: 'Grand-Place', limit: 5 }));
    assert.ok(!Value.Check(GeocodeQuerySchema, { q: '', limit: 5 }), 'empty q');
    assert.ok(!Value.Check(GeocodeQuerySchema, { limit: 5 }), 'missing q');
    assert.ok(Value.Check(GeocodeQuerySchema, { q: 'x'.repeat(200), limit: 5 }));
    assert.ok(!Value.Check(GeocodeQuerySchema, { q: 'x'.repeat(201), limit: 5 }), 'oversized q');
    for (const limit of [0, 6, 2.5])
      assert.ok(!Value.Check(GeocodeQuerySchema, { q: 'x', limit }), `limit ${limit}`);
    assert.deepEqual(Value.Default(GeocodeQuerySchema, { q: 'x' }), { q: 'x', limit: 5 });
  });
});

describe('TtlLru', () => {
  test('forgets after the TTL and drops the least recently used when full', () => {
    let clock = 0;
    const cache = new TtlLru<number>({ ttlMs: 100, maxEntries: 2, clock: () => clock });
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.get('a'), 1); // a is now the most recent
    cache.set('c', 3);
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.get('a'), 1);
    clock = 101;
    assert.equal(cache.get('a'), undefined);
    assert.equal(cache.size, 1);
  });
});
