/**
 * The README's "street by street" said with its extent: the area of Brussels'
 * high-resolution zone, read from the city package's own zone polygon, against the
 * Capital Region's. Generated so that the figure follows the zone when it grows
 * (the drift test fails until `npm run docs:generate` rewrites it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import area from '@turf/area';
import type { Feature, Polygon } from 'geojson';

/** the Brussels-Capital Region's official area (IBSA), which no package polygon gives exactly */
const REGION_KM2 = 161;

/** the package's zone file and manifest, relative to the repository */
export const STREET_ZONE_FILE = 'data/cities/brussels/boundary.geojson';
const MANIFEST_FILE = 'data/cities/brussels/city.json';

/** the zone's geodesic area in km², as the package validation measures it (`@turf/area`) */
export function streetZoneKm2(root: string): number {
  const zone = JSON.parse(readFileSync(join(root, STREET_ZONE_FILE), 'utf8')) as Feature<Polygon>;
  return area(zone) / 1e6;
}

export function streetZoneSentence(root: string): string {
  const km2 = streetZoneKm2(root);
  const share = Math.round((100 * km2) / REGION_KM2);
  const { resolution_m } = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as {
    resolution_m: number;
  };
  return [
    `Street by street means Brussels' high-resolution zone, ${km2.toFixed(1)} km² of the Capital Region's`,
    `${REGION_KM2} km² (${share} %): the Pentagon, the EU quarter and the first ring around them`,
    `(\`${STREET_ZONE_FILE}\`), in cells of ${resolution_m} m. Everywhere else,`,
    'the rest of the Region included, annual statistics come from the nationwide 1 km grid.',
  ].join('\n');
}
