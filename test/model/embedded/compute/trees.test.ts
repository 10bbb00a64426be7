import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { CellSeries } from '../../../../src/domain/grid/model-data.ts';
import type { ModelEngine } from '../../../../src/model/embedded/compute/engine.ts';
import { cellAt } from '../../../../src/model/embedded/grid/geometry.ts';
import { SURFACE } from '../../../../src/model/embedded/morphology/layout.ts';
import type { Morphology } from '../../../../src/model/embedded/morphology/morphology.ts';
import { sharedEngine } from '../../../helpers/shared-domains.ts';

/**
 * Shade and shelter in the parks (issue #47 item 3): the Parc de Bruxelles, a wooded park
 * mapped without tree detail, against the paved Grand-Place and the open Place des Palais
 * beside it. Before the canopy layer its alleys were sunlit, windy paving: the same
 * summer noon Tmrt as the Grand-Place and a windier mean than the squares.
 */
let engine: ModelEngine;
let m: Morphology;
before(async () => {
  const shared = await sharedEngine();
  engine = shared.engine;
  m = shared.domains.get('brussels')!;
});

/** outdoor cells within `radiusM` of a point */
function around(lat: number, lon: number, radiusM: number): number[] {
  const { grid } = m.info;
  const centre = cellAt(grid, lat, lon);
  const reach = Math.ceil(radiusM / 10);
  const cells: number[] = [];
  for (let dr = -reach; dr <= reach; dr++)
    for (let dc = -reach; dc <= reach; dc++) {
      if (dr * dr + dc * dc > reach * reach) continue;
      const cell = centre + dr * grid.cols + dc;
      if (m.rasters.surface[cell] !== SURFACE.building) cells.push(cell);
    }
  return cells;
}

const PARK = { lat: 50.8455, lon: 4.3633 };
const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };

const localHour = (ms: number) =>
  Number(new Date(ms).toLocaleString('en-GB', { hour: 'numeric', timeZone: 'Europe/Brussels' }));
const month = (ms: number) => new Date(ms).getUTCMonth() + 1;

/** the mean over the cells of a per-cell mean over the hours `keep` selects */
function meanOf(
  series: CellSeries[],
  field: 'tmrtC' | 'ucomfort',
  keep: (s: CellSeries, i: number) => boolean,
): number {
  let sum = 0;
  for (const s of series) {
    let cellSum = 0;
    let n = 0;
    for (let i = 0; i < s.hours.length; i++)
      if (keep(s, i)) {
        cellSum += s[field][i]!;
        n++;
      }
    sum += cellSum / n;
  }
  return sum / series.length;
}

/** days whose maximum UTCI, averaged over the cells hour by hour, exceeds 32 °C */
function strongHeatDays(series: CellSeries[]): number {
  const byDay = new Map<string, number>();
  const first = series[0]!;
  for (let i = 0; i < first.hours.length; i++) {
    const utci = series.reduce((a, s) => a + s.utci[i]!, 0) / series.length;
    const day = new Date(first.hours[i]!).toLocaleDateString('en-CA', { timeZone: 'Europe/Brussels' });
    byDay.set(day, Math.max(byDay.get(day) ?? Number.NEGATIVE_INFINITY, utci));
  }
  return [...byDay.values()].filter((max) => max > 32).length;
}

/** the sunny hours of summer middays (global radiation above 600 W/m²) */
const summerNoon = (s: CellSeries, i: number) =>
  [6, 7, 8].includes(month(s.hours[i]!)) &&
  localHour(s.hours[i]!) >= 12 &&
  localHour(s.hours[i]!) <= 14 &&
  s.ghiWm2[i]! > 600;

test('the park is mapped as a wooded canopy, paths under its trees included', () => {
  const cells = around(PARK.lat, PARK.lon, 100);
  const canopied = cells.filter((c) => m.rasters.canopy[c]! >= 50);
  assert.ok(canopied.length > 0.8 * cells.length, `${canopied.length} of ${cells.length} cells under trees`);
  const paths = cells.filter((c) => m.rasters.surface[c] === SURFACE.plaza);
  const shadedPaths = paths.filter((c) => m.rasters.canopy[c]! >= 50);
  assert.ok(
    paths.length > 0 && shadedPaths.length >= 0.9 * paths.length,
    `${shadedPaths.length} of ${paths.length} alley cells under trees`,
  );
  assert.ok(around(GRAND_PLACE.lat, GRAND_PLACE.lon, 25).every((c) => m.rasters.canopy[c] === 0));
});

test('under the summer canopy the sunny noon Tmrt is at least 10 K below the sunlit Grand-Place', () => {
  const park = engine.series('brussels', around(PARK.lat, PARK.lon, 100), { kind: 'reference' });
  const square = engine.series('brussels', around(GRAND_PLACE.lat, GRAND_PLACE.lon, 25), {
    kind: 'reference',
  });
  const parkNoon = meanOf(park, 'tmrtC', summerNoon);
  const squareNoon = meanOf(square, 'tmrtC', summerNoon);
  assert.ok(
    squareNoon - parkNoon >= 10,
    `park ${parkNoon.toFixed(1)} °C, Grand-Place ${squareNoon.toFixed(1)} °C`,
  );
  // and the shade follows the leaves: in winter the bare crowns let most of the sun through
  const winterNoon = (s: CellSeries, i: number) =>
    [12, 1, 2].includes(month(s.hours[i]!)) && localHour(s.hours[i]!) === 13 && s.ghiWm2[i]! > 200;
  assert.ok(
    meanOf(square, 'tmrtC', winterNoon) - meanOf(park, 'tmrtC', winterNoon) < squareNoon - parkNoon,
    'a smaller gap in winter',
  );
  const parkDays = strongHeatDays(park);
  const squareDays = strongHeatDays(square);
  assert.ok(
    parkDays <= squareDays / 2,
    `strong heat stress days: park ${parkDays}, Grand-Place ${squareDays}`,
  );
});

test('the park is calmer on foot than the open Grand-Place (its alleys were windy paving)', () => {
  const park = engine.series('brussels', around(PARK.lat, PARK.lon, 100), { kind: 'reference' });
  const square = engine.series('brussels', around(GRAND_PLACE.lat, GRAND_PLACE.lon, 25), {
    kind: 'reference',
  });
  const every = () => true;
  const parkWind = meanOf(park, 'ucomfort', every);
  const squareWind = meanOf(square, 'ucomfort', every);
  assert.ok(
    parkWind < squareWind,
    `park ${parkWind.toFixed(2)} m/s, Grand-Place ${squareWind.toFixed(2)} m/s`,
  );
});
