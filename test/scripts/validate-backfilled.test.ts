import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backfilledMarkdown, backfilledRows } from '../../scripts/model-validation/backfilled.ts';
import { SITES } from '../../scripts/model-validation/sites.ts';
import { markdown } from '../../scripts/model-validation/table.ts';
import type { HourValues } from '../../src/domain/live/live-inputs.ts';
import { type ReferenceYear, referenceYearsOf } from '../../src/domain/live/reference-year.ts';
import { sharedEngine } from '../helpers/shared-domains.ts';

/**
 * `npm run validate:model`'s table against a backfilled year (issue #35): a station of the
 * year near a validation site is compared with the model run on that year's meteorology,
 * without the stations' correction (else the model would answer the measurement itself).
 */
const HOUR = 3_600_000;
const year = 2024;
const hours = (value: (i: number) => number): HourValues =>
  Array.from({ length: 8784 }, (_, i) => [Date.UTC(year, 0, 1) + i * HOUR, value(i)] as const);

test('a backfilled station near a site gets a row: its measured mean beside the uncorrected model', async () => {
  const { engine } = await sharedEngine();
  const site = SITES.find((s) => s.name.startsWith('Sainte-Catherine'))!;
  const backfilled: ReferenceYear = {
    domain: 'brussels',
    year,
    version: 'test-2024',
    meteo: [
      {
        lat: 50.846,
        lon: 4.36,
        series: { ta_c: hours(() => 12), wind_ms: hours(() => 3), wind_dir_deg: hours(() => 225) },
      },
    ],
    // a measurement far from anything the model makes: a corrected model would answer it
    stations: [{ id: '41B004', lat: site.lat, lon: site.lon, series: { no2: hours(() => 400) } }],
    newestMeteoMs: null,
    newestAirMs: null,
  };
  const rows = backfilledRows(engine, referenceYearsOf([backfilled]));
  assert.equal(rows.length, 1);
  const [row] = rows;
  assert.equal(row!.station, '41B004');
  assert.equal(row!.measured.no2, 400);
  assert.ok(
    row!.model.no2 > 0 && row!.model.no2 < 200,
    `the model's own NO2 (${row!.model.no2}), uncorrected`,
  );
  assert.match(backfilledMarkdown(rows), /Against the backfilled year \(2024/);
  // the air table's second column: this site's model on the backfilled year / the station
  const other = SITES.find((s) => s !== row!.site)!;
  const air = [row!.site, other].map((s) => ({
    site: s,
    dataset: 'hyper-local' as const,
    no2: 30,
    pm25: 10,
    no2Ratio: 1,
    pm25Ratio: 1,
  }));
  const table = markdown({ air, boundary: [], climate: [] }, rows).split('\n');
  assert.match(table[2]!, /\| against the backfilled year 2024 \(NO2 model \/ measured, ratio\) \|$/);
  const siteLine = table.find((line) => line.startsWith(`| ${row!.site.name} |`))!;
  assert.match(siteLine, new RegExp(`\\| ${row!.model.no2.toFixed(1)} / 400\\.0 \\(\\d+\\.\\d\\d\\) \\|$`));
  assert.match(table.find((line) => line.startsWith(`| ${other.name} |`))!, /\| — \|$/);
  assert.doesNotMatch(markdown({ air, boundary: [], climate: [] }).split('\n')[2]!, /backfilled/);
});
