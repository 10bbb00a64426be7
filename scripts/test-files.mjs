// The integration tier's files, the longest first: the runner starts them in the order
// given, five at a time, so a long file started last ran alone at the end (sorted by
// name, the scale-out files came last and the tier's final minutes used one file's worth
// of the machine). The list below is the longest files of a CI run (28 Nov 2026, seconds
// in the comments); every other file follows in name order. A file missing here is still
// run; a name here that no longer exists is dropped.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const LONGEST_FIRST = [
  'test/scale-out/city-changes-under-load.test.ts', // 248
  'test/observability/metrics-and-traces.integration.test.ts', // 117
  'test/faults/two-instances.integration.test.ts', // 103
  'test/faults/shutdown-dependencies.integration.test.ts', // 102
  'test/scale-out/live-feeds-two-instances.test.ts', // 102
  'test/acceptance/spec-audit-cli-hostile.test.ts', // 91
  'test/scale-out/two-instances.test.ts', // 86
  'test/live/backfill.integration.test.ts', // 83
  'test/clients/packed-client.integration.test.ts', // 76
  'test/start/embedded-footprint.integration.test.ts', // 74
  'test/live/live-feeds.integration.test.ts', // 66
  'test/live/live-air-every-hour.integration.test.ts', // 40 (alone)
  'test/acceptance/reports-imported-city.test.ts', // 62
  'test/scale-out/cities.test.ts', // 61
];

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const integration = (path) =>
  path.endsWith('.integration.test.ts') ||
  ((path.startsWith('test/acceptance/') || path.startsWith('test/scale-out/')) && path.endsWith('.test.ts'));

const files = walk('test').filter(integration).sort();
const first = LONGEST_FIRST.filter((path) => existsSync(path));
process.stdout.write([...first, ...files.filter((path) => !first.includes(path))].join('\n'));
