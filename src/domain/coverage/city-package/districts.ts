import type { Completeness } from './completeness.ts';
import { type PolygonRings, polygons } from './geometry.ts';

/**
 * `districts.geojson`, optional in a city package (docs/cities.md): the completeness of
 * the mapped footprints per district (completeness.ts), one Polygon feature per district
 * with `district`, `geometry` (`mapped` | `estimated`), `built_up_m2`, `footprint_m2`,
 * `coverage` and, where estimated, `built_fraction`: the share of the district's
 * unmapped ground (not under footprints, parks, water or squares) the model takes as
 * built. `import-osm` writes it; a hand-made package may leave it out (all mapped).
 */
export interface PackageDistrict {
  polygons: PolygonRings[];
  /** null: mapped */
  estimatedBuiltFraction: number | null;
}

export function districtsGeojson(c: Completeness): string {
  const features = c.districts.map((d) =>
    JSON.stringify({
      type: 'Feature',
      properties: {
        district: d.id,
        geometry: d.geometry,
        built_up_m2: d.builtUpM2,
        footprint_m2: d.footprintM2,
        coverage: d.coverage,
        ...(d.builtFraction === null ? {} : { built_fraction: d.builtFraction }),
      },
      geometry: { type: 'Polygon', coordinates: [d.ring] },
    }),
  );
  return `{"type":"FeatureCollection","reference_coverage":${c.referenceCoverage},"features":[\n${features.join(',\n')}\n]}\n`;
}

/** one feature of districts.geojson, or the rule it breaks */
export function parseDistrict(feature: {
  geometry: unknown;
  properties: Record<string, unknown>;
}): PackageDistrict | string {
  const geometry = polygons(feature.geometry);
  if (typeof geometry === 'string') return geometry;
  const { geometry: kind, built_fraction: fraction } = feature.properties;
  if (kind === 'mapped') return { polygons: geometry, estimatedBuiltFraction: null };
  if (kind !== 'estimated')
    return `district-geometry: 'geometry' is '${String(kind)}', expected 'mapped' or 'estimated'`;
  if (typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1))
    return `district-built-fraction: an estimated district needs 'built_fraction' in [0, 1], got '${String(fraction)}'`;
  return { polygons: geometry, estimatedBuiltFraction: fraction };
}
