import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RECORDS_DEFAULT_RADIUS_M } from '../../../../src/domain/data/location-input.ts';
import { liveInputsFrom } from '../../../../src/domain/live/live-inputs.ts';
import type { Reading } from '../../../../src/domain/live/readings.ts';
import { POLLUTANTS } from '../../../../src/domain/live/readings.ts';
import { ModelEngine } from '../../../../src/model/embedded/compute/engine.ts';
import { allocateOutput } from '../../../../src/model/embedded/compute/series-output.ts';
import { AirCorrection, emptyColumns } from '../../../../src/model/embedded/live/air-correction.ts';
import { stationKind } from '../../../../src/model/embedded/live/station-kinds.ts';
import { nearestOutdoor, outdoorCellsWithin } from '../../../../src/model/embedded/spatial/queries.ts';
import { MODEL_SEED } from '../../../../src/model/embedded/version.ts';
import { sharedEngine } from '../../../helpers/shared-domains.ts';

/**
 * Background from background stations (issue #46 item 2): the background field is made of
 * the background stations' residuals; a traffic station corrects its own street — its
 * footprint answers its measurement — and its excess fades within a few hundred metres,
 * never raising the district around it.
 */
const HOUR = 3_600_000;
const NOW_HOUR = Date.UTC(2026, 10, 23, 14);
const ARTS_LOI = { code: '41B001', lat: 50.84577807, lon: 4.36811326 };
const SAINTE_CATHERINE = { code: '41B004', lat: 50.85205998, lon: 4.3477775 };
const UCCLE = { code: '41R012', lat: 50.7967, lon: 4.3586 };
/** 1 km north-east of Arts-Loi, across the Leopold quarter */
const KM_AWAY = { lat: 50.8522, lon: 4.379 };

function correctedAt(
  sites: ConstructorParameters<typeof AirCorrection>[0],
  residuals: number[],
  lat: number,
  lon: number,
) {
  const columns = emptyColumns(sites.length);
  const means = emptyColumns(1);
  const background = residuals.filter((_, s) => sites[s]!.kind !== 'traffic');
  for (const p of POLLUTANTS) {
    residuals.forEach((r, s) => {
      columns[p][s] = r;
    });
    means[p][0] = background.reduce((a, b) => a + b, 0) / background.length;
  }
  const out = allocateOutput(1);
  out.no2[0] = 20;
  new AirCorrection(sites, 1, columns, means).apply(lat, lon, 0, 1, out, 0);
  return out.no2[0]! / 20;
}

test("a traffic station's residual stays in its street; the background stations make the field", () => {
  const sites = [
    { lat: 50.85, lon: 4.35, footprintKm: 0.01 },
    { lat: 50.8, lon: 4.35, footprintKm: 0.01 },
    { lat: 50.8456, lon: 4.3694, footprintKm: 0.01, kind: 'traffic' as const },
  ];
  const residuals = [0, 0, Math.log(3)];
  assert.ok(Math.abs(correctedAt(sites, residuals, 50.8456, 4.3694) - 3) < 1e-4, 'its own footprint');
  const near = correctedAt(sites, residuals, 50.8456 + 0.05 / 111.2, 4.3694);
  assert.ok(near > 1.2 && near < 3, `50 m away ×${near.toFixed(3)}`);
  const far = correctedAt(sites, residuals, 50.8546, 4.3694);
  assert.ok(far < 1.01, `1 km away ×${far.toFixed(4)}`);
  // as a background station the same residual would have spread
  const asBackground = sites.map(({ kind: _, ...site }) => site);
  assert.ok(correctedAt(asBackground, residuals, 50.8546, 4.3694) > 1.2);
});

function inputs(artsLoiFactor: number): ReturnType<typeof liveInputsFrom> {
  const readings: Reading[] = [];
  for (let h = -30; h <= 1; h++) {
    const hourMs = NOW_HOUR + h * HOUR;
    for (const [station, value] of [
      [SAINTE_CATHERINE, 30],
      [UCCLE, 22],
      [ARTS_LOI, 30 * artsLoiFactor],
    ] as const)
      readings.push({
        feed: 'ircel-celine',
        site: station.code,
        lat: station.lat,
        lon: station.lon,
        quantity: 'no2',
        hourMs,
        value,
      });
  }
  return liveInputsFrom(readings);
}

test("the Brussels kerbside stations are traffic, the others background; a traffic station's excess stays in its street", async () => {
  const { domains } = await sharedEngine();
  const m = domains.get('brussels')!;
  const shared = await sharedEngine();
  const bg = shared.engine.background('brussels');
  const footprint = (lat: number, lon: number) => {
    const cells = outdoorCellsWithin(m, lat, lon, RECORDS_DEFAULT_RADIUS_M);
    return cells.length > 0 ? cells : (nearestOutdoor(m, lat, lon)?.cells ?? []);
  };
  assert.equal(stationKind(m, bg, footprint(ARTS_LOI.lat, ARTS_LOI.lon)), 'traffic');
  assert.equal(stationKind(m, bg, footprint(SAINTE_CATHERINE.lat, SAINTE_CATHERINE.lon)), 'background');

  const observed = { kind: 'observed' as const, fromMs: NOW_HOUR - 5 * HOUR, toMs: NOW_HOUR };
  const answer = (factor: number, lat: number, lon: number) => {
    const engine = new ModelEngine(domains, MODEL_SEED);
    engine.setLive(inputs(factor));
    const series = engine.series('brussels', footprint(lat, lon), observed);
    return (
      series.map((s) => s.no2.reduce((a, b) => a + b, 0) / s.no2.length).reduce((a, b) => a + b, 0) /
      series.length
    );
  };
  // Arts-Loi reads three times Sainte-Catherine: its own footprint answers it
  const own = answer(3, ARTS_LOI.lat, ARTS_LOI.lon);
  assert.ok(Math.abs(own / 90 - 1) < 0.1, `Arts-Loi answers ${own.toFixed(1)} where 90 was measured`);
  // 1 km away the district does not follow the kerb
  const withExcess = answer(3, KM_AWAY.lat, KM_AWAY.lon);
  const without = answer(1, KM_AWAY.lat, KM_AWAY.lon);
  assert.ok(
    withExcess / without < 1.1,
    `1 km away ${withExcess.toFixed(1)} with the excess, ${without.toFixed(1)} without`,
  );
});
