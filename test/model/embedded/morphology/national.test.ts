import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { cellAt } from '../../../../src/model/embedded/grid/geometry.ts';
import type { Morphology } from '../../../../src/model/embedded/morphology/morphology.ts';
import { sharedDomains } from '../../../helpers/shared-domains.ts';

let belgium: Morphology;
before(async () => {
  belgium = (await sharedDomains()).get('belgium')!;
});

const at = (lat: number, lon: number) => cellAt(belgium.info.grid, lat, lon);

describe('nationwide grid', () => {
  test('covers Belgium’s bbox at about 1 km without buildings', () => {
    const g = belgium.info.grid;
    assert.ok(g.west <= 2.5 && g.north >= 51.55);
    assert.ok(g.west + g.cols * g.dLon >= 6.45 && g.north - g.rows * g.dLat <= 49.45);
    assert.equal(belgium.info.hasBuildings, false);
    assert.equal(belgium.rectCount, 0);
  });

  test('is urban in cities and rural in the countryside', () => {
    const u = belgium.rasters.urbanIndex;
    for (const [lat, lon] of [
      [50.8467, 4.3525],
      [51.2194, 4.4025],
      [50.6326, 5.5797],
    ])
      assert.ok(u[at(lat!, lon!)]! > 0.6, `city ${lat},${lon} ${u[at(lat!, lon!)]}`);
    for (const [lat, lon] of [
      [50.05, 5.3],
      [51.0, 2.75],
    ])
      assert.ok(u[at(lat!, lon!)]! < 0.3, `countryside ${lat},${lon} ${u[at(lat!, lon!)]}`);
  });

  test('is colder on the Ardennes plateau than in Brussels', () => {
    const t = belgium.rasters.taOffsetC;
    assert.ok(t[at(50.15, 5.6)]! < t[at(50.8467, 4.3525)]! - 1.5);
  });
});
