import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGazetteer, ensureGazetteerSeeded } from '../src/adapters/geocoder/gazetteer.ts';
import { importOpenAddresses } from '../src/adapters/geocoder/openaddresses-import.ts';
import { openDatabase } from '../src/adapters/store/database.ts';
import { figure } from './figures.ts';

/**
 * The embedded gazetteer at national scale: generates an OpenAddresses CSV of one million
 * addresses (Belgian-like French and Dutch street names over ~600 localities), imports it
 * into a fresh SQLite DATA_DIR with the same code as `svc gazetteer import`, then times
 * queries of the kinds users type. Goals: import ≤ 60 s, query p50 ≤ 10 ms.
 * ROWS=200000 node --import tsx bench/geocode.ts for a quicker run; CSV_OUT=file only writes the CSV.
 */
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const QUERIES_PER_KIND = Number(process.env.QUERIES ?? 300);

// deterministic pseudo-random numbers, so every run builds the same file
let seed = 42;
function random(): number {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
}
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const SYLLABLES = [
  'ber',
  'ken',
  'dal',
  'mol',
  'vel',
  'gro',
  'mar',
  'bos',
  'hof',
  'ven',
  'dor',
  'lan',
  'ter',
  'wa',
  'ver',
];
const MORE = [
  'ghe',
  'ro',
  'li',
  'ne',
  'mon',
  'cha',
  'pel',
  'ri',
  'vie',
  'bre',
  'to',
  'sa',
  'fon',
  'hem',
  'zee',
  'bru',
];
const ALL_SYLLABLES = [...SYLLABLES, ...MORE];
const FRENCH = [
  'Rue',
  'Avenue',
  'Chaussée',
  'Place',
  'Boulevard',
  'Chemin',
  'Rue de',
  'Avenue des',
  'Clos',
  'Square',
];
const DUTCH = ['straat', 'laan', 'steenweg', 'plein', 'weg', 'dreef', 'baan', 'kaai', 'lei', 'veld'];

function stem(): string {
  const count = 2 + Math.floor(random() * 2);
  let word = '';
  for (let i = 0; i < count; i++) word += pick(ALL_SYLLABLES);
  return word[0]!.toUpperCase() + word.slice(1);
}

interface Street {
  name: string;
  locality: Locality;
  lat: number;
  lon: number;
}
interface Locality {
  name: string;
  postcode: string;
  lat: number;
  lon: number;
}

function buildWorld(): { streets: Street[]; localities: Locality[] } {
  const localities: Locality[] = [];
  for (let i = 0; i < 600; i++) {
    localities.push({
      name: `${stem()}${pick(['', 'gem', 'ville', 'hout', '-sur-Meuse', 'dijk', 'mont'])}`,
      postcode: String(1000 + i * 15),
      lat: 49.7 + random() * 1.6,
      lon: 2.8 + random() * 3.0,
    });
  }
  const streets: Street[] = [];
  const count = Math.ceil(ROWS / 16);
  for (let i = 0; i < count; i++) {
    const locality = pick(localities);
    const name = random() < 0.5 ? `${pick(FRENCH)} ${stem()}` : `${stem()}${pick(DUTCH)}`;
    streets.push({
      name,
      locality,
      lat: locality.lat + (random() - 0.5) * 0.05,
      lon: locality.lon + (random() - 0.5) * 0.08,
    });
  }
  return { streets, localities };
}

async function writeCsv(path: string, streets: Street[]): Promise<void> {
  const out = createWriteStream(path);
  out.write('LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n');
  let chunk = '';
  for (let row = 0; row < ROWS; row++) {
    const street = streets[row % streets.length]!;
    const number = Math.floor(row / streets.length) + 1;
    const lon = (street.lon + number * 0.00008).toFixed(7);
    const lat = (street.lat + number * 0.00005).toFixed(7);
    const name = street.name.includes(',') ? `"${street.name}"` : street.name;
    chunk += `${lon},${lat},${number},${name},,${street.locality.name},,,${street.locality.postcode},,${row.toString(16)}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** One typo: swap two neighbouring letters in the middle of a word. */
function typo(word: string): string {
  if (word.length < 6) return word;
  const i = 2 + Math.floor(random() * (word.length - 4));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const dir = mkdtempSync(join(tmpdir(), 'svc-geocode-bench-'));
try {
  const csv = process.env.CSV_OUT ?? join(dir, 'addresses.csv');
  const world = buildWorld();
  let started = performance.now();
  await writeCsv(csv, world.streets);
  console.log(
    `generated ${ROWS.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // CSV_OUT=file: only write the file (to import it by hand with `svc gazetteer import`)
  if (process.env.CSV_OUT) process.exit(0);

  const opened = await openDatabase({ dataDir: join(dir, 'data') });
  await ensureGazetteerSeeded(opened);
  started = performance.now();
  const importCpu = process.cpuUsage();
  const summary = await importOpenAddresses(opened, csv);
  const importSeconds = (performance.now() - started) / 1000;
  const importCpuSeconds = cpuSeconds(process.cpuUsage(importCpu));
  console.log('import', summary);

  const geocoder = createGazetteer(opened);
  // each kind makes a query and says which top answers are right
  type Probe = { q: string; right: (top: string | undefined) => boolean };
  const streetProbe = (q: string, street: Street): Probe => ({
    q,
    // the same street name may exist in other localities: any of them is a right answer
    right: (top) => top?.startsWith(`${street.name}, `) === true,
  });
  const WELL_KNOWN: Record<string, string> = {
    'Grand-Place': 'Grand-Place, 1000 Bruxelles',
    'Grote Markt': 'Grote Markt, 1000 Brussel',
    Atomium: 'Atomium, 1020 Bruxelles',
    'av. Louise': 'Avenue Louise, 1050 Bruxelles',
    'Gare du Midi': 'Gare de Bruxelles-Midi, 1060 Saint-Gilles',
    'Wetstr.': 'Wetstraat, 1000 Brussel',
  };
  const kinds: Record<string, () => Probe> = {
    'street + number + postcode + locality': () => {
      const street = pick(world.streets);
      const number = 1 + Math.floor(random() * 10);
      const place = `${street.locality.postcode} ${street.locality.name}`;
      return {
        q: `${street.name} ${number}, ${place}`,
        right: (top) => top === `${street.name} ${number}, ${place}`,
      };
    },
    'street name only': () => {
      const street = pick(world.streets);
      return streetProbe(street.name, street);
    },
    'street with a typo': () => {
      const street = pick(world.streets);
      return streetProbe(street.name.split(' ').map(typo).join(' '), street);
    },
    locality: () => {
      const locality = pick(world.localities);
      return {
        q: locality.name,
        right: (top) => top !== undefined && new RegExp(`^\\d+ ${locality.name}$`).test(top),
      };
    },
    'well-known place': () => {
      const q = pick(Object.keys(WELL_KNOWN));
      return { q, right: (top) => top === WELL_KNOWN[q] };
    },
  };
  for (let i = 0; i < 50; i++) await geocoder.search(kinds['street name only']!().q, 5); // warm-up
  const rows = [];
  const all: number[] = [];
  for (const [kind, make] of Object.entries(kinds)) {
    const times: number[] = [];
    let right = 0;
    const cpu = process.cpuUsage();
    for (let i = 0; i < QUERIES_PER_KIND; i++) {
      const probe = make();
      const t = performance.now();
      const results = await geocoder.search(probe.q, 5);
      times.push(performance.now() - t);
      if (probe.right(results[0]?.address)) right += 1;
    }
    const cpuMs = (cpuSeconds(process.cpuUsage(cpu)) * 1000) / QUERIES_PER_KIND;
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push({
      kind,
      'p50 ms': percentile(times, 0.5).toFixed(2),
      'p95 ms': percentile(times, 0.95).toFixed(2),
      'cpu ms/query': cpuMs.toFixed(2),
      'right top %': Math.round((100 * right) / QUERIES_PER_KIND),
    });
  }
  all.sort((a, b) => a - b);
  rows.push({
    kind: 'all',
    'p50 ms': percentile(all, 0.5).toFixed(2),
    'p95 ms': percentile(all, 0.95).toFixed(2),
  });
  console.log(`\nGazetteer: ${ROWS.toLocaleString('en')} imported addresses (SQLite)`);
  console.log(
    `import: ${importSeconds.toFixed(1)} s wall, ${importCpuSeconds.toFixed(1)} s CPU (goal ≤ 60 s)`,
  );
  console.log(
    `load average during the run: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.table(rows);
  console.log('goal: query p50 ≤ 10 ms');
  figure('gazetteer: import 1,000,000 OpenAddresses rows', `${importSeconds.toFixed(1)} s`, '≤ 60 s');
  const p = (q: number) => percentile(all, q).toFixed(2);
  figure('gazetteer: query p50 / p95', `${p(0.5)} / ${p(0.95)} ms`, 'p50 ≤ 10 ms');
  await opened.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
