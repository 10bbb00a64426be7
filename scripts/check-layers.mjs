#!/usr/bin/env node
/**
 * The layer check (`npm run lint:layers`, part of `npm test`): reads every import of
 * src/ (type-only ones too) and fails when one points the wrong way or closes a cycle.
 *
 *   domain    imports only domain
 *   runtime   Node.js plumbing that knows nothing of the service (module threads): itself only
 *   services  domain and services; never http, start, an adapter or the model
 *   ports     a service's port (a `*-port.ts` file, or a file of a `ports/` folder, under
 *             services/): the interface a service calls, declared beside its user;
 *             domain and other ports only
 *   model     the model's implementation: domain, runtime, ports and itself
 *   adapters  domain, runtime, ports and other adapters; never a service's implementation,
 *             http or start
 *   http      domain and services; never an adapter or the model (the composition root injects them)
 *   web       the browser's code: web and domain types (`import type`) only, never server code
 *   start, cli  composition roots: anything
 *
 * Ports live with their users: a port file outside services/ or domain/ (an adapter's or
 * the model's `port.ts`, next to its implementation) is refused, and so is a service port
 * that no service or route imports (a port only its implementations know).
 *
 * The domain is pure: no file system, process, network or thread module, no clock, and no
 * module-level mutable state (a top-level `let`/`var`, or a top-level Map, Set, array…
 * built to be filled later): whatever changes at run time is a value handed down or an
 * instance its caller owns.
 *
 * Services, http and the model write no city id (a string literal naming a package of
 * data/cities/, comments aside): what a city is — its reference points, time zone,
 * settings — comes from its package, so that every city, imported ones too, is served
 * by the same code.
 *
 * A metric's id (a folder of src/domain/metrics/ with its module's index.ts) is written
 * as a string literal only in its own folder (comments aside), and in the files that hold
 * it as data: the spec's vocabularies, the live feeds' inputs, the report catalogues and
 * the store's migrations (issue #36: a metric is one module, the generic code loops over
 * the registry; docs/metrics.md).
 *
 * docs/architecture.md ("Layers") draws the same picture. No dependency: a small regex
 * parser of `import … from`, `export … from` and `import()` is enough for our code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Imports allowed although they break a rule, each as [from, to] with the issue that removes it. */
const EXCEPTIONS = [];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|mts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** Node.js modules the domain may not import: they reach the file system, processes, the network or threads. */
const IMPURE_MODULES = [
  'fs',
  'fs/promises',
  'child_process',
  'cluster',
  'dgram',
  'dns',
  'http',
  'http2',
  'https',
  'inspector',
  'module',
  'net',
  'os',
  'process',
  'readline',
  'tls',
  'worker_threads',
];

/** what reads the clock or the process: the domain is handed the time */
const CLOCK =
  /\b(?:Date\.now\s*\(|new Date\(\s*\)|performance\.now\s*\(|process\.(?:hrtime|uptime|env|cwd)\b)/;

/**
 * Module-level mutable state: a top-level `let`/`var`, or a top-level `const` holding a
 * Map, Set, WeakMap, WeakSet, BoundedMap or an empty array (made to be filled later). A
 * `ReadonlySet`/`ReadonlyMap`/`readonly …[]` lookup table declared with its type is allowed.
 */
const MUTABLE_TOP_LEVEL = [
  /^(?:export\s+)?(?:let|var)\s+([\w$]+)/,
  /^(?:export\s+)?const\s+([\w$]+)\s*(?::(?!\s*(?:Readonly|readonly))[^=]+)?=\s*new\s+(?:Map|Set|WeakMap|WeakSet|BoundedMap)\b/,
  /^(?:export\s+)?const\s+([\w$]+)\s*(?::(?!\s*(?:Readonly|readonly))[^=]+)?=\s*\[\s*\]/,
];

/** Why a domain file is not pure, as sentences; empty when it is. */
function impurities(path, text) {
  const found = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const match of code.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    const name = spec?.replace(/^node:/, '');
    if (name !== undefined && IMPURE_MODULES.includes(name))
      found.push(`${path} imports ${spec} (the domain reads no file, process or network: an adapter does)`);
  }
  const clock = code.match(CLOCK);
  if (clock)
    found.push(`${path} reads the clock or the process (${clock[0].trim()}): the domain is handed the time`);
  found.push(...mutableState(path, code));
  return found;
}

/** Module-level mutable state of a domain or service file, as sentences (issue #45: services keep none either). */
function mutableState(path, code) {
  const found = [];
  for (const line of code.split('\n')) {
    for (const rule of MUTABLE_TOP_LEVEL) {
      const match = line.match(rule);
      if (match) {
        found.push(
          `${path}: module-level mutable state '${match[1]}' (hand it down as a value, or keep it in an instance its caller owns)`,
        );
        break;
      }
    }
  }
  return found;
}

/** Relative imports of a file: the target (relative to src/) and whether the statement is type-only. */
function importsOf(src, file, source) {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '');
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec?.startsWith('.')) continue;
    const typeOnly = /^[\s;]*(?:import|export)\s+type\s/.test(match[0]);
    found.push({ to: relative(src, resolve(dirname(file), spec)), typeOnly });
  }
  return found;
}

/** A file that declares a port: `port.ts`, `*-port.ts`, or any file of a `ports/` folder. */
function isPortFile(path) {
  return /(?:^|\/|-)port\.ts$/.test(path) || path.includes('/ports/');
}

function layerOf(path) {
  const top = path.split('/')[0];
  // a port a service declares for what it calls: the adapters and the model implement it
  if (top === 'services' && isPortFile(path)) return 'port';
  if (top === 'config.ts') return 'config';
  return top;
}

/** For each layer, the layers it may import. */
const ALLOWED = {
  domain: ['domain'],
  runtime: ['runtime'],
  port: ['domain', 'port'],
  model: ['domain', 'runtime', 'port', 'model'],
  adapters: ['domain', 'runtime', 'port', 'adapters', 'config'],
  services: ['domain', 'port', 'services'],
  http: ['domain', 'services', 'port', 'http', 'config'],
  web: ['web', 'domain'],
  start: null,
  cli: null,
  config: ['domain', 'config'],
};

/** Layers that know no particular city: what a city is comes from its package (data/cities/<id>/city.json). */
const CITY_AGNOSTIC = ['services', 'http', 'model', 'model-port'];

/** the ids of the city packages shipped beside `src` (data/cities/<id>/city.json) */
function shippedCityIds(src) {
  const dir = join(src, '..', 'data', 'cities');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'city.json')))
    .map((entry) => entry.name);
}

/** The ids among `ids` written as string literals in code (comments aside), once per literal. */
function literalsOf(text, ids) {
  if (ids.length === 0) return [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const match of code.matchAll(/(['"`])([a-z][a-z0-9-]*)\1/g))
    if (ids.includes(match[2])) found.push(match[2]);
  return found;
}

/** A city id written as a string literal in code (comments aside), as sentences; empty when there is none. */
function cityLiterals(path, text, cityIds) {
  return literalsOf(text, cityIds).map(
    (id) =>
      `${path}: the city id '${id}' is written in code (a city's points, names and settings come from its package)`,
  );
}

/** the metrics' ids: the folders of src/domain/metrics/ that hold a module (index.ts) */
function metricFolderIds(src) {
  const dir = join(src, 'domain', 'metrics');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name);
}

/** Files that hold metric ids as data: the spec's vocabularies, the feeds' inputs, the report catalogues, migrations. */
const METRIC_WORD_FILES = [
  /^domain\/coverage\/vocabulary\.ts$/,
  /^domain\/scales\/types\.ts$/,
  /^domain\/live\/feed-inputs\.ts$/,
  /^domain\/reports\/i18n\//,
  /^adapters\/store\/migrations\//,
];

/** A metric id written as a string literal outside its module's folder and the data files, as sentences. */
function metricLiterals(path, text, metricIds) {
  if (METRIC_WORD_FILES.some((rule) => rule.test(path))) return [];
  return literalsOf(text, metricIds)
    .filter((id) => !path.startsWith(`domain/metrics/${id}/`))
    .map(
      (id) =>
        `${path}: the metric id '${id}' is written outside its module (domain/metrics/${id}/): loop over the registry, or give its module the field (docs/metrics.md)`,
    );
}

/**
 * Every import of `src` that points the wrong way or closes a cycle, every city id
 * written in a city-agnostic layer and every metric id written outside its module, as
 * sentences; empty when clean. `cityIds` defaults to the packages shipped beside `src`,
 * `metricIds` to the metric modules' folders.
 */
export function checkLayers(src, cityIds = shippedCityIds(src), metricIds = metricFolderIds(src)) {
  const problems = [];
  const graph = new Map();
  for (const file of files(src)) {
    const from = relative(src, file);
    const source = readFileSync(file, 'utf8');
    const imports = importsOf(src, file, source);
    if (layerOf(from) === 'domain') problems.push(...impurities(from, source));
    if (layerOf(from) === 'services' || layerOf(from) === 'port')
      problems.push(
        ...mutableState(from, source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')),
      );
    if (CITY_AGNOSTIC.includes(layerOf(from))) problems.push(...cityLiterals(from, source, cityIds));
    problems.push(...metricLiterals(from, source, metricIds));
    graph.set(
      from,
      imports.map(({ to }) => to),
    );
    for (const { to, typeOnly } of imports) {
      const allowed = ALLOWED[layerOf(from)];
      if (allowed === undefined) problems.push(`${from}: not in any layer`);
      else if (layerOf(from) === 'web' && layerOf(to) === 'domain' && !typeOnly) {
        // the browser bundle takes the server's declarations, never its code
        problems.push(`${from} -> ${to} (web may import domain types only: use \`import type\`)`);
      } else if (allowed !== null && !allowed.includes(layerOf(to))) {
        if (!EXCEPTIONS.some(([a, b]) => a === from && b === to)) {
          problems.push(`${from} -> ${to} (${layerOf(from)} may not import ${layerOf(to)})`);
        }
      }
    }
  }

  // ports live with their users: beside the services (or the domain) that call them
  for (const from of graph.keys()) {
    const top = layerOf(from);
    if ((top === 'adapters' || top === 'model') && isPortFile(from))
      problems.push(
        `${from}: a port beside its implementation (declare it beside the service that calls it, as a *-port.ts file)`,
      );
    if (top !== 'port') continue;
    const users = [...graph].filter(
      ([user, imports]) => ['services', 'port', 'http'].includes(layerOf(user)) && imports.includes(from),
    );
    if (users.length === 0)
      problems.push(`${from}: a port no service or route imports (move it to its users, or drop it)`);
  }

  // cycles: Tarjan's strongly connected components over the file graph
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  function connect(node) {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) problems.push(`import cycle: ${component.sort().join(' <-> ')}`);
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return { files: graph.size, problems };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const src = join(resolve(dirname(new URL(import.meta.url).pathname), '..'), 'src');
  const { files: count, problems } = checkLayers(src);
  if (problems.length > 0) {
    process.stderr.write(`layer check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `layer check: ${count} files, imports point down, no cycles, ports live with their users, the domain is pure, no city ids in services, http or the model, no metric ids outside their modules\n`,
  );
}
