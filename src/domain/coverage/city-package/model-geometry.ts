import type { LonLat } from './geometry.ts';
import { type CityPackage, formatPackageError, type PackageFiles, validateCityPackage } from './package.ts';

/**
 * A city's geometry as the model takes it: footprints with heights, surface roads by
 * traffic class with their street width, and open land. Coordinates are [lon, lat];
 * a polygon is its exterior ring then its holes, each closed. Kept in the domain, with
 * the package it is read from, so that any thread can turn package files into it.
 */
export interface CityGeometry {
  /** 0–1 size of the city's urban background (Brussels 1); null: the nationwide grid at the centre */
  urbanIndex: number | null;
  /** static air-temperature offset against Uccle, °C; null: the nationwide grid at the centre */
  taOffsetC: number | null;
  buildings: ReadonlyArray<{ polygons: LonLat[][][]; heightM: number }>;
  roads: ReadonlyArray<{
    lines: LonLat[][];
    kind: 'major' | 'secondary' | 'local' | 'pedestrian';
    widthM: number;
  }>;
  /** `canopy`: 0–1 share of the area under tree crowns */
  landcover: ReadonlyArray<{ polygons: LonLat[][][]; kind: 'park' | 'water' | 'plaza'; canopy: number }>;
  /** road tunnels: off the surface grid, their exhaust leaves at the ends of each line (the portals) */
  tunnels: ReadonlyArray<CityTunnel>;
  /**
   * districts whose footprints are too incomplete to stand for the city (districts.geojson):
   * their unmapped ground counts as built to this share; absent: everything is mapped
   */
  estimatedDistricts?: ReadonlyArray<{ polygons: LonLat[][][]; builtFraction: number }>;
}

export interface CityTunnel {
  lines: LonLat[][];
  kind: 'major' | 'secondary' | 'local';
  widthM: number;
}

/** A validated city package as the model takes it. */
export function packageGeometry(city: CityPackage): CityGeometry {
  return {
    urbanIndex: city.manifest.model?.urban_index ?? null,
    taOffsetC: city.manifest.model?.air_temperature_offset_c ?? null,
    buildings: city.buildings,
    roads: city.roads,
    landcover: city.landcover,
    tunnels: city.tunnels,
    estimatedDistricts: city.estimatedDistricts.map((d) => ({
      polygons: d.polygons,
      builtFraction: d.estimatedBuiltFraction!,
    })),
  };
}

/** The geometry of a package's files, validated again (they were at import); throws when they are not valid. */
export function geometryFromFiles(files: PackageFiles): CityGeometry {
  // the zone was found in Belgium at import and by the catalogue: spare this thread the outline
  const result = validateCityPackage(files, { zonesInBelgium: true });
  if (!result.ok)
    throw new Error(`invalid city package: ${result.errors.map(formatPackageError).join('; ')}`);
  return packageGeometry(result.city);
}
