import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createReferenceStore } from '../../src/adapters/store/reference-store.ts';
import { METEO_QUANTITIES } from '../../src/domain/live/readings.ts';
import { type ReferenceYear, referenceVersion } from '../../src/domain/live/reference-year.ts';
import { controllableRenderer } from '../helpers/reports.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue #50, the reports: with a backfilled reference year in use, a report's air page sets
 * the nearest station's measured yearly averages beside the modelled ones at the place, in
 * the report's language; without one, it prints no such table. The year is written through
 * the reference store, as `svc feeds backfill` does (test/http/history.test.ts).
 */

const HOUR = 3_600_000;
const YEAR = 2024;
const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
/** ~0.7 km from the Grand-Place: the nearest */
const NEAR = { id: '41B004', lat: 50.85205998, lon: 4.3477775 };
/** ~1.4 km away */
const FAR = { id: '41R001', lat: 50.84971056, lon: 4.33410368 };

let service: TestService;
let key: string;

before(async () => {
  service = await startTestService({ CITIES_POLL_MS: '500' }, { pdf: controllableRenderer() });
  key = await service.createKey(['--rate-per-min', '10000', '--reports-per-day', '20']);
});
after(() => service?.close());

const headers = () => ({ 'x-api-key': key, 'content-type': 'application/json' });

async function reportHtml(lang: string): Promise<string> {
  const posted = await service.composition.app.inject({
    method: 'POST',
    url: '/v1/reports',
    headers: headers(),
    payload: JSON.stringify({ ...GRAND_PLACE, radius: 5, lang }),
  });
  assert.equal(posted.statusCode, 202, posted.body);
  const job = await until(
    async () => {
      const polled = (
        await service.composition.app.inject({
          url: `/v1/reports/${posted.json().job_id}`,
          headers: headers(),
        })
      ).json();
      assert.notEqual(polled.status, 'failed', JSON.stringify(polled));
      return polled.files?.html ? polled : undefined;
    },
    { timeoutMs: 300_000, intervalMs: 500, what: 'the report' },
  );
  const html = await service.composition.app.inject({ url: job.files.html.url, headers: headers() });
  assert.equal(html.statusCode, 200);
  return html.body;
}

function backfilledYear(): Omit<ReferenceYear, 'version'> {
  const start = Date.UTC(YEAR, 0, 1);
  const hours = Array.from({ length: (Date.UTC(YEAR + 1, 0, 1) - start) / HOUR }, (_, i) => start + i * HOUR);
  const meteoValue: Record<string, number> = {
    ta_c: 15,
    rh_pct: 70,
    wind_ms: 4,
    wind_dir_deg: 225,
    gust_ms: 7,
    ghi_wm2: 100,
    cloud_pct: 50,
  };
  return {
    domain: 'brussels',
    year: YEAR,
    meteo: [
      {
        lat: 50.85,
        lon: 4.35,
        series: Object.fromEntries(
          METEO_QUANTITIES.map((q) => [q, hours.map((h) => [h, meteoValue[q]!] as const)]),
        ),
      },
    ],
    stations: [
      {
        ...NEAR,
        series: {
          // NO2 all year round but for a day: an annual mean
          no2: hours.slice(24).map((h, i) => [h, i % 2 === 0 ? 28 : 32] as const),
          // PM10 for half the year only: too little for an annual mean (the EU's 90 %)
          pm10: hours.slice(0, hours.length / 2).map((h) => [h, 18] as const),
        },
      },
      {
        ...FAR,
        series: { no2: hours.map((h) => [h, 45] as const), pm10: hours.map((h) => [h, 25] as const) },
      },
    ],
    newestMeteoMs: hours.at(-1)!,
    newestAirMs: hours.at(-1)!,
  };
}

test('without a backfilled year the air page has no station table', async () => {
  const html = await reportHtml('en');
  assert.match(html, /Yearly averages against the guidelines/);
  assert.doesNotMatch(html, /station-year|Measured at the nearest station/);
});

test("with a backfilled year the air page sets the nearest station's measured yearly averages beside the modelled ones", async () => {
  const body = backfilledYear();
  await createReferenceStore(service.composition.database.db).activate(
    [{ year: { ...body, version: referenceVersion(body) }, summary: 'test year' }],
    Date.now(),
  );
  const stats = await until(
    async () => {
      const answer = (
        await service.composition.app.inject({
          url: `/v1/historical/stats?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}&radius=5`,
          headers: headers(),
        })
      ).json();
      return answer.meta?.reference_year === YEAR ? answer : undefined;
    },
    { timeoutMs: 180_000, intervalMs: 1000, what: 'the backfilled year taken' },
  );
  const modelledNo2 = (stats.air.annual_mean_ugm3.no2 as number).toFixed(1).replace('.', ',');

  const html = await reportHtml('fr');
  assert.match(html, /Mesuré à la station la plus proche/);
  const table = /<table class="station-year">[\s\S]*?<\/table>/.exec(html)?.[0];
  assert.ok(table, 'the station table');
  const intro = /<p class="station-year">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
  assert.match(intro, /41B004/, 'the nearest station is named');
  assert.match(intro, /2024/);
  assert.match(intro, /\d+\s*m d’ici/, intro);
  const rows = [...table.matchAll(/<tr>\s*<td>([^<]*)<\/td>([\s\S]*?)<\/tr>/g)].map((m) => ({
    name: m[1]!,
    cells: m[2]!
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
  assert.equal(rows.length, 1, `only NO2 has an annual mean at the station: ${JSON.stringify(rows)}`);
  assert.match(rows[0]!.name, /NO|azote/);
  // measured: the mean of 28 and 32 (not the far station's 45); modelled: the statistics' mean
  assert.ok(rows[0]!.cells.startsWith('30,0'), rows[0]!.cells);
  assert.ok(rows[0]!.cells.includes(modelledNo2), `${rows[0]!.cells} shows the modelled ${modelledNo2}`);
});
