import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { annualAt } from '../../../../scripts/model-validation/air.ts';
import type { ModelEngine } from '../../../../src/model/embedded/compute/engine.ts';
import { cellAt, cellCentreLonLat, toLocalM } from '../../../../src/model/embedded/grid/geometry.ts';
import { ROAD_CLASS, SURFACE } from '../../../../src/model/embedded/morphology/layout.ts';
import type { Morphology } from '../../../../src/model/embedded/morphology/morphology.ts';
import { BRUSSELS_PLAN } from '../../../../src/model/embedded/morphology/plans/brussels.ts';
import { sharedEngine } from '../../../helpers/shared-domains.ts';

/**
 * Brussels as an expert knows it (issue #16, item 9), read from the embedded package
 * through the model: the pedestrian central boulevards, the tunnel mouths as the NO2
 * hot spots, and no lattice of through streets in the outer quarters.
 */
let engine: ModelEngine;
let m: Morphology;
before(async () => {
  const shared = await sharedEngine();
  engine = shared.engine;
  m = shared.domains.get('brussels')!;
});

const no2 = (lat: number, lon: number) => annualAt(engine, lat, lon, 15);

describe('Brussels facts in the model', () => {
  test('the central boulevards (Anspach, Lemonnier) are pedestrian, at urban-background NO2', () => {
    const ring = no2(50.8362, 4.3548); // boulevard de Waterloo, small ring
    for (const [name, lat, lon] of [
      ['Bourse', 50.8481, 4.3497],
      ['Fontainas', 50.8445, 4.3463],
      ['Lemonnier', 50.8405, 4.3432],
    ] as const) {
      const cell = cellAt(m.info.grid, lat, lon);
      assert.equal(m.rasters.surface[cell], SURFACE.plaza, `${name} is a paved pedestrian way`);
      assert.equal(m.rasters.roadClass[cell], ROAD_CLASS.none, `${name} carries no traffic`);
      const here = no2(lat, lon);
      assert.equal(here.domain, 'brussels');
      assert.ok(here.no2 < 24 && here.no2 < 0.7 * ring.no2, `${name} ${here.no2} vs ring ${ring.no2}`);
    }
  });

  test('tunnel mouths are the hot spots: well above the road over the tunnel and busy open streets', () => {
    let mouths = 0;
    for (const t of BRUSSELS_PLAN.tunnels) {
      const middle = t.path[Math.floor(t.path.length / 2)]!;
      for (const [lon, lat] of [t.path[0]!, t.path.at(-1)!]) {
        const mouth = no2(lat, lon);
        if (mouth.domain !== 'brussels') continue; // beyond the zone: the 1 km grid answers
        mouths += 1;
        const over = no2(middle[1], middle[0]);
        assert.ok(mouth.no2 >= 1.2 * over.no2, `${t.name} mouth ${mouth.no2} vs over the tunnel ${over.no2}`);
        assert.ok(mouth.no2 >= 33 && mouth.no2 <= 70, `${t.name} mouth ${mouth.no2}`);
      }
    }
    assert.ok(mouths >= 8, `${mouths} mouths inside the zone`);
  });

  test('outer quarters have no lattice of through streets: secondary traffic runs on the plan’s chaussées', () => {
    const secondaryLines = BRUSSELS_PLAN.roads.filter((r) => r.roadClass === 'secondary');
    const lines = secondaryLines.map((r) => ({
      half: r.widthM / 2 + 1.5 * m.info.resolutionM,
      points: r.path.map(([lon, lat]) => toLocalM(m.info.grid, lon, lat)),
    }));
    let secondary = 0;
    let offPlan = 0;
    for (let cell = 0; cell < m.rasters.roadClass.length; cell++) {
      if (m.rasters.roadClass[cell] !== ROAD_CLASS.secondary) continue;
      secondary += 1;
      const [lon, lat] = cellCentreLonLat(m.info.grid, cell);
      const [x, y] = toLocalM(m.info.grid, lon, lat);
      const near = lines.some(({ half, points }) =>
        points.some((a, k) => {
          const b = points[k + 1];
          if (!b) return false;
          const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
          const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
          return Math.hypot(a[0] + t * dx - x, a[1] + t * dy - y) <= half;
        }),
      );
      if (!near) offPlan += 1;
    }
    assert.ok(secondary > 1000, `${secondary} secondary cells`);
    assert.equal(offPlan, 0, `${offPlan} secondary cells away from any chaussée or boulevard of the plan`);
  });
});
