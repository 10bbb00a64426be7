import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { annualAt } from '../../../../scripts/model-validation/air.ts';
import type { ModelEngine } from '../../../../src/model/embedded/compute/engine.ts';
import { cellAt } from '../../../../src/model/embedded/grid/geometry.ts';
import { SURFACE } from '../../../../src/model/embedded/morphology/layout.ts';
import type { Morphology } from '../../../../src/model/embedded/morphology/morphology.ts';
import { sharedEngine } from '../../../helpers/shared-domains.ts';

/**
 * Brussels as a Brusseler knows it, read from the embedded package (OpenStreetMap, issue
 * #33) through the model: the places are where they are, and the model ranks them as an
 * expert would. Points measured on the OSM footprints and areas of data/sources/brussels.
 * (Until #33 this test checked the synthetic plan's own boulevards and tunnels.)
 */
let engine: ModelEngine;
let m: Morphology;
before(async () => {
  const shared = await sharedEngine();
  engine = shared.engine;
  m = shared.domains.get('brussels')!;
});

const surfaceAt = (lat: number, lon: number) => m.rasters.surface[cellAt(m.info.grid, lat, lon)];
const no2 = (lat: number, lon: number) => annualAt(engine, lat, lon, 15).no2;

describe('Brussels facts in the model', () => {
  test('the parks, the square, the canal and the monuments are where they are', () => {
    for (const [name, lat, lon] of [['Parc de Bruxelles', 50.84463, 4.36307]] as const)
      assert.equal(surfaceAt(lat, lon), SURFACE.park, name);
    // the Botanique's garden has ponds and terraces; the Cinquantenaire's axis is a paved esplanade
    const open: number[] = [SURFACE.park, SURFACE.plaza, SURFACE.water];
    assert.ok(open.includes(surfaceAt(50.85402, 4.36426)!), 'Jardin botanique');
    assert.ok(
      [SURFACE.park, SURFACE.plaza].includes(surfaceAt(50.84121, 4.38847) as 1 | 2),
      'Cinquantenaire',
    );
    assert.equal(surfaceAt(50.84654, 4.35271), SURFACE.plaza, 'the Grand-Place');
    assert.ok(open.includes(surfaceAt(50.8378, 4.37802)!), 'Parc Léopold (its pond)');
    assert.equal(surfaceAt(50.85937, 4.34671), SURFACE.water, 'the canal north of Sainctelette');
    for (const [name, lat, lon] of [
      ['Cathédrale Saints-Michel-et-Gudule', 50.84782, 4.3603],
      ['Palais de justice', 50.83691, 4.35195],
      ['Berlaymont', 50.84362, 4.38277],
    ] as const)
      assert.equal(surfaceAt(lat, lon), SURFACE.building, name);
  });

  test('the Pentagon and the EU quarter stand taller than the first ring', () => {
    const buildingHeights = (lat: number, lon: number) => {
      const { cols } = m.info.grid;
      const centre = cellAt(m.info.grid, lat, lon);
      const heights: number[] = [];
      for (let dr = -20; dr <= 20; dr++)
        for (let dc = -20; dc <= 20; dc++) {
          const cell = centre + dr * cols + dc;
          if (m.rasters.surface[cell] === SURFACE.building) heights.push(m.rasters.heightM[cell]!);
        }
      return heights.reduce((a, b) => a + b, 0) / heights.length;
    };
    const saintGilles = buildingHeights(50.8305, 4.3475);
    assert.ok(buildingHeights(50.8495, 4.3505) > saintGilles, 'Pentagon vs Saint-Gilles');
    assert.ok(buildingHeights(50.8425, 4.3795) > saintGilles, 'EU quarter vs Saint-Gilles');
  });

  test('a park and a square breathe cleaner air than the small ring and rue de la Loi', () => {
    const artsLoi = no2(50.8456, 4.3694);
    assert.ok(no2(50.84463, 4.36307) < artsLoi, 'Parc de Bruxelles vs Arts-Loi');
    assert.ok(no2(50.84654, 4.35271) < artsLoi, 'Grand-Place vs Arts-Loi');
  });
});
