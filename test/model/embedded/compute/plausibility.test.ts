import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { CellSeries } from '../../../../src/domain/grid/model-data.ts';
import type { ModelEngine } from '../../../../src/model/embedded/compute/engine.ts';
import { cellAt } from '../../../../src/model/embedded/grid/geometry.ts';
import { HORIZON_DIRECTIONS, ROAD_CLASS, SURFACE } from '../../../../src/model/embedded/morphology/layout.ts';
import type { Morphology } from '../../../../src/model/embedded/morphology/morphology.ts';
import { sharedEngine } from '../../../helpers/shared-domains.ts';

/**
 * The reference year must behave like real Brussels (DOMAIN.md §4.4, §3, §5): each
 * group of cells is picked from the morphology by what it is, then compared.
 */
let engine: ModelEngine;
let m: Morphology;
before(async () => {
  const shared = await sharedEngine();
  engine = shared.engine;
  m = shared.domains.get('brussels')!;
});

/** cells inside the high-resolution zone (the grid's margin answers the nationwide cells) */
function pick(pred: (cell: number) => boolean, max = 30): number[] {
  const n = m.rasters.surface.length;
  const outside = engine.background('brussels').nationalCell!;
  const out: number[] = [];
  for (let i = 0; i < n && out.length < max; i += 53) if (outside[i]! < 0 && pred(i)) out.push(i);
  return out;
}
const outdoor = (i: number) => m.rasters.surface[i] !== SURFACE.building;
const mean = (xs: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += xs[i]!;
  return sum / xs.length;
};
const groupMean = (series: CellSeries[], f: (s: CellSeries) => number) =>
  series.reduce((a, s) => a + f(s), 0) / series.length;
const share = (xs: Float32Array, above: number) => xs.filter((v) => v > above).length / xs.length;

let busy: CellSeries[];
let park: CellSeries[];
function busyStreets() {
  busy ??= engine.series(
    'brussels',
    pick((i) => outdoor(i) && m.rasters.distMajorM[i]! <= 10),
    { kind: 'reference' },
  );
  return busy;
}
function parks() {
  park ??= engine.series(
    'brussels',
    pick((i) => m.rasters.surface[i] === SURFACE.park && m.rasters.distMajorM[i]! > 80),
    {
      kind: 'reference',
    },
  );
  return park;
}

describe('Brussels reference year: air', () => {
  test('has urban-background NO2 of 15–20 µg/m³ in parks and 30–50 on busy streets', () => {
    const p = groupMean(parks(), (s) => mean(s.no2));
    const b = groupMean(busyStreets(), (s) => mean(s.no2));
    // OSM's parks include garden strips and squares near streets: up to 21 (the
    // Sainte-Catherine urban-background reference reads 24)
    assert.ok(p >= 14 && p <= 21, `parks ${p}`);
    assert.ok(b >= 30 && b <= 50, `busy streets ${b}`);
    assert.ok(b / p > 1.6 && b / p < 3.2, `ratio ${b / p}`);
  });

  test('has PM2.5 8–11 and PM10 14–20, less contrasted than NO2', () => {
    const pm25Busy = groupMean(busyStreets(), (s) => mean(s.pm25));
    const pm25Park = groupMean(parks(), (s) => mean(s.pm25));
    const pm10Busy = groupMean(busyStreets(), (s) => mean(s.pm10));
    const pm10Park = groupMean(parks(), (s) => mean(s.pm10));
    for (const v of [pm25Busy, pm25Park]) assert.ok(v >= 8 && v <= 11.5, `PM2.5 ${v}`);
    for (const v of [pm10Busy, pm10Park]) assert.ok(v >= 13.5 && v <= 20.5, `PM10 ${v}`);
    assert.ok(pm25Busy / pm25Park < 1.3, `PM2.5 contrast ${pm25Busy / pm25Park}`);
    const no2Contrast = groupMean(busyStreets(), (s) => mean(s.no2)) / groupMean(parks(), (s) => mean(s.no2));
    assert.ok(pm25Busy / pm25Park < no2Contrast - 0.5);
  });

  test('peaks NO2 in the rush hours and in winter; ozone the other way round', () => {
    const s = busyStreets()[0]!;
    const byUtcHour = (h: number) => mean(s.no2.filter((_, i) => new Date(s.hours[i]!).getUTCHours() === h));
    assert.ok(byUtcHour(7) > 1.3 * byUtcHour(2), `07Z ${byUtcHour(7)} 02Z ${byUtcHour(2)}`);
    const inMonths = (xs: Float32Array, months: number[]) =>
      mean(xs.filter((_, i) => months.includes(new Date(s.hours[i]!).getUTCMonth())));
    assert.ok(inMonths(s.no2, [11, 0, 1]) > 1.15 * inMonths(s.no2, [5, 6, 7]));
    assert.ok(inMonths(s.o3, [4, 5, 6, 7]) > 1.3 * inMonths(s.o3, [10, 11, 0]));
  });
});

describe('Brussels reference year: wind', () => {
  test('is windier at tower corners and on open squares than in narrow sheltered streets', () => {
    // the real city's heights come from a rule (docs/heights.md): the North quarter's
    // towers stand at 40–50 m, none reaches the synthetic city's 60 m
    const tall = (i: number) => m.rasters.heightM[i]! >= 40;
    // sheltered means among low buildings: a narrow street beside a tower gets its downwash
    const tallWithin = (i: number, cells: number) => {
      const g = m.info.grid;
      for (let dr = -cells; dr <= cells; dr++)
        for (let dc = -cells; dc <= cells; dc++)
          if ((m.rasters.heightM[i + dr * g.cols + dc] ?? 0) >= 30) return true;
      return false;
    };
    const nearTower = (i: number) => {
      const g = m.info.grid;
      for (const d of [-2, 2, -2 * g.cols, 2 * g.cols]) if (tall(i + d)) return true;
      return false;
    };
    const corners = engine.series(
      'brussels',
      pick((i) => outdoor(i) && nearTower(i)),
      { kind: 'reference' },
    );
    const squares = engine.series(
      'brussels',
      pick(
        (i) =>
          m.rasters.surface[i] === SURFACE.plaza && m.rasters.svf[i]! > 0.85 && m.rasters.canopy[i] === 0,
      ),
      {
        kind: 'reference',
      },
    );
    const narrow = engine.series(
      'brussels',
      pick(
        (i) =>
          m.rasters.roadClass[i] === ROAD_CLASS.local &&
          m.rasters.canyonAspect[i]! > 1.2 &&
          !tallWithin(i, 6),
      ),
      { kind: 'reference' },
    );
    const u = (g: CellSeries[]) => groupMean(g, (s) => mean(s.ucomfort));
    assert.ok(u(corners) > 1.3 * u(narrow), `corners ${u(corners)} narrow ${u(narrow)}`);
    assert.ok(u(squares) > 1.3 * u(narrow), `squares ${u(squares)} narrow ${u(narrow)}`);
    // Lawson mix: sheltered streets calm most hours; windy places exceed 4, 6, 8 m/s some hours
    assert.ok(groupMean(narrow, (s) => share(s.ucomfort, 4)) < 0.05);
    // the windiest corner in Lawson's sense: the most hours above the 6 m/s threshold
    // (the highest mean can be a broad, moderately windy forecourt)
    const windiest = corners.reduce((a, b) => (share(b.ucomfort, 6) > share(a.ucomfort, 6) ? b : a));
    assert.ok(share(windiest.ucomfort, 4) > 0.05, `>4 ${share(windiest.ucomfort, 4)}`);
    assert.ok(share(windiest.ucomfort, 6) > 0.01, `>6 ${share(windiest.ucomfort, 6)}`);
    assert.ok(share(windiest.ucomfort, 8) > 0.001, `>8 ${share(windiest.ucomfort, 8)}`);
    const gusts15 = share(windiest.ugust, 15);
    // corners amplify the 10 m wind (> 1, issue #16), so the windiest one sees gusts above
    // 15 m/s at least in NEN 8100's "limited risk" share (> 0.05 % of hours). The measured
    // typical year (since v1.4) holds U10 > 8 m/s in 1.1 % of hours (the generated one
    // 4.5 %): a typical year is made of typical months, without the stormiest ones
    assert.ok(gusts15 > 0.0005 && gusts15 < 0.03, `gusts above 15: ${gusts15}`);
    // narrow streets: at most a storm hour or two a year (NEN 8100 "no risk" < 0.05 %)
    assert.ok(
      groupMean(narrow, (s) => share(s.ugust, 15)) < 0.0005,
      `narrow gusts ${groupMean(narrow, (s) => share(s.ugust, 15))}`,
    );
  });
});

describe('Brussels reference year: heat', () => {
  test('is hotter (UTCI) in sunlit squares than in shaded canyons on summer afternoons', () => {
    const squares = pick(
      (i) => m.rasters.surface[i] === SURFACE.plaza && m.rasters.svf[i]! > 0.85 && m.rasters.canopy[i] === 0,
    );
    const canyons = pick(
      (i) => m.rasters.roadClass[i] === ROAD_CLASS.local && m.rasters.canyonAspect[i]! > 1.5,
      60,
    );
    const sq = engine.series('brussels', squares, { kind: 'reference' });
    const cy = engine.series('brussels', canyons, { kind: 'reference' });
    const hours = sq[0]!.hours;
    let diff = 0;
    let n = 0;
    for (let i = 0; i < hours.length; i++) {
      const d = new Date(hours[i]!);
      if (d.getUTCMonth() < 5 || d.getUTCMonth() > 7 || d.getUTCHours() !== 13 || sq[0]!.ghiWm2[i]! < 600)
        continue;
      // canyon cells whose horizon hides the sun at this hour
      const shaded = cy.filter((s) => s.tmrtC[i]! < mean(sq.map((q) => q.tmrtC[i]!)) - 10);
      if (shaded.length === 0) continue;
      diff += mean(sq.map((q) => q.utci[i]!)) - mean(shaded.map((q) => q.utci[i]!));
      n++;
    }
    assert.ok(n > 10, `sunny afternoons ${n}`);
    assert.ok(diff / n > 2.5, `sunlit squares minus shaded canyons ${diff / n} °C`);
  });

  test('has shaded canyon cells on a sunny afternoon, seen in the horizon', () => {
    const canyons = pick(
      (i) => m.rasters.roadClass[i] === ROAD_CLASS.local && m.rasters.canyonAspect[i]! > 1.5,
      200,
    );
    const southHorizon = canyons.map(
      (c) => m.rasters.horizon[c * HORIZON_DIRECTIONS + HORIZON_DIRECTIONS / 2]! / 2,
    );
    assert.ok(southHorizon.filter((h) => h > 45).length > canyons.length * 0.2);
  });
});

describe('nationwide reference year', () => {
  test('has lower NO2 and PM in the countryside than in cities', () => {
    const b = (lat: number, lon: number) => cellAt(engineDomain().info.grid, lat, lon);
    const [city, country] = engine.series('belgium', [b(50.8467, 4.3525), b(50.05, 5.3)], {
      kind: 'reference',
    });
    assert.ok(
      mean(country!.no2) < 0.6 * mean(city!.no2),
      `country ${mean(country!.no2)} city ${mean(city!.no2)}`,
    );
    assert.ok(mean(country!.pm25) < mean(city!.pm25));
    assert.ok(mean(country!.airTempC) < mean(city!.airTempC));
  });
});

function engineDomain(): Morphology {
  return engine.morphology('belgium');
}
