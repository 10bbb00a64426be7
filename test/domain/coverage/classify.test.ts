import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { cityBbox } from '../../../src/domain/coverage/cities.ts';
import { classifyPoint } from '../../../src/domain/coverage/classify.ts';
import { coordinateLabel, roundCoordinate } from '../../../src/domain/coverage/rounding.ts';
import { EMBEDDED_REGISTRY } from '../../helpers/embedded-cities.ts';

// reference polygons (test/fixtures/reference: facts with their source)
const regions = JSON.parse(
  readFileSync(new URL('../../fixtures/reference/belgium-regions.geojson', import.meta.url), 'utf8'),
) as FeatureCollection<Polygon | MultiPolygon, { [key: string]: unknown }>;

function inReference(lat: number, lon: number): string | null {
  for (const feature of regions.features) {
    if (booleanPointInPolygon([lon, lat], feature)) return JSON.stringify(feature.properties);
  }
  return null;
}

describe('rounding', () => {
  test('rounds half away from zero on the decimal digits, to 5 decimals', () => {
    assert.equal(roundCoordinate(4.352505), 4.35251);
    assert.equal(roundCoordinate(50.846712345), 50.84671);
    assert.equal(roundCoordinate(-0.000004), 0);
    assert.equal(roundCoordinate(-4.352505), -4.35251);
    assert.equal(coordinateLabel(50.8467, 4.3525), '50.84670, 4.35250');
  });
});

describe('classifyPoint', () => {
  test('the places of DOMAIN.md section 8', () => {
    const expected: Array<[string, number, number, string | false, string?]> = [
      ['Grand-Place', 50.8467, 4.3525, 'high_res', 'brussels'],
      ['Atomium', 50.89492, 4.34211, 'high_res_in_development', 'brussels'],
      ['Uccle observatory', 50.79778, 4.35811, 'high_res_in_development', 'brussels'],
      ['Bois de la Cambre', 50.811, 4.379, 'high_res_in_development', 'brussels'],
      ['Antwerpen-Centraal', 51.2172, 4.4211, 'national_low_res'],
      ['Gent', 51.053, 3.7266, 'national_low_res'],
      ['Liège', 50.6455, 5.5733, 'national_low_res'],
      ['Namur', 50.4687, 4.8625, 'national_low_res'],
      ['Brugge', 51.2089, 3.2247, 'national_low_res'],
      ['Leuven', 50.8789, 4.7009, 'national_low_res'],
      ['Brussels Airport (Flanders)', 50.901, 4.4844, 'national_low_res'],
      ['Lille', 50.6366, 3.0635, false],
      ['Maastricht', 50.8488, 5.6882, false],
      ['Aachen', 50.7748, 6.0839, false],
      ['Luxembourg', 49.6113, 6.1303, false],
      ['Baarle-Nassau (NL)', 51.446, 4.928, false],
      ['Charleroi centre', 50.411, 4.4445, 'high_res', 'charleroi'],
    ];
    for (const [name, lat, lon, covered, city] of expected) {
      const result = classifyPoint(EMBEDDED_REGISTRY, lat, lon);
      assert.equal(result.covered, covered, name);
      assert.equal('city' in result ? result.city.id : undefined, city, name);
    }
  });

  test('agrees with the reference regions more than 3 km from the border (rivers aside)', () => {
    let checked = 0;
    const disagreements: string[] = [];
    for (let lat = 49.45; lat <= 51.55; lat += 0.05) {
      for (let lon = 2.5; lon <= 6.45; lon += 0.05) {
        const reference = inReference(lat, lon) !== null;
        // skip the border band, where either outline's vertex spacing decides
        const near = [-0.03, 0.03].some(
          (d) =>
            (inReference(lat + d, lon) !== null) !== reference ||
            (inReference(lat, lon + d * 1.5) !== null) !== reference,
        );
        if (near) continue;
        // the reference includes West-Vlaanderen's territorial sea; we answer for land
        if (lon < 3.4 && lat > 51.1) continue;
        const ours = classifyPoint(EMBEDDED_REGISTRY, lat, lon).covered !== false;
        if (ours !== reference) disagreements.push(`${lat.toFixed(2)}, ${lon.toFixed(2)}`);
        checked++;
      }
    }
    assert.ok(checked > 1000, `checked ${checked}`);
    // Natural Earth leaves the Scheldt estuary's water out of the land outline; nothing else may differ
    assert.ok(disagreements.length <= checked * 0.003, disagreements.join('; '));
  });

  test('strict: a point exactly on the high-resolution boundary is not inside it', () => {
    const brussels = EMBEDDED_REGISTRY.cities.find((c) => c.id === 'brussels')!;
    const [lon, lat] = brussels.boundary[3]!;
    assert.notEqual(classifyPoint(EMBEDDED_REGISTRY, lat, lon).covered, 'high_res');
  });

  test('each city bbox contains its zones', () => {
    for (const city of EMBEDDED_REGISTRY.cities) {
      const [west, south, east, north] = cityBbox(city);
      for (const [lon, lat] of [...city.boundary, ...(city.plannedBoundary ?? [])]) {
        assert.ok(lon >= west && lon <= east && lat >= south && lat <= north, city.id);
      }
    }
  });
});
