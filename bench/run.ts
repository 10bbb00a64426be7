import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { type FigureCheck, meetsGoal, withinGoal } from './figures.ts';
import { LOAD_GENERATOR } from './load-generator.ts';
import { methodNote } from './pinning.ts';

/**
 * `npm run bench`: every benchmark, one after another, each in its own process so that
 * one's caches and JIT state do not flatter the next, then writes the rows they report
 * (bench/figures.ts) into the README's benchmark table and docs/benchmarks.md, with the
 * figures before the performance work (bench/before.json) beside them.
 * `npm run bench -- NAME…` runs only the named ones and writes nothing.
 * `npm run bench -- --check [NAME…]` writes nothing and exits non-zero when a row misses
 * its goal by more than its noise band (run it alone on a quiet machine).
 */
const ALL = [
  'foundation',
  'data',
  'geocode',
  'geocode-addresses',
  'map',
  'reports',
  'reports-felt',
  'model',
  'observability',
  'memory',
  'cluster',
  'feed-poll',
  'rollover',
  'history',
  'alerts-evaluation',
];
/** V8 flags a benchmark needs beyond the common ones (its file says why) */
const FLAGS: Record<string, string[]> = {
  'feed-poll': ['--single-threaded-gc', '--max-semi-space-size=8'],
};
const args = process.argv.slice(2);
const checking = args.includes('--check');
const wanted = args.filter((name) => !name.startsWith('-'));
const selected = wanted.length > 0 ? wanted : ALL;

interface Row {
  bench: string;
  name: string;
  value: string;
  goal: string;
  check: FigureCheck | null;
}
const rows: Row[] = [];
const loads: string[] = [];
const failures: string[] = [];
for (const name of selected) {
  const file = new URL(`./${name}.ts`, import.meta.url).pathname;
  if (!existsSync(file)) {
    console.log(`\n(${name}: no benchmark yet)`);
    continue;
  }
  console.log(`\n=== ${name} === (load average ${loadavg()[0]!.toFixed(1)})`);
  // throughput rows pin themselves while they load (bench/pinning.ts)
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', ...(FLAGS[name] ?? []), '--import', 'tsx', file],
    {
      stdio: ['inherit', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  process.stdout.write(result.stdout ?? '');
  loads.push(`${name} ${loadavg()[0]!.toFixed(1)}`);
  for (const line of (result.stdout ?? '').split('\n')) {
    const [tag, benchmark, value, goal, check] = line.split('\t');
    if (tag !== 'BENCH' || !benchmark) continue;
    rows.push({
      bench: name,
      name: benchmark,
      value: value ?? '',
      goal: goal ?? '',
      check: check ? (JSON.parse(check) as FigureCheck) : null,
    });
  }
  if (result.status !== 0) failures.push(`${name} exited with ${result.status}`);
}

/** met; short of the goal by less than the noise band (`--check` lets it pass); or missed */
function verdict(row: Row): string {
  if (!row.check) return '';
  if (meetsGoal(row.check)) return 'met';
  return withinGoal(row.check) ? 'within noise band' : '**missed**';
}
for (const row of rows) if (row.check && !withinGoal(row.check)) failures.push(`${row.bench}: ${row.name}`);

if (checking) {
  console.log('\n--check: each row against its goal, allowing its noise band');
  console.table(
    rows
      .filter((row) => row.check)
      .map((row) => ({
        row: `${row.bench}: ${row.name}`,
        value: row.value,
        goal: row.goal,
        verdict: verdict(row),
      })),
  );
  if (failures.length > 0) console.log(`missed or failed:\n  ${failures.join('\n  ')}`);
  process.exit(failures.length > 0 ? 1 : 0);
}

if (wanted.length === 0) {
  const before = JSON.parse(readFileSync(new URL('./before.json', import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
  const tableOf = (shown: readonly Row[]) =>
    [
      '| benchmark | before | now | goal | |',
      '|---|---|---|---|---|',
      ...shown.map(
        (row) =>
          `| ${row.bench}: ${row.name} | ${before[`${row.bench}: ${row.name}`] ?? '—'} | ${row.value} | ${row.goal} | ${verdict(row)} |`,
      ),
    ].join('\n');
  const table = tableOf(rows);
  // the README is a front door: its table holds the rows with a goal, docs/benchmarks.md all
  const readmeTable = tableOf(rows.filter((row) => row.check));
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const context = `Written by \`npm run bench\` on ${when} UTC: ${cpus().length} cores, load average after each benchmark ${loads.join(', ')}. Throughput rows are ratios against a bare Fastify server answering the same request with the same bytes and headers over the same loopback in the same run, both loaded from another process (${LOAD_GENERATOR}, ${methodNote()}; median of 3 interleaved rounds with their spread, and the best); "before" is the figure measured before the performance work (bench/before.json, issue #17), throughput then with autocannon inside the measured process, which flattered every ratio (docs/performance.md).${failures.length > 0 ? ` Missed or failed in this run: ${failures.join('; ')}.` : ''}`;
  const readme = new URL('../README.md', import.meta.url);
  const text = readFileSync(readme, 'utf8');
  const begin = '<!-- benchmarks:begin -->';
  const end = '<!-- benchmarks:end -->';
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${begin} … ${end} block`);
  writeFileSync(
    readme,
    `${text.slice(0, from + begin.length)}\n${context} Rows with a goal; every row: docs/benchmarks.md.\n\n${readmeTable}\n${text.slice(to)}`,
  );
  writeFileSync(
    new URL('../docs/benchmarks.md', import.meta.url),
    `# Benchmarks\n\n${context}\n\nThe same table is in the README. How each row is measured: docs/performance.md.\n\n${table}\n`,
  );
  console.log('\nwrote the README benchmark table and docs/benchmarks.md');
}
process.exit(failures.length > 0 ? 1 : 0);
