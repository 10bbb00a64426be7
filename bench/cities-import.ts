/**
 * Import of a large city package: 100,000 buildings (target ≤ 60 s), through the
 * operator CLI code (validation, rasterising, deriving every raster, storing), both
 * from GeoJSON (`cities import`) and from an OpenStreetMap extract (`cities import-osm`).
 *
 *   node --import tsx bench/cities-import.ts
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadNationalClimate } from '../src/adapters/cities/national-climate.ts';
import { createCityPackageStore } from '../src/adapters/cities/package-store.ts';
import { openDatabase } from '../src/adapters/store/database.ts';
import { runCitiesCommand } from '../src/cli/commands/cities.ts';
import { loadOrGenerateNational } from '../src/model/embedded/morphology/store.ts';
import { encodeOsmPbf, type OsmNode, type OsmWay } from '../test/helpers/osm-pbf.ts';

const BUILDINGS = Number(process.env.BUILDINGS ?? 100_000);
const dir = await mkdtemp(join(tmpdir(), 'svc-cities-bench-'));
// a 4.2 km × 3.4 km zone in Antwerp, houses 9 m × 12 m on a 14 m × 11 m lattice with streets
const [lon0, lat0] = [4.38, 51.2];
const mLat = 1 / 111_195;
const mLon = 1 / (111_195 * Math.cos((lat0 * Math.PI) / 180));
const pt = (x: number, y: number): [number, number] => [
  Math.round((lon0 + x * mLon) * 1e7) / 1e7,
  Math.round((lat0 + y * mLat) * 1e7) / 1e7,
];
const perRow = Math.ceil(Math.sqrt(BUILDINGS * 1.25));
const features: string[] = [];
const nodes: OsmNode[] = [];
const ways: OsmWay[] = [];
for (let k = 0; k < BUILDINGS; k++) {
  const i = k % perRow;
  const j = Math.floor(k / perRow);
  // every 7th lattice column and row is a street
  const x = i * 12 + Math.floor(i / 6) * 14;
  const y = j * 11 + Math.floor(j / 6) * 14;
  const ring = [pt(x, y), pt(x + 9, y), pt(x + 9, y + 9), pt(x, y + 9), pt(x, y)];
  const tags: Record<string, string> =
    k % 3 === 0 ? { 'building:levels': String(2 + (k % 5)) } : { height: String(7 + (k % 9) * 2) };
  features.push(
    JSON.stringify({ type: 'Feature', properties: tags, geometry: { type: 'Polygon', coordinates: [ring] } }),
  );
  const refs = ring.slice(0, 4).map(([lon, lat]) => {
    nodes.push({ id: nodes.length + 1, lon, lat });
    return nodes.length;
  });
  ways.push({ id: k + 1, refs: [...refs, refs[0]!], tags: { building: 'yes', ...tags } });
}
const extent = { x: (perRow / 6) * (6 * 12 + 14), y: (BUILDINGS / perRow / 6) * (6 * 11 + 14) };
const boundary = JSON.stringify({
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        pt(-20, -20),
        pt(extent.x + 20, -20),
        pt(extent.x + 20, extent.y + 20),
        pt(-20, extent.y + 20),
        pt(-20, -20),
      ],
    ],
  },
});
const manifest = JSON.stringify({
  id: 'bench-city',
  name: 'Bench City',
  country: 'BE',
  timezone: 'Europe/Brussels',
  products: { geocode: true, historical: true, realtime: true, forecast: true, reports: true, map: true },
  metrics: ['air', 'wind', 'thermal'],
  attribution: 'benchmark',
});
const pkg = join(dir, 'package');
await (await import('node:fs/promises')).mkdir(pkg);
await writeFile(join(pkg, 'city.json'), manifest);
await writeFile(join(pkg, 'boundary.geojson'), boundary);
await writeFile(
  join(pkg, 'buildings.geojson'),
  `{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}`,
);
await writeFile(join(dir, 'city.osm.pbf'), encodeOsmPbf({ nodes, ways }));

const database = await openDatabase({ dataDir: dir });
const deps = {
  store: createCityPackageStore(database.db),
  modelDir: dir,
  clock: Date.now,
  out: (line: string) => console.log(line.slice(0, 300)),
  err: (line: string) => console.error(line),
};
await loadOrGenerateNational(dir, loadNationalClimate()); // the nationwide grid exists on any running installation
for (const [name, args] of [
  ['cities import (GeoJSON)', ['import', pkg]],
  [
    'cities import-osm (.osm.pbf)',
    [
      'import-osm',
      join(dir, 'city.osm.pbf'),
      '--manifest',
      join(pkg, 'city.json'),
      '--boundary',
      join(pkg, 'boundary.geojson'),
    ],
  ],
] as const) {
  await rm(join(dir, 'model'), { recursive: true, force: true });
  await loadOrGenerateNational(dir, loadNationalClimate());
  const t = performance.now();
  await runCitiesCommand([...args], deps);
  console.log(
    `${name.padEnd(32)} ${BUILDINGS} buildings: ${((performance.now() - t) / 1000).toFixed(1)} s (target ≤ 60 s)`,
  );
}
await database.close();
await rm(dir, { recursive: true, force: true });
