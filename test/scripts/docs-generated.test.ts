import assert from 'node:assert/strict';
import { test } from 'node:test';
import { driftOf, generatedRegions } from '../../scripts/docs/generate.ts';
import { readRegions, writeRegions } from '../../scripts/docs/regions.ts';

/**
 * The README's and docs' tables and example answers are what the code answers now: the
 * service is started as `npm start` runs it (embedded default, clock fixed), asked through
 * HTTP, and every committed `<!-- generated:NAME -->` region must be exactly the text
 * scripts/docs/generate.ts writes from those answers. After a change of the model or the
 * API, `npm run docs:generate` rewrites them (and redraws the images).
 */
test('every generated region of README.md and docs/ is what the running code produces', async () => {
  const regions = await generatedRegions();
  const drift = driftOf(regions);
  assert.deepEqual(
    drift.map(({ file, region, committed, generated }) =>
      file === ''
        ? `${region}: no file marks it`
        : `${file}, ${region}: stale (run npm run docs:generate)\n--- committed\n${committed}+++ generated\n${generated}`,
    ),
    [],
  );
});

test('a region is rewritten between its markers and nothing else moves', () => {
  const text =
    'before\n<!-- generated:a -->\nold\n<!-- /generated:a -->\nmiddle\n<!-- generated:b -->\nkept\n<!-- /generated:b -->\n';
  const written = writeRegions(text, { a: 'new\nlines\n\n' });
  assert.equal(
    written,
    'before\n<!-- generated:a -->\nnew\nlines\n<!-- /generated:a -->\nmiddle\n<!-- generated:b -->\nkept\n<!-- /generated:b -->\n',
  );
  assert.deepEqual(
    [...readRegions(written)],
    [
      ['a', 'new\nlines\n'],
      ['b', 'kept\n'],
    ],
  );
});
