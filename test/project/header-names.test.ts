import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const SRC = new URL('../../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

// Fastify lowercases every header name it is given; a name in mixed case costs a new string
// and a slow property look-up on each response (docs/history/performance-2026-11-28.md, "Header names")
test('reply headers are set under lower-case names', () => {
  const mixed = sources(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\.header\(\s*'([^']*[A-Z][^']*)'/g)].map(
      (match) => `${file.slice(SRC.length)}: ${match[1]}`,
    ),
  );
  assert.deepEqual(mixed, []);
});
