/**
 * Rebuilds the embedded Brussels package (data/cities/brussels/) from the committed
 * sources (data/sources/brussels/, NOTICE.md) through the operator's own path,
 * `svc cities import-osm`: it reads the OpenStreetMap extract, applies the height rule
 * (docs/heights.md), adds the boundaries and the Uccle weather year, validates the whole
 * package and rasterises it to the model grid, in a throw-away DATA_DIR. Only then are
 * the files copied over the package. Deterministic: the same sources give the same
 * bytes (test/scripts/build-brussels.integration.test.ts).
 *
 *   npm run cities:build-brussels            rebuild data/cities/brussels
 *   npm run cities:build-brussels -- --check build aside, exit 1 if the committed package differs
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = new URL('../../', import.meta.url).pathname;
export const SOURCES_DIR = join(ROOT, 'data/sources/brussels');
export const PACKAGE_DIR = join(ROOT, 'data/cities/brussels');
const PBF = 'brussels-capital-region-2013-01-01.osm.pbf';
const EPW = 'BEL_VLG_Uccle.064470_TMYx.2007-2021.epw';

/** builds the package into OUTDIR through `svc cities import-osm`; answers the CLI's report */
export async function buildBrussels(outDir: string): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), 'svc-build-brussels-'));
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: scratch,
      MODEL_DIR: scratch,
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    delete env.NODE_TEST_CONTEXT;
    const source = (name: string) => join(SOURCES_DIR, name);
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'src/cli/main.ts'),
        'cities',
        'import-osm',
        source(PBF),
        '--manifest',
        source('city.json'),
        '--boundary',
        source('boundary.geojson'),
        '--planned-boundary',
        source('planned_boundary.geojson'),
        '--weather',
        source(EPW),
        '--heights',
        source('heights.json'),
        '--edits',
        source('changes-since-2013.json'),
        '--out',
        outDir,
      ],
      { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 },
    );
    return `${stderr.trim()}\n${stdout.trim()}`;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** names of the files that differ between two package directories (missing on either side included) */
export async function differingFiles(a: string, b: string): Promise<string[]> {
  const names = [...new Set([...(await readdir(a)), ...(await readdir(b))])].sort();
  const differing: string[] = [];
  for (const name of names) {
    const [x, y] = await Promise.all([
      readFile(join(a, name)).catch(() => null),
      readFile(join(b, name)).catch(() => null),
    ]);
    if (!x || !y || !x.equals(y)) differing.push(name);
  }
  return differing;
}

async function main(check: boolean): Promise<number> {
  const out = await mkdtemp(join(tmpdir(), 'svc-brussels-package-'));
  try {
    process.stderr.write(`${await buildBrussels(out)}\n`);
    if (check) {
      const differing = await differingFiles(out, PACKAGE_DIR);
      if (differing.length === 0) {
        process.stdout.write('data/cities/brussels is what the sources build, byte for byte\n');
        return 0;
      }
      process.stdout.write(`data/cities/brussels differs from a rebuild: ${differing.join(', ')}\n`);
      return 1;
    }
    for (const name of await readdir(PACKAGE_DIR)) await rm(join(PACKAGE_DIR, name));
    for (const name of await readdir(out))
      await writeFile(join(PACKAGE_DIR, name), await readFile(join(out, name)));
    process.stdout.write(`data/cities/brussels rebuilt: ${(await readdir(PACKAGE_DIR)).sort().join(', ')}\n`);
    return 0;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.includes('--check'));
}
