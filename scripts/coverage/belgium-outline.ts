/**
 * Writes src/domain/coverage/belgium-outline.ts: Belgium's outline from Natural Earth
 * (1:10m admin-0 countries, via the world-atlas package), kept in the source so that the
 * domain neither reads a file nor parses the few megabytes of the world at run time
 * (~35 MB once parsed, for one country). Run again when world-atlas changes:
 *
 *   node --import tsx scripts/coverage/belgium-outline.ts
 *
 * test/domain/coverage/belgium.test.ts checks that the written outline is still the
 * package's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Belgium (ISO 3166 numeric 056) out of world-atlas's countries-10m.json */
export function belgiumFromWorldAtlas(): Polygon | MultiPolygon {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'),
  ) as Topology<{ countries: GeometryCollection }>;
  const belgium = topology.objects.countries.geometries.find((g) => g.id === '056');
  if (!belgium) throw new Error('world-atlas has no geometry for Belgium (id 056)');
  const converted = feature(topology, belgium);
  if (converted.type !== 'Feature') throw new Error('Belgium converted to a collection');
  const geometry = converted.geometry;
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') {
    throw new Error(`unexpected Belgium geometry ${geometry.type}`);
  }
  return { type: geometry.type, coordinates: geometry.coordinates } as Polygon | MultiPolygon;
}

export const OUTLINE_MODULE = new URL('../../src/domain/coverage/belgium-outline.ts', import.meta.url);

/** the module's text: the geometry as one JSON string (exact: JSON keeps every double) */
export function outlineModule(geometry: Polygon | MultiPolygon): string {
  return `import type { MultiPolygon, Polygon } from 'geojson';

/**
 * Belgium's outline from Natural Earth (1:10m admin-0 countries, via the world-atlas
 * package), written by scripts/coverage/belgium-outline.ts: do not edit. Known limit of
 * this scale: the Baarle-Hertog enclaves are not part of the outline.
 */
export const BELGIUM_OUTLINE: Readonly<Polygon | MultiPolygon> = Object.freeze(
  JSON.parse(
    '${JSON.stringify(geometry)}',
  ),
);
`;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  writeFileSync(OUTLINE_MODULE, outlineModule(belgiumFromWorldAtlas()));
  process.stdout.write(`wrote ${OUTLINE_MODULE.pathname}\n`);
}
