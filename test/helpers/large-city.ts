import type { PackageFiles } from '../../src/domain/coverage/city-package/package.ts';
import { MANIFEST } from './town.ts';

/**
 * A made-up city package large enough for its reading to show: a zone of `widthM` ×
 * `heightM` metres around `centre`, filled with small houses on a regular grid (one
 * Polygon feature each, ~190 bytes of GeoJSON: 80,000 of them are ~15 MB), a street every
 * 100 m each way and one park. Deterministic, so its revision is the same on every run.
 */
type LonLat = [number, number];

export interface LargeCity {
  id: string;
  centre: { lat: number; lon: number };
  files: PackageFiles;
  buildings: number;
}

export function largeCityPackage(options: {
  id: string;
  name: string;
  centre: { lat: number; lon: number };
  widthM: number;
  heightM: number;
  /** metres between house corners; houses are 5 m × 5 m */
  spacingM: number;
}): LargeCity {
  const { centre, widthM, heightM, spacingM } = options;
  const mLat = 1 / 111_195;
  const mLon = 1 / (111_195 * Math.cos((centre.lat * Math.PI) / 180));
  const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
  const at = (x: number, y: number): LonLat => [r6(centre.lon + x * mLon), r6(centre.lat + y * mLat)];
  const rect = (x0: number, y0: number, x1: number, y1: number) => [
    at(x0, y0),
    at(x1, y0),
    at(x1, y1),
    at(x0, y1),
    at(x0, y0),
  ];
  const feature = (properties: Record<string, unknown>, geometry: unknown) =>
    JSON.stringify({ type: 'Feature', properties, geometry });
  const collection = (features: string[]) =>
    `{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}\n`;

  const halfW = widthM / 2;
  const halfH = heightM / 2;
  const onStreet = (v: number) => Math.abs(((v % 100) + 100) % 100) < 8;
  const houses: string[] = [];
  let k = 0;
  for (let x = -halfW + 10; x + 5 <= halfW - 10; x += spacingM) {
    for (let y = -halfH + 10; y + 5 <= halfH - 10; y += spacingM) {
      if (onStreet(x) || onStreet(y) || (x > 0 && x < 150 && y > 0 && y < 150)) continue;
      k++;
      houses.push(
        feature(
          { building: 'yes', height: String(6 + (k % 7) * 3) },
          { type: 'Polygon', coordinates: [rect(x, y, x + 5, y + 5)] },
        ),
      );
    }
  }
  const roads: string[] = [];
  for (let x = -halfW + 100; x < halfW; x += 100)
    roads.push(
      feature({ highway: 'residential' }, { type: 'LineString', coordinates: [at(x, -halfH), at(x, halfH)] }),
    );
  for (let y = -halfH + 100; y < halfH; y += 100)
    roads.push(
      feature({ highway: 'residential' }, { type: 'LineString', coordinates: [at(-halfW, y), at(halfW, y)] }),
    );
  const manifest = { ...MANIFEST, id: options.id, name: options.name };
  return {
    id: options.id,
    centre,
    buildings: houses.length,
    files: {
      'city.json': JSON.stringify(manifest, null, 2),
      'boundary.geojson': feature(
        { name: `${options.name} test zone` },
        { type: 'Polygon', coordinates: [rect(-halfW, -halfH, halfW, halfH)] },
      ),
      'buildings.geojson': collection(houses),
      'roads.geojson': collection(roads),
      'landcover.geojson': collection([
        feature({ leisure: 'park' }, { type: 'Polygon', coordinates: [rect(5, 5, 145, 145)] }),
      ]),
    },
  };
}
