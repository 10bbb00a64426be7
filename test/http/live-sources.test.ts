import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * Without FEED_*, everything behaves as before and meta.sources says `synthetic`
 * (issue #34): /realtime and /forecast name the generator, /historical/stats the
 * reference year's weather; readiness lists no feeds.
 */
let service: TestService;
let key: string;
before(async () => {
  service = await startTestService({ COMPUTE_DEADLINE_MS: '280000' });
  key = await service.createKey(['--rate-per-min', '10000']);
});
after(() => service.close());

async function get(url: string) {
  const response = await service.composition.app.inject({ url, headers: { authorization: `Bearer ${key}` } });
  return { status: response.statusCode, body: response.json() };
}

for (const product of ['realtime', 'forecast']) {
  test(`/${product} says synthetic`, async () => {
    const { status, body } = await get(`/v1/${product}?lat=50.8467&lon=4.3525`);
    assert.equal(status, 200);
    // one entry per input, every one the generator
    assert.deepEqual(
      body.meta.sources.map((s: { input: string }) => s.input),
      ['meteorology', 'air'],
    );
    for (const source of body.meta.sources) {
      assert.equal(source.id, 'synthetic');
      assert.equal(source.kind, 'synthetic');
      assert.equal(source.status, 'fallback');
      assert.equal(Date.parse(source.as_of), Date.parse(body.hourly.at(-1).hour));
    }
    // the spec's fields are all still there
    for (const field of ['dataset', 'resolution_m', 'radius_m', 'hours', 'retrieved_utc'])
      assert.ok(field in body.meta);
  });
}

test('/historical/stats names the reference year weather: the city file (epw) or the generator', async () => {
  const { status, body } = await get('/v1/historical/stats?lat=50.8467&lon=4.3525&metrics=thermal');
  assert.equal(status, 200);
  const [source] = body.meta.sources;
  assert.ok(['epw', 'synthetic'].includes(source.id), source.id);
  assert.equal(source.kind, source.id === 'epw' ? 'typical-year' : 'synthetic');
  assert.ok(source.as_of.startsWith(String(body.meta.reference_year)));
});

test('readiness lists no feeds when none is configured', async () => {
  const response = await service.composition.app.inject({ url: '/v1/health/ready' });
  assert.equal(response.statusCode, 200);
  assert.equal('feeds' in response.json(), false);
});
