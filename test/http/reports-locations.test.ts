import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * Issue #12, item 1 and 3 through HTTP on the real composition (model, gazetteer,
 * Chromium): well-known addresses whose point lies inside a building complete, sampled
 * exactly like the historical statistics; a radius the caller chose that holds no outdoor
 * cell is refused before anything is counted; labels come in the report's language.
 */
let service: TestService;
let key: string;
before(async () => {
  service = await startTestService();
  key = await service.createKey(['--rate-per-min', '10000', '--reports-per-day', '50']);
});
after(() => service.close());

const inject = (options: InjectOptions, secret = key) =>
  service.composition.app.inject({
    ...options,
    headers: { 'x-api-key': secret, 'content-type': 'application/json', ...(options.headers ?? {}) },
  });
const post = (body: unknown, secret = key) =>
  inject({ method: 'POST', url: '/v1/reports', payload: JSON.stringify(body) }, secret);

async function finished(jobId: string, secret = key) {
  for (let i = 0; i < 600; i++) {
    const job = (await inject({ url: `/v1/reports/${jobId}` }, secret)).json();
    if (job.status !== 'processing') return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(`job ${jobId} did not finish`);
}

/** the visible text of the report's "Values taken from" line */
function samplingLine(html: string): string {
  const match = /<dt>Values taken from<\/dt><dd>([^<]*)<\/dd>/.exec(html);
  assert.ok(match, 'the cover states how values were sampled');
  return match[1]!.replaceAll('\u00a0', ' ');
}

const WELL_KNOWN = [
  'Palais de Justice',
  'Gare Centrale',
  'Parlement européen',
  'Place de Brouckère',
  'Rue Haute',
  'Sablon',
];

describe('reports for well-known addresses (issue #12)', () => {
  test('every one completes; inside a building it reads the nearest outdoor cells, as /historical/stats does', async () => {
    const accepted = await Promise.all(WELL_KNOWN.map((address) => post({ address })));
    for (const response of accepted) assert.equal(response.statusCode, 202, response.body);
    let nearest = 0;
    for (const [index, response] of accepted.entries()) {
      const address = WELL_KNOWN[index]!;
      const job = await finished(response.json().job_id);
      assert.equal(job.status, 'completed', `${address}: ${JSON.stringify(job)}`);
      assert.ok(job.files.pdf, `${address}: PDF printed`);
      const html = (await inject({ url: job.files.html.url })).body;
      const line = samplingLine(html);
      const stats = await inject({
        url: `/v1/historical/stats?address=${encodeURIComponent(address)}&metrics=air`,
      });
      assert.equal(stats.statusCode, 200, stats.body);
      const meta = stats.json().meta;
      if (meta.sampling === 'nearest_outdoor') {
        nearest += 1;
        assert.match(line, /nearest outdoor cells/, `${address}: ${line}`);
        assert.ok(
          line.includes(`${Math.round(meta.distance_m)} m`),
          `${address}: the report states the distance ${meta.distance_m} m: ${line}`,
        );
      } else {
        assert.match(line, /average of \d+ outdoor grid cells? within 10 m|grid cell containing/, line);
      }
    }
    assert.ok(nearest >= 1, 'at least one of these addresses lies inside a building');
  });

  test('a radius the caller chose with no outdoor cell is a 422 before counting; the default radius is served', async () => {
    const limited = await service.createKey(['--reports-per-day', '1']);
    const inside = await inject({ url: '/v1/historical/stats?address=Palais%20de%20Justice&metrics=air' });
    const { lat, lon } = inside.json().location;
    // find a radius the historical statistics refuse there, and ask the report for the same
    const refusedByStats = await inject({
      url: `/v1/historical/stats?lat=${lat}&lon=${lon}&radius=5&metrics=air`,
    });
    if (refusedByStats.statusCode === 422) {
      const refused = await post({ lat, lon, radius: 5 }, limited);
      assert.equal(refused.statusCode, 422, refused.body);
      assert.equal(refused.json().code, 'outside_coverage');
      assert.match(refused.json().detail, /omit it/);
    } else {
      assert.equal(inside.json().meta.sampling, 'point', 'the point is outdoors, so any radius samples');
    }
    // nothing was counted: the one report of the day is still available, at the default radius
    const served = await post({ lat, lon }, limited);
    assert.equal(served.statusCode, 202, served.body);
    assert.equal((await finished(served.json().job_id, limited)).status, 'completed');
    assert.equal((await post({ lat, lon }, limited)).statusCode, 429);
  });

  test('the address label is in the report language, forward and reverse', async () => {
    const nl = await post({ address: 'Grand-Place', lang: 'nl' });
    const fr = await post({ address: 'Grote Markt Brussel', lang: 'fr' });
    const en = await post({ address: 'Grote Markt Brussel', lang: 'en' });
    const reverse = await post({ lat: 50.8467, lon: 4.3525, lang: 'nl' });
    assert.equal((await finished(nl.json().job_id)).address, 'Grote Markt, 1000 Brussel');
    assert.equal((await finished(fr.json().job_id)).address, 'Grand-Place, 1000 Bruxelles');
    assert.equal((await finished(en.json().job_id)).address, 'Grand Place, 1000 Brussels');
    const reversed = await finished(reverse.json().job_id);
    assert.equal(reversed.address, 'Grote Markt, 1000 Brussel');
    const html = (await inject({ url: reversed.files.html.url })).body;
    assert.match(html, /<p class="address">Grote Markt, 1000 Brussel<\/p>/);
  });
});
