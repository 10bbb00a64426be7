import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

/**
 * Every package the project depends on says why it is there: in the README's short
 * dependency table and in docs/dependencies.md's full one. Type packages (@types/*) and
 * the repository's own client (file:) are not dependencies of that kind.
 */
const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const packages = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter(([name, version]) => !name.startsWith('@types/') && !version.startsWith('file:'))
  .map(([name]) => name);

/** the first column of every row of the Markdown table under `heading` */
function tablePackages(file: string, heading: string): string {
  const text = readFileSync(new URL(file, root), 'utf8');
  const section = text.slice(text.indexOf(heading));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| package'))
    .map((line) => line.split(' | ')[0]!)
    .join(' ');
}

/** named in the text, or covered by a scope wildcard such as `@opentelemetry/*` (api, …) */
function named(text: string, name: string): boolean {
  const words = text.split(/[\s,();:]+/);
  if (words.includes(name)) return true;
  const [scope, rest] = name.split('/');
  return rest !== undefined && text.includes(`${scope}/*`) && words.includes(rest);
}

for (const [file, heading] of [
  ['README.md', '## Dependencies'],
  ['docs/dependencies.md', '# Dependencies'],
] as const) {
  test(`${file} says why each dependency is there`, () => {
    const table = tablePackages(file, heading);
    assert.deepEqual(
      packages.filter((name) => !named(table, name)),
      [],
    );
  });
}
