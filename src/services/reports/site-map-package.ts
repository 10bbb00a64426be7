import { polygons } from '../../domain/coverage/city-package/geometry.ts';
import type { PackageFiles } from '../../domain/coverage/city-package/package.ts';
import type { LonLatWindow } from '../../domain/grid/model-data.ts';
import { type BasemapFeature, roadFeatures } from '../../domain/map/basemap/features.ts';
import type { Point, SiteStreet } from '../../domain/reports/site-map/types.ts';

/**
 * What the report's location map takes from a city package, the basemap's data (issue
 * #49): its streets with their names and its buildings' outlines as mapped, where the
 * model's footprints are rectangles of grid cells that drew as striped bars. A package's
 * files are read once per revision (not per report), kept compact (each outline a flat
 * array with its box), and clipped to each map's window.
 */
export interface SitePackage {
  /** changes whenever the package's files change */
  revision: string;
  files(): Promise<PackageFiles>;
}

type LonLatToPlane = (at: readonly [number, number]) => Point;

const STREET_KIND: Record<string, SiteStreet['kind']> = {
  motorway: 'main',
  trunk: 'main',
  primary: 'main',
  secondary: 'main',
  tertiary: 'street',
  residential: 'street',
  pedestrian: 'street',
  service: 'path',
  footway: 'path',
};

interface Outline {
  /** west, south, east, north */
  box: [number, number, number, number];
  /** lon, lat, lon, lat… of the outer ring */
  ring: Float64Array;
}

interface PackageData {
  roads: BasemapFeature[];
  outlines: Outline[];
}

function outlinesOf(buildingsGeojson: string | undefined): Outline[] {
  if (buildingsGeojson === undefined) return [];
  let doc: { features?: Array<{ geometry?: unknown }> };
  try {
    doc = JSON.parse(buildingsGeojson);
  } catch {
    return [];
  }
  const outlines: Outline[] = [];
  for (const feature of doc.features ?? []) {
    const shapes = polygons(feature?.geometry);
    if (typeof shapes === 'string') continue;
    for (const shape of shapes) {
      const outer = shape[0];
      if (!outer || outer.length < 4) continue;
      const ring = new Float64Array(outer.length * 2);
      const box: Outline['box'] = [Infinity, Infinity, -Infinity, -Infinity];
      outer.forEach(([lon, lat], index) => {
        ring[index * 2] = lon;
        ring[index * 2 + 1] = lat;
        box[0] = Math.min(box[0], lon);
        box[1] = Math.min(box[1], lat);
        box[2] = Math.max(box[2], lon);
        box[3] = Math.max(box[3], lat);
      });
      outlines.push({ box, ring });
    }
  }
  return outlines;
}

const overlaps = (
  [west, south, east, north]: readonly [number, number, number, number],
  window: LonLatWindow,
) => east >= window.west && west <= window.east && north >= window.south && south <= window.north;

/** the streets and building outlines of a city's package inside a window, in the map's plane */
export function packageSiteData(packageOf: (cityId: string) => SitePackage | undefined) {
  const byCity = new Map<string, { revision: string; data: Promise<PackageData> }>();
  return async (
    cityId: string,
    window: LonLatWindow,
    toPlane: LonLatToPlane,
  ): Promise<{ streets: SiteStreet[]; buildings: Point[][] } | undefined> => {
    const pkg = packageOf(cityId);
    if (!pkg) return undefined;
    let entry = byCity.get(cityId);
    if (!entry || entry.revision !== pkg.revision) {
      const data = pkg.files().then((files) => ({
        roads: roadFeatures(files['roads.geojson']),
        outlines: outlinesOf(files['buildings.geojson']),
      }));
      entry = { revision: pkg.revision, data };
      // a failed read is not remembered: the next report reads again
      data.catch(() => byCity.delete(cityId));
      byCity.set(cityId, entry);
    }
    const data = await entry.data.catch(() => undefined);
    if (!data) return undefined;
    const streets: SiteStreet[] = [];
    for (const road of data.roads) {
      if (road.tags.tunnel || !overlaps(road.bbox, window)) continue;
      const kind = STREET_KIND[String(road.tags.class)] ?? 'path';
      const name = typeof road.tags.name === 'string' ? road.tags.name : undefined;
      streets.push({ kind, ...(name ? { name } : {}), lines: road.parts.map((part) => part.map(toPlane)) });
    }
    const buildings: Point[][] = [];
    for (const outline of data.outlines) {
      if (!overlaps(outline.box, window)) continue;
      const ring: Point[] = [];
      for (let i = 0; i < outline.ring.length; i += 2)
        ring.push(toPlane([outline.ring[i]!, outline.ring[i + 1]!]));
      buildings.push(ring);
    }
    return { streets, buildings };
  };
}
