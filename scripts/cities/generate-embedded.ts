/**
 * Writes the geometry of the embedded city packages (data/cities/<id>/buildings.geojson,
 * roads.geojson, landcover.geojson) from the synthetic plans, keeping each package's
 * city.json and boundaries, then checks that rasterising the written package gives
 * exactly the plan's grid (surface, traffic class, height of every cell).
 *
 *   node --import tsx scripts/cities/generate-embedded.ts [ID...]
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readPackageDir } from '../../src/adapters/cities/package-dir.ts';
import { packageDomainSpec } from '../../src/adapters/cities/package-geometry.ts';
import { packageGeometry } from '../../src/domain/coverage/city-package/model-geometry.ts';
import { formatPackageError, validateCityPackage } from '../../src/domain/coverage/city-package/package.ts';
import type { Canvas } from '../../src/model/embedded/morphology/canvas.ts';
import { cityDomainInfo } from '../../src/model/embedded/morphology/domains.ts';
import { geometryCanvas, planCanvas } from '../../src/model/embedded/morphology/generate-city.ts';
import { EMBEDDED_PLANS } from './embedded-plans.ts';
import {
  vectoriseBuildings,
  vectoriseLandcover,
  vectoriseRoads,
  vectoriseTunnels,
} from './vectorise-canvas.ts';

export const EMBEDDED_DIR = new URL('../../data/cities/', import.meta.url).pathname;

/** one feature per line: compact, and a diff shows which features changed */
function featureCollection(features: unknown[]): string {
  return `{"type":"FeatureCollection","features":[\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
}

export function firstDifference(a: Canvas, b: Canvas): string | null {
  for (let i = 0; i < a.surface.length; i++) {
    if (a.surface[i] !== b.surface[i] || a.roadClass[i] !== b.roadClass[i] || a.heightM[i] !== b.heightM[i])
      return `cell ${i}: surface ${a.surface[i]}/${b.surface[i]}, class ${a.roadClass[i]}/${b.roadClass[i]}, height ${a.heightM[i]}/${b.heightM[i]}`;
  }
  if (JSON.stringify(a.tunnels) !== JSON.stringify(b.tunnels)) return 'tunnels differ';
  return null;
}

async function validated(dir: string) {
  const result = validateCityPackage(await readPackageDir(dir));
  if (!result.ok) throw new Error(result.errors.map(formatPackageError).join('\n'));
  return result.city;
}

async function generate(id: string): Promise<void> {
  const plan = EMBEDDED_PLANS[id];
  if (!plan) throw new Error(`no plan for ${id}`);
  const dir = join(EMBEDDED_DIR, id);
  const files = await readPackageDir(dir);
  const manifest = JSON.parse(files['city.json']!);
  const boundaryRing = JSON.parse(files['boundary.geojson']!).geometry.coordinates[0];
  const info = cityDomainInfo(
    packageDomainSpec({ manifest, boundary: boundaryRing }, '', async () => {
      throw new Error('unused');
    }),
  );
  const canvas = planCanvas(info, plan);
  await writeFile(join(dir, 'buildings.geojson'), featureCollection(vectoriseBuildings(canvas)));
  await writeFile(
    join(dir, 'roads.geojson'),
    featureCollection([...vectoriseRoads(canvas), ...vectoriseTunnels(canvas)]),
  );
  await writeFile(join(dir, 'landcover.geojson'), featureCollection(vectoriseLandcover(canvas)));
  const back = geometryCanvas(info, packageGeometry(await validated(dir)));
  const difference = firstDifference(canvas, back);
  if (difference) throw new Error(`${id}: the package does not reproduce the plan's grid (${difference})`);
  process.stdout.write(`${id}: ${info.grid.cols}×${info.grid.rows} cells, package reproduces the plan\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ids = process.argv.slice(2);
  for (const id of ids.length ? ids : Object.keys(EMBEDDED_PLANS)) await generate(id);
}
