import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/**
 * `npm run bench`: every benchmark, one after another, each in its own process so that
 * one's caches and JIT state do not flatter the next, then writes the figures they report
 * (bench/figures.ts) into docs/benchmarks.md. `npm run bench -- NAME` runs only the named
 * ones and leaves the file alone.
 */
const ALL = ['foundation', 'data', 'geocode', 'map', 'reports', 'model', 'observability'];
const wanted = process.argv.slice(2).filter((name) => !name.startsWith('-'));
const selected = wanted.length > 0 ? wanted : ALL;
const rows: string[] = [];
const loads: number[] = [];
let failed = false;
for (const name of selected) {
  const file = new URL(`./${name}.ts`, import.meta.url).pathname;
  if (!existsSync(file)) {
    console.log(`\n(${name}: no benchmark yet)`);
    continue;
  }
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], {
    stdio: ['inherit', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? '');
  loads.push(loadavg()[0]!);
  for (const line of (result.stdout ?? '').split('\n')) {
    const [tag, benchmark, value, goal] = line.split('\t');
    if (tag === 'BENCH') rows.push(`| ${name}: ${benchmark} | ${value} | ${goal} |`);
  }
  if (result.status !== 0) failed = true;
}

if (wanted.length === 0) {
  const out = new URL('../docs/benchmarks.md', import.meta.url);
  writeFileSync(
    out,
    `# Benchmarks

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: one run, ${cpus().length} cores, load average ${loads.map((l) => l.toFixed(1)).join(' / ')} after each benchmark. Throughput figures are ratios against a bare Fastify route serving the same bytes in the same run, so they depend less on the machine than absolute times; on a busy machine every figure is pessimistic.${failed ? '\n\n**Some benchmarks failed or missed their goal in this run.**' : ''}

| benchmark | figure | goal |
|---|---|---|
${rows.join('\n')}
`,
  );
  console.log(`\nwrote ${out.pathname}`);
}
process.exit(failed ? 1 : 0);
