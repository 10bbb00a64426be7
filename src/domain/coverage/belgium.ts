import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Belgium's outline from Natural Earth (1:10m admin-0 countries, via the world-atlas
 * package). Loaded once, lazily: the TopoJSON file is a few megabytes, ~35 MB once
 * parsed, so it is read and parsed here rather than `require`d (which would keep the
 * whole world in the module cache for the life of the process) and only Belgium is kept.
 * Known limit of this scale: the Baarle-Hertog enclaves are not part of the outline.
 */
let cached: Polygon | MultiPolygon | undefined;

export function belgiumOutline(): Polygon | MultiPolygon {
  if (cached) return cached;
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
  cached = geometry;
  return geometry;
}
