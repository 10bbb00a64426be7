import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  createGazetteer,
  ensureCityAddressesLoaded,
  ensureGazetteerSeeded,
} from '../src/adapters/geocoder/gazetteer.ts';
import { type OpenedDatabase, openDatabase } from '../src/adapters/store/database.ts';
import { figure, NOISE } from './figures.ts';

/**
 * The embedded gazetteer with the Brussels package's streets and addresses
 * (data/cities/brussels/addresses.geojson, docs/geocoding.md): loads them into a fresh
 * SQLite DATA_DIR (and, when PostgreSQL answers at BENCH_POSTGRES_URL or the tests'
 * server, a throw-away database), then times the queries users type: a door of the
 * package, a number it does not hold (interpolated or the street), a street alone, a
 * municipality, a street that does not exist. Goal: p95 ≤ 20 ms. QUERIES=… per kind.
 */
const QUERIES_PER_KIND = Number(process.env.QUERIES ?? 200);
const ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const text = readFileSync(new URL('../data/cities/brussels/addresses.geojson', import.meta.url), 'utf8');
const features = (JSON.parse(text) as { features: Array<{ properties: Record<string, string> }> }).features;

let seed = 7;
const random = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const frenchHalf = (name: string) => name.split(' - ')[0]!;
const doors = features.filter(
  (f) => f.properties.kind === 'address' && /^\d+$/.test(f.properties.housenumber!),
);
const streets = features.filter((f) => f.properties.kind === 'street');
const MUNICIPALITIES = [
  'Ixelles',
  'Etterbeek',
  'Schaerbeek',
  'Uccle',
  'Jette',
  'Anderlecht',
  'Elsene',
  'Ukkel',
];

const KINDS: Record<string, () => string> = {
  'a door of the package': () => {
    const p = pick(doors).properties;
    return `${frenchHalf(p.street!)} ${p.housenumber}`;
  },
  'a number it does not hold': () => {
    const p = pick(doors).properties;
    return `${frenchHalf(p.street!)} ${Number(p.housenumber) + 2 * (1 + Math.floor(random() * 5))}`;
  },
  'street and municipality': () => {
    const p = pick(streets).properties;
    return `${p['name:fr']}, ${p.postcode} ${p['municipality:fr']!.replace(/^Ville de /, '')}`;
  },
  'Avenue Louise and a number': () => `Avenue Louise ${1 + Math.floor(random() * 600)}`,
  municipality: () => pick(MUNICIPALITIES),
  'a street that does not exist': () =>
    `Rue des ${pick(['Licornes', 'Dragons', 'Sirènes'])} ${Math.floor(random() * 90)}`,
};

async function measure(store: string, opened: OpenedDatabase): Promise<void> {
  const started = performance.now();
  await ensureGazetteerSeeded(opened);
  await ensureCityAddressesLoaded(opened, [{ id: 'brussels', text }]);
  const loadSeconds = (performance.now() - started) / 1000;
  const gazetteer = createGazetteer(opened);
  for (let i = 0; i < 50; i++) await gazetteer.search(KINDS['a door of the package']!(), 5); // warm up
  const all: number[] = [];
  for (const [kind, query] of Object.entries(KINDS)) {
    const times: number[] = [];
    for (let i = 0; i < QUERIES_PER_KIND; i++) {
      const q = query();
      const t = performance.now();
      await gazetteer.search(q, 5);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    const at = (share: number) => times[Math.floor(share * (times.length - 1))]!.toFixed(2);
    console.log(`${store}\t${kind}\tp50 ${at(0.5)} ms\tp95 ${at(0.95)} ms`);
  }
  all.sort((a, b) => a - b);
  const p = (share: number) => all[Math.floor(share * (all.length - 1))]!;
  console.log(`${store}: loaded the package's streets and addresses in ${loadSeconds.toFixed(1)} s`);
  figure(
    `geocode with the Brussels package's addresses (${store}): p50 / p95`,
    `${p(0.5).toFixed(2)} / ${p(0.95).toFixed(2)} ms`,
    'p95 ≤ 20 ms',
    { measured: p(0.95), target: 20, better: 'lower', band: NOISE.latency },
  );
}

console.log(
  `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, ${QUERIES_PER_KIND} queries per kind`,
);
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-geocode-addresses-'));
const sqlite = await openDatabase({ dataDir });
try {
  await measure('SQLite', sqlite);
} finally {
  await sqlite.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
const reachable = await admin.connect().then(
  () => true,
  () => false,
);
if (reachable) {
  const name = `svc_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ dataDir: tmpdir(), databaseUrl: url.toString() });
  try {
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
} else console.log(`PostgreSQL not reachable at ${ADMIN_URL}: SQLite only`);
console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
