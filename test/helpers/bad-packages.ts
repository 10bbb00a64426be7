import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeOsmPbf } from './osm-pbf.ts';
import { at, MANIFEST, townOsm, writeTownPackage } from './town.ts';

/**
 * Every bad file an operator (or an attacker with a say in a package directory) can hand
 * `svc cities import` / `import-osm` (issue #38, items 3, 4, 9), each with the one-line
 * refusal it must get: the file it starts with, the rule, the fix, and any text that must
 * not appear (the content of a file outside the package). Built on the test town.
 */
type Ring = Array<[number, number]>;
const zone = (ring: Ring) =>
  JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } });

/** a package of the test town with one change made by `spoil` */
function spoiled(work: string, name: string, spoil: (dir: string) => void): string {
  const dir = join(work, name);
  writeTownPackage(dir);
  spoil(dir);
  return dir;
}

const LILLE: Ring = [
  [3.05, 50.63],
  [3.07, 50.63],
  [3.07, 50.64],
  [3.05, 50.64],
  [3.05, 50.63],
];

/** a circle of `n` positions around the town (closed: n + 1) */
function circle(n: number): Ring {
  const ring: Ring = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    ring.push(at(250 * Math.cos(a), 250 * Math.sin(a)));
  }
  ring.push(ring[0]!);
  return ring;
}

export interface BadPackage {
  name: string;
  /** writes the case's files under `work` and answers the CLI arguments */
  args: (work: string) => string[];
  /** one of the cases run through the real CLI process too (each start costs seconds) */
  cli?: true;
  /** the file the line must start with */
  file: RegExp;
  rule: string;
  /** the "how to fix it" part */
  fix: RegExp;
  /** text that must not appear (another file's content) */
  secret?: string;
}

const pkg = (name: string, spoil: (dir: string) => void) => (work: string) => [
  'cities',
  'import',
  spoiled(work, name, spoil),
];

function osm(name: string, pbf: Buffer | ((path: string) => void)): (work: string) => string[] {
  return (work) => {
    const dir = join(work, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'city.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(dir, 'boundary.geojson'), zone(circle(64)));
    const path = join(dir, 'town.osm.pbf');
    if (typeof pbf === 'function') pbf(path);
    else writeFileSync(path, pbf);
    return [
      'cities',
      'import-osm',
      path,
      '--manifest',
      join(dir, 'city.json'),
      '--boundary',
      join(dir, 'boundary.geojson'),
    ];
  };
}

/** the town as .osm.pbf, with the first OSMData blob's deflate stream broken */
function corruptZlib(): Buffer {
  const pbf = encodeOsmPbf(townOsm());
  // zlib streams start 78 9c; the second one is the first OSMData block
  const first = pbf.indexOf(Buffer.from([0x78, 0x9c]));
  const second = pbf.indexOf(Buffer.from([0x78, 0x9c]), first + 2);
  assert.ok(second > 0, 'the fixture has an OSMData block');
  // 0xff: a final block of the reserved type 11, which no inflater accepts
  pbf.fill(0xff, second + 2, second + 40);
  return pbf;
}

/** random bytes, the same on every run (a linear congruential sequence) */
function noise(length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = 12345;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >> 16;
  }
  return out;
}

export const BAD_PACKAGES: BadPackage[] = [
  {
    name: 'a boundary around Lille (inside Belgium’s bbox, outside its outline)',
    cli: true,
    args: pkg('lille', (d) => {
      writeFileSync(join(d, 'boundary.geojson'), zone(LILLE));
      writeFileSync(join(d, 'city.json'), JSON.stringify({ ...MANIFEST, id: 'lille', name: 'Lille' }));
    }),
    file: /^boundary\.geojson feature 0/,
    rule: 'boundary-in-belgium',
    fix: /move or trim the zone/,
  },
  {
    name: 'a zero-area boundary (collinear corners)',
    args: pkg('flat', (d) =>
      writeFileSync(join(d, 'boundary.geojson'), zone([at(0, 0), at(100, 0), at(200, 0), at(0, 0)])),
    ),
    file: /^boundary\.geojson feature 0/,
    rule: 'ring-area',
    fix: /draw the whole zone as an area/,
  },
  {
    name: 'a line-shaped boundary (two distinct positions)',
    args: pkg('line', (d) =>
      writeFileSync(join(d, 'boundary.geojson'), zone([at(0, 0), at(200, 0), at(200, 0), at(0, 0)])),
    ),
    file: /^boundary\.geojson feature 0/,
    rule: 'ring-line',
    fix: /at least three corners/,
  },
  {
    name: 'a bow-tie boundary',
    cli: true,
    args: pkg('bowtie', (d) =>
      writeFileSync(
        join(d, 'boundary.geojson'),
        zone([at(-300, -250), at(300, 250), at(300, -250), at(-300, 250), at(-300, -250)]),
      ),
    ),
    file: /^boundary\.geojson feature 0/,
    rule: 'ring-self-intersection',
    fix: /no two edges cross/,
  },
  {
    name: 'a 5 MB attribution',
    cli: true,
    args: pkg('attribution', (d) =>
      writeFileSync(join(d, 'city.json'), JSON.stringify({ ...MANIFEST, attribution: 'x'.repeat(5 << 20) })),
    ),
    file: /^city\.json/,
    rule: 'file-size',
    fix: /more than the 64 KiB allowed; keep the manifest to its fields/,
  },
  {
    name: 'an attribution of 501 characters',
    args: pkg('attribution-501', (d) =>
      writeFileSync(join(d, 'city.json'), JSON.stringify({ ...MANIFEST, attribution: '©'.repeat(501) })),
    ),
    file: /^city\.json/,
    rule: 'schema',
    fix: /\/attribution .*500.*see data\/cities\/schema\/city\.schema\.json/,
  },
  {
    name: 'a boundary ring of 130,001 vertices',
    cli: true,
    args: pkg('vertices', (d) => writeFileSync(join(d, 'boundary.geojson'), zone(circle(130_000)))),
    file: /^boundary\.geojson feature 0/,
    rule: 'vertices-limit',
    fix: /simplify it/,
  },
  {
    name: 'an empty boundary.geojson',
    cli: true,
    args: pkg('empty-boundary', (d) => writeFileSync(join(d, 'boundary.geojson'), '')),
    file: /^boundary\.geojson/,
    rule: 'file-empty',
    fix: /write its content/,
  },
  {
    name: 'an empty planned_boundary.geojson',
    args: pkg('empty-planned', (d) => writeFileSync(join(d, 'planned_boundary.geojson'), '\n')),
    file: /^planned_boundary\.geojson/,
    rule: 'file-empty',
    fix: /leave it out/,
  },
  {
    name: 'a directory named buildings.geojson',
    cli: true,
    args: pkg('directory', (d) => {
      rmSync(join(d, 'buildings.geojson'));
      mkdirSync(join(d, 'buildings.geojson'));
    }),
    file: /^buildings\.geojson/,
    rule: 'file-regular',
    fix: /a directory, not a regular file; put the file itself/,
  },
  {
    name: 'a FIFO as roads.geojson',
    cli: true,
    args: pkg('fifo', (d) => {
      unlinkSync(join(d, 'roads.geojson'));
      execFileSync('mkfifo', [join(d, 'roads.geojson')]);
    }),
    file: /^roads\.geojson/,
    rule: 'file-regular',
    fix: /FIFO .*put the file itself/,
  },
  {
    name: 'a symbolic link to a system file',
    cli: true,
    args: pkg('symlink', (d) => {
      unlinkSync(join(d, 'roads.geojson'));
      symlinkSync('/etc/passwd', join(d, 'roads.geojson'));
    }),
    file: /^roads\.geojson/,
    rule: 'file-outside',
    fix: /copy the file into the package/,
    secret: 'root:',
  },
  {
    name: 'a file over its size limit',
    args: pkg('size', (d) => writeFileSync(join(d, 'boundary.geojson'), ' '.repeat(5 << 20))),
    file: /^boundary\.geojson/,
    rule: 'file-size',
    fix: /more than the 4 MiB allowed/,
  },
  {
    name: 'text that is not JSON is not quoted back',
    args: pkg('syntax', (d) => writeFileSync(join(d, 'roads.geojson'), 'root:x:0:0:root:/root:/bin/bash\n')),
    file: /^roads\.geojson/,
    rule: 'json-syntax',
    fix: /fix the syntax/,
    secret: 'root:',
  },
  {
    name: 'import-osm: an empty .osm.pbf',
    args: osm('pbf-empty', Buffer.alloc(0)),
    file: /town\.osm\.pbf: /,
    rule: 'osm-pbf',
    fix: /download the extract again/,
  },
  {
    name: 'import-osm: a truncated .osm.pbf',
    args: osm(
      'pbf-truncated',
      (() => {
        const pbf = encodeOsmPbf(townOsm());
        return pbf.subarray(0, Math.floor(pbf.length * 0.6));
      })(),
    ),
    file: /town\.osm\.pbf: /,
    rule: 'osm-pbf',
    fix: /download the extract again/,
  },
  {
    name: 'import-osm: a corrupt zlib block',
    cli: true,
    args: osm('pbf-zlib', corruptZlib()),
    file: /town\.osm\.pbf: /,
    rule: 'osm-pbf',
    fix: /download the extract again/,
  },
  {
    name: 'import-osm: random bytes',
    cli: true,
    args: osm('pbf-random', noise(1 << 20)),
    file: /town\.osm\.pbf: /,
    rule: 'osm-pbf',
    fix: /download the extract again/,
  },
  {
    name: 'import-osm: a FIFO as the extract',
    args: osm('pbf-fifo', (path) => execFileSync('mkfifo', [path])),
    file: /town\.osm\.pbf: /,
    rule: 'file-regular',
    fix: /FIFO .*put the file itself/,
  },
];
