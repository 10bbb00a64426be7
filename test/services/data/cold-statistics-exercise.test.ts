import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMemoryCache } from '../../../src/adapters/cache/memory.ts';
import { createStatisticsPool } from '../../../src/adapters/threads/statistics-pool.ts';
import type { MicroclimateModel } from '../../../src/model/microclimate-model.ts';
import { exerciseColdStatistics } from '../../../src/services/data/cold-statistics-exercise.ts';
import { createStatisticsEngine } from '../../../src/services/data/statistics-engine.ts';
import type { KeyValueCache } from '../../../src/services/ports/cache-port.ts';
import { embeddedCities } from '../../helpers/embedded-cities.ts';
import { sharedEmbeddedModel } from '../../helpers/shared-domains.ts';

/**
 * The start-up exercise of the cold statistics path runs the real model and statistics
 * threads over points, pairs of cells and radii of every city domain, and keeps nothing.
 */
describe('cold statistics exercise', () => {
  let model: MicroclimateModel;
  const pool = createStatisticsPool(2);
  let keepAlive: NodeJS.Timeout;
  before(async () => {
    keepAlive = setInterval(() => {}, 1000);
    model = await sharedEmbeddedModel(2);
  });
  after(async () => {
    clearInterval(keepAlive);
    await pool.close();
    await model.close();
  });

  /** the real model, with every series call it answered written down */
  function recording(calls: Array<{ domain: string; cells: number }>): MicroclimateModel {
    return new Proxy(model, {
      get(target, name, receiver) {
        if (name === 'series')
          return (...args: Parameters<MicroclimateModel['series']>) =>
            target.series(...args).then((series) => {
              calls.push({ domain: args[0], cells: args[1].length });
              return series;
            });
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** a memory cache whose written keys are listed */
  function listing(keys: string[]): KeyValueCache {
    const cache = createMemoryCache();
    return {
      ...cache,
      set(key, value, ttl) {
        keys.push(key);
        return cache.set(key, value, ttl);
      },
    };
  }

  test('computes points, pairs and radii in every city domain and stores no statistics', async () => {
    const calls: Array<{ domain: string; cells: number }> = [];
    const written: string[] = [];
    const exercised = recording(calls);
    const statistics = createStatisticsEngine({
      cities: embeddedCities,
      model: exercised,
      cache: listing(written),
      pool,
    });
    const cities = model.domains().filter((info) => info.hasBuildings);
    // the references (their own series) first, as at start-up, so that what follows is the exercise's
    for (const city of cities) await statistics.references(city.id);
    calls.length = 0;
    await exerciseColdStatistics({ model: exercised, statistics, clock: Date.now });

    assert.ok(cities.length >= 2, 'the embedded coverage has at least two city domains');
    for (const city of cities) {
      const own = calls.filter((call) => call.domain === city.id);
      assert.ok(own.filter((call) => call.cells === 1).length >= 20, `${city.id}: single cells`);
      assert.ok(
        own.some((call) => call.cells === 2),
        `${city.id}: pairs of cells`,
      );
      assert.ok(
        own.some((call) => call.cells > 2),
        `${city.id}: a radius`,
      );
    }
    // the domains in turn, not one after the other
    assert.notEqual(calls[0]?.domain, calls[1]?.domain);
    // only the references (computed once per model version) reach the cache, never a location's statistics
    assert.ok(written.length > 0);
    for (const key of written) assert.doesNotMatch(key, /^historical:/);
  });

  test('stops at the next location once told to', async () => {
    const calls: Array<{ domain: string; cells: number }> = [];
    const exercised = recording(calls);
    const statistics = createStatisticsEngine({
      cities: embeddedCities,
      model: exercised,
      cache: createMemoryCache(),
      pool,
    });
    for (const city of model.domains().filter((info) => info.hasBuildings))
      await statistics.references(city.id);
    calls.length = 0;
    await exerciseColdStatistics({ model: exercised, statistics, clock: Date.now }, () => calls.length >= 3);
    assert.equal(calls.length, 3);
  });
});
