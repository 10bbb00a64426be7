import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The README is a front door (issue #36 item 7) and its links, like the docs', stay inside
 * the repository: a clone that is all a reader has must not send them to a file that is
 * not there (the README once linked ../shared/…, outside the repository).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const documents = [
  'README.md',
  'ops/README.md',
  'clients/typescript/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** the targets of Markdown links and images outside code blocks, without their #anchor */
function localLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^([a-z]+:|#)/.test(target))
    .map((target) => target.split('#')[0]!);
}

test('every local link of the README and docs names a file inside the repository', () => {
  const broken: string[] = [];
  for (const document of documents) {
    for (const target of localLinks(readFileSync(join(root, document), 'utf8'))) {
      const path = join(root, dirname(document), target);
      if (relative(root, path).startsWith('..') || !existsSync(path)) broken.push(`${document}: ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});

test('the README is a front door: under 250 lines', () => {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
  assert.ok(lines < 250, `README.md has ${lines} lines; move detail into docs/ and link it`);
});
