import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { checkLayers } from '../../scripts/check-layers.mjs';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A throw-away src/ tree: path → file text. */
function tree(files: Record<string, string>): string {
  const src = join(mkdtempSync(join(tmpdir(), 'svc-layers-')), 'src');
  dirs.push(dirname(src));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  }
  return src;
}

describe('layer check', () => {
  test('the project itself: imports point down, no cycles', () => {
    const { files, problems } = checkLayers(new URL('../../src', import.meta.url).pathname);
    assert.deepEqual(problems, []);
    assert.ok(files > 100);
  });

  test('names an upward import, an adapter used by http, web importing server code, and a cycle', () => {
    const src = tree({
      'domain/rule.ts': "import { handler } from '../http/handler.ts';\nexport const rule = 1;\n",
      'http/handler.ts':
        "import { store } from '../adapters/store/sql.ts';\nimport { use } from '../services/use.ts';\nexport const handler = 1;\n",
      'services/use.ts': "import type { handler } from '../http/handler.ts';\nexport const use = 1;\n",
      'adapters/store/sql.ts': 'export const store = 1;\n',
      'web/page.ts':
        "import type { rule } from '../domain/rule.ts';\nimport { rule as value } from '../domain/rule.ts';\n",
    });
    const { problems } = checkLayers(src);
    const text = problems.join('\n');
    assert.match(text, /domain\/rule\.ts -> http\/handler\.ts \(domain may not import http\)/);
    assert.match(text, /http\/handler\.ts -> adapters\/store\/sql\.ts \(http may not import adapters\)/);
    // type-only imports count too: a type is still a dependency
    assert.match(text, /services\/use\.ts -> http\/handler\.ts \(services may not import http\)/);
    assert.match(text, /web\/page\.ts -> domain\/rule\.ts \(web may import domain types only/);
    assert.match(text, /import cycle: .*http\/handler\.ts.*services\/use\.ts/);
    // the type-only import from web is allowed: exactly one web problem
    assert.equal(problems.filter((p) => p.startsWith('web/')).length, 1);
  });

  test("a service's port is open to adapters and the model; a service's code and their implementations are not", () => {
    const src = tree({
      'services/ports/cache-port.ts': 'export interface Cache { get(): void }\n',
      'services/data/model-series-port.ts':
        "import type { Cache } from '../ports/cache-port.ts';\nexport interface Series { cache: Cache }\n",
      'services/data/records.ts':
        "import type { Cache } from '../ports/cache-port.ts';\nimport type { Series } from './model-series-port.ts';\nexport const records = 1;\n",
      'adapters/cache/memory.ts':
        "import type { Cache } from '../../services/ports/cache-port.ts';\nexport const cache = 1;\n",
      'model/embedded/index.ts': "import type { Series } from '../../services/data/model-series-port.ts';\n",
      'services/bad.ts':
        "import { cache } from '../adapters/cache/memory.ts';\nimport type { model } from '../model/embedded/index.ts';\n",
      'adapters/cache/climbing.ts': "import { records } from '../../services/data/records.ts';\n",
      'model/embedded/climbing.ts': "import { records } from '../../services/data/records.ts';\n",
    });
    assert.deepEqual(checkLayers(src).problems.sort(), [
      'adapters/cache/climbing.ts -> services/data/records.ts (adapters may not import services)',
      'model/embedded/climbing.ts -> services/data/records.ts (model may not import services)',
      'services/bad.ts -> adapters/cache/memory.ts (services may not import adapters)',
      'services/bad.ts -> model/embedded/index.ts (services may not import model)',
    ]);
  });

  test('ports live with their users: not beside an implementation, not unused, importing no service code', () => {
    const src = tree({
      'adapters/queue/port.ts': 'export interface Queue { add(): void }\n',
      'adapters/queue/memory.ts': "import type { Queue } from './port.ts';\n",
      'model/port.ts': 'export interface Model { run(): void }\n',
      'services/reports/job-queue-port.ts': 'export interface JobQueue { add(): void }\n',
      'adapters/queue/fifo.ts': "import type { JobQueue } from '../../services/reports/job-queue-port.ts';\n",
      'services/reports/helper.ts': 'export const helper = 1;\n',
      'services/reports/pdf-port.ts':
        "import { helper } from './helper.ts';\nexport interface Pdf { render(): void }\n",
      'services/reports/service.ts': "import type { Pdf } from './pdf-port.ts';\n",
    });
    assert.deepEqual(checkLayers(src).problems.sort(), [
      'adapters/queue/port.ts: a port beside its implementation (declare it beside the service that calls it, as a *-port.ts file)',
      'model/port.ts: a port beside its implementation (declare it beside the service that calls it, as a *-port.ts file)',
      'services/reports/job-queue-port.ts: a port no service or route imports (move it to its users, or drop it)',
      'services/reports/pdf-port.ts -> services/reports/helper.ts (port may not import services)',
    ]);
  });

  test('runtime plumbing serves the model and the adapters, and knows nothing of either', () => {
    const src = tree({
      'runtime/thread.ts': "import { cache } from '../adapters/cache/memory.ts';\nexport const thread = 1;\n",
      'adapters/cache/memory.ts':
        "import { thread } from '../../runtime/thread.ts';\nexport const cache = 1;\n",
      'model/embedded/pool.ts': "import { thread } from '../../runtime/thread.ts';\n",
      'services/use.ts': "import { thread } from '../runtime/thread.ts';\n",
    });
    const { problems } = checkLayers(src);
    assert.ok(
      problems.includes('runtime/thread.ts -> adapters/cache/memory.ts (runtime may not import adapters)'),
    );
    assert.ok(problems.includes('services/use.ts -> runtime/thread.ts (services may not import runtime)'));
    assert.equal(problems.filter((p) => p.startsWith('model/')).length, 0);
    assert.equal(problems.filter((p) => p.startsWith('adapters/')).length, 0);
  });

  test('the domain reads no file, process or clock and keeps no module-level mutable state; adapters may', () => {
    const src = tree({
      'domain/read.ts':
        "import { readFileSync } from 'node:fs';\nimport { spawn } from 'child_process';\nexport const read = () => readFileSync('x');\n",
      'domain/clock.ts': 'export const stamp = () => Date.now();\n',
      'domain/state.ts': [
        'let generation = 0;',
        'export let current = 1;',
        'const cache = new Map<string, number>();',
        'const live: string[] = [];',
        'export const bump = () => generation++ + current + cache.size + live.length;',
      ].join('\n'),
      'domain/pure.ts': [
        "import { createHash } from 'node:crypto';",
        "import { gzipSync } from 'node:zlib';",
        '/** let alone = 1; in a comment */',
        "export const WORDS: ReadonlySet<string> = new Set(['a', 'b']);",
        'export const ORDER: readonly string[] = [];',
        'export class Memo {',
        '  private readonly byKey = new Map<string, number>();',
        '}',
        'export function sum(values: number[]): number {',
        '  let total = 0;',
        '  for (const v of values) total += v;',
        "  return total + createHash('sha1').digest().length + gzipSync('').length;",
        '}',
      ].join('\n'),
      'adapters/files/read.ts':
        "import { readFileSync } from 'node:fs';\nlet opened = 0;\nexport const read = () => (opened++, readFileSync('x'), Date.now());\n",
    });
    const { problems } = checkLayers(src);
    const text = problems.join('\n');
    assert.match(text, /domain\/read\.ts imports node:fs /);
    assert.match(text, /domain\/read\.ts imports child_process /);
    assert.match(text, /domain\/clock\.ts reads the clock or the process \(Date\.now\(\)/);
    for (const name of ['generation', 'current', 'cache', 'live'])
      assert.match(text, new RegExp(`domain/state\\.ts: module-level mutable state '${name}'`));
    // pure computation, read-only tables, instance state and local variables are fine
    assert.equal(problems.filter((p) => p.startsWith('domain/pure.ts')).length, 0, text);
    assert.equal(problems.filter((p) => p.startsWith('adapters/')).length, 0, text);
    assert.equal(problems.length, 7, text);
  });

  test('services, http and the model write no city id; the domain, adapters and comments may', () => {
    const src = tree({
      'services/centre.ts':
        "export const CENTRE = { testville: [50.5, 4.4] };\nexport const id = 'testville';\n",
      'http/route.ts': 'export const path = `testville`;\n',
      'model/embedded/clock.ts': 'export const zone = "testville";\n',
      'model/embedded/notes.ts':
        "// the 'testville' domain, in a comment\n/** 'testville' */\nexport const ok = 'testvilles';\n",
      'domain/cities.ts': "export const FIRST = 'testville';\n",
      'adapters/cities/seed.ts': "export const SEED = 'testville';\n",
    });
    const { problems } = checkLayers(src, ['testville']);
    const text = problems.join('\n');
    assert.match(text, /services\/centre\.ts: the city id 'testville' is written in code/);
    assert.match(text, /http\/route\.ts: the city id 'testville'/);
    assert.match(text, /model\/embedded\/clock\.ts: the city id 'testville'/);
    // an object key is not a literal the rule sees; comments and longer words are not ids
    assert.equal(problems.length, 3, text);
    // without packages there is nothing to look for
    assert.deepEqual(checkLayers(src, []).problems, []);
  });

  test('a metric id is written only in its own module and in the files that hold it as data', () => {
    const src = tree({
      'domain/metrics/noise/index.ts': "export const noiseMetric = { id: 'noise' };\n",
      'domain/metrics/noise/map-layer.ts': "export const layer = { id: 'noise', other: 'hum' };\n",
      'domain/metrics/hum/index.ts': "export const humMetric = { id: 'hum', beside: 'noise' };\n",
      'services/reports/cover.ts': "export const cover = 'noise';\n",
      'model/embedded/notes.ts':
        "// the 'noise' layer, in a comment\n/** 'noise' */\nexport const ok = 'noises';\n",
      'adapters/threads/plan.ts':
        'export const blocks = [`noise`];\nexport const models = { noise: true };\n',
      'domain/coverage/vocabulary.ts': "export const METRICS = ['noise', 'hum'] as const;\n",
      'domain/reports/i18n/en.ts': "export const EN = { noise: 'noise' };\n",
      'adapters/store/migrations/007_noise.ts': "export const column = 'noise';\n",
    });
    const { problems } = checkLayers(src, [], ['noise', 'hum']);
    assert.deepEqual(problems.sort(), [
      "adapters/threads/plan.ts: the metric id 'noise' is written outside its module (domain/metrics/noise/): loop over the registry, or give its module the field (docs/metrics.md)",
      "domain/metrics/hum/index.ts: the metric id 'noise' is written outside its module (domain/metrics/noise/): loop over the registry, or give its module the field (docs/metrics.md)",
      "domain/metrics/noise/map-layer.ts: the metric id 'hum' is written outside its module (domain/metrics/hum/): loop over the registry, or give its module the field (docs/metrics.md)",
      "services/reports/cover.ts: the metric id 'noise' is written outside its module (domain/metrics/noise/): loop over the registry, or give its module the field (docs/metrics.md)",
    ]);
    // by default the ids are the folders holding a module
    assert.equal(checkLayers(src, []).problems.length, 4);
  });
});
