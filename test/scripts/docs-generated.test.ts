import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { driftOf, generatedRegions, ROOT } from '../../scripts/docs/generate.ts';
import { readRegions, regionBody, writeRegions } from '../../scripts/docs/regions.ts';
import { streetZoneKm2 } from '../../scripts/docs/street-zone.ts';
import { USAGE } from '../../src/cli/usage.ts';

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

const committedRegion = (file: string, region: string) =>
  readRegions(readFileSync(join(ROOT, file), 'utf8')).get(region);

test("the operations doc's command list is the CLI's own help, every command of it", () => {
  const listed = committedRegion('docs/operations.md', 'cli-usage');
  assert.equal(listed, regionBody(`\`\`\`\n${USAGE.trimEnd()}\n\`\`\``));
  // every command the CLI dispatches on (src/cli/main.ts), so a new one cannot be left out of its help
  const dispatched = [
    ...readFileSync(join(ROOT, 'src/cli/main.ts'), 'utf8').matchAll(/command === '([a-z][a-z-]*)'/g),
  ]
    .map((match) => match[1]!)
    .filter((command) => command !== 'help');
  assert.ok(dispatched.includes('feeds'), `commands read from main.ts: ${dispatched}`);
  for (const command of dispatched)
    assert.match(listed!, new RegExp(`^  ${command} `, 'm'), `${command} missing from the CLI's help`);
});

test("the README's street-by-street zone is said with the area of the city package's zone", () => {
  const sentence = committedRegion('README.md', 'street-zone');
  assert.ok(sentence, 'README.md has no street-zone region');
  const km2 = streetZoneKm2(ROOT);
  assert.ok(km2 > 1 && km2 < 161, `zone of ${km2} km²`);
  assert.match(
    sentence,
    new RegExp(` ${km2.toFixed(1).replace('.', '\\.')} km² of the Capital Region's\\s+161 km²`),
  );
});
