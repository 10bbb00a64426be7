import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, type CreatedKey, json, type Server, startServer } from '../helpers/acceptance.ts';

/**
 * The embedded Brussels is the real city (issue #33): read from the OpenStreetMap extract
 * (data/sources/brussels), points inside real buildings of the centre are answered from the
 * nearest outdoor cells, and points in real squares, parks and wide streets at the point.
 * Each point was picked from the source data: the "inside" ones 14–45 m inside the named
 * building's footprint, the "outside" ones 30–190 m from the nearest footprint (20 m for
 * the Place Royale, a square framed by buildings), as measured on the extract.
 */
const INSIDE: ReadonlyArray<[string, number, number]> = [
  ['Cathédrale Saints-Michel-et-Gudule', 50.84782, 4.3603],
  ['Hôtel de Ville', 50.8465, 4.35175],
  ['Bourse', 50.84786, 4.35056],
  ['Vlaams Parlement', 50.84758, 4.36764],
  ['Berlaymont', 50.84362, 4.38277],
  ['La Monnaie', 50.84955, 4.35434],
  ['Palais Royal', 50.84174, 4.36212],
  ['Palais de la Nation', 50.84714, 4.36356],
];
const OUTSIDE: ReadonlyArray<[string, number, number]> = [
  ['Grand-Place', 50.84654, 4.35271],
  ['Parc de Bruxelles', 50.84463, 4.36307],
  ['Parc Léopold', 50.8378, 4.37802],
  ['Parc du Botanique', 50.85402, 4.36426],
  ['Parc du Cinquantenaire', 50.84121, 4.38847],
  ['Place Royale', 50.8422, 4.35936],
  ['Mont des Arts (place de l’Albertine)', 50.84485, 4.356],
  ['Rond-point Schuman', 50.843, 4.3807],
  ['Place Rogier', 50.85556, 4.35873],
  ['Jardin d’Egmont', 50.83807, 4.35678],
];

let server: Server;
let key: CreatedKey;
before(async () => {
  server = await startServer();
  key = await server.createKey(['--rate-per-min', '100000']);
});
after(async () => {
  await server?.close();
});

async function sampling(lat: number, lon: number): Promise<Record<string, unknown>> {
  const response = await server.fetch(`/historical/stats?lat=${lat}&lon=${lon}&metrics=wind`, {
    headers: bearer(key.key),
  });
  assert.equal(response.status, 200);
  return (await json(response)).meta as Record<string, unknown>;
}

describe('Brussels landmarks through /historical/stats', () => {
  for (const [name, lat, lon] of INSIDE) {
    test(`inside ${name}: the nearest outdoor cells answer`, async () => {
      const meta = await sampling(lat, lon);
      assert.equal(meta.dataset, 'brussels_extended');
      assert.equal(meta.sampling, 'nearest_outdoor', name);
      assert.ok(typeof meta.distance_m === 'number' && meta.distance_m > 0);
    });
  }
  for (const [name, lat, lon] of OUTSIDE) {
    test(`in the open at ${name}: answered at the point`, async () => {
      const meta = await sampling(lat, lon);
      assert.equal(meta.dataset, 'brussels_extended');
      assert.equal(meta.sampling, 'point', name);
    });
  }
});
