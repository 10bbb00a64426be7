import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * Docs that cannot rot (issue #49 item 5): every link of the README and the docs, its
 * #anchor included, leads somewhere; every repository path a doc names in backticks is
 * there; every section a doc or a code comment quotes by name (`docs/x.md, "Memory"`) is
 * a heading of that page. A file moved, a heading renamed or a page split fails here
 * instead of leaving a reader at a dead end. The links also stay inside the repository
 * (issue #36 item 7: the README once linked ../shared/…, outside it).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

function markdownUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const documents = ['README.md', 'ops/README.md', 'clients/typescript/README.md', ...markdownUnder('docs')];

/** the text outside fenced code blocks, where Markdown is Markdown */
function withoutFences(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchor of a heading: its text lower-cased, punctuation dropped, spaces as hyphens */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/<[^>]+>/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

function headingsOf(text: string): string[] {
  return [...withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => match[1]!);
}

/** the anchors a page offers: one per heading (repeats numbered as GitHub does) and explicit ids */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of headingsOf(text)) {
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** the targets of Markdown links and images outside code, as written (anchor included) */
function linkTargets(text: string): string[] {
  const prose = withoutFences(text).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((t) => !/^[a-z]+:/.test(t));
}

test('every local link of the README and docs names a file inside the repository', () => {
  const broken: string[] = [];
  for (const document of documents) {
    for (const target of linkTargets(read(document))) {
      const file = target.split('#')[0]!;
      if (file === '') continue;
      const path = join(root, dirname(document), file);
      if (relative(root, path).startsWith('..') || !existsSync(path)) broken.push(`${document}: ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});

test("every link's #anchor is a heading of the page it leads to", () => {
  const broken: string[] = [];
  for (const document of documents) {
    for (const target of linkTargets(read(document))) {
      const [file, anchor] = target.split('#');
      if (anchor === undefined) continue;
      const page = file === '' ? document : relative(root, join(root, dirname(document), file!));
      if (!page.endsWith('.md') || !existsSync(join(root, page))) continue;
      if (!anchorsOf(read(page)).has(decodeURIComponent(anchor))) broken.push(`${document}: ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});

/** folders at the repository's top whose paths docs name from the root */
const TOP_FOLDERS = ['src', 'test', 'scripts', 'docs', 'bench', 'data', 'clients', 'ops', '.ci'];
/** folders of src/ that docs name from src/ (`model/port.ts`, `services/data/historical.ts`) */
const SOURCE_FOLDERS = readdirSync(join(root, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const PATH_LIKE = new RegExp(`^(?:${[...TOP_FOLDERS, ...SOURCE_FOLDERS].join('|')})/[\\w./-]*$`);

/**
 * The words of inline code and code blocks that look like a repository path: they start with a known
 * folder and hold nothing a pattern or a placeholder would (`test/faults/*.test.ts`,
 * `{DOCS_URL}/errors`), so that every one is a path the doc means.
 */
function namedPaths(text: string): string[] {
  const fenced = [...text.matchAll(/^```.*\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
  const inline = [...withoutFences(text).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return [...fenced, ...inline]
    .flatMap((code) => code.split(/\s+/))
    .map((word) => word.replace(/^[("']+|[)"',;:.]+$/g, '').replace(/:\d+$/, ''))
    .filter((word) => PATH_LIKE.test(word) && !word.includes('..'));
}

/** from the root, from the document's own folder (a package's README), or from src/ */
function pathExists(word: string, document: string): boolean {
  const top = word.split('/')[0]!;
  if (TOP_FOLDERS.includes(top) && existsSync(join(root, word))) return true;
  if (existsSync(join(root, dirname(document), word))) return true;
  return SOURCE_FOLDERS.includes(top) && existsSync(join(root, 'src', word));
}

/** every test file's name, for docs that list tests by name under a folder they named once */
function testFileNames(folder = 'test'): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? testFileNames(`${folder}/${entry.name}`) : [entry.name],
  );
}

test('every repository path the README and docs name in backticks exists', () => {
  const missing: string[] = [];
  for (const document of documents) {
    for (const word of new Set(namedPaths(read(document)))) {
      if (!pathExists(word, document)) missing.push(`${document}: ${word}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('every test file the README and docs name alone (`gazetteer.test.ts`) is a test file', () => {
  const names = new Set(testFileNames());
  const missing: string[] = [];
  for (const document of documents) {
    const named = [...read(document).matchAll(/`([\w.-]+\.test\.ts)`/g)].map((match) => match[1]!);
    for (const name of new Set(named)) if (!names.has(name)) missing.push(`${document}: ${name}`);
  }
  assert.deepEqual(missing, []);
});

/** files outside the docs whose comments quote doc sections */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

test('every section a doc or a comment quotes by name (docs/x.md, "Section") is a heading there', () => {
  const broken: string[] = [];
  // this file's own example above is not a quotation
  const quoting = [...documents, ...['src', 'test', 'bench', 'scripts'].flatMap(sourceFiles)].filter(
    (file) => file !== 'test/project/doc-links.test.ts',
  );
  for (const file of quoting) {
    const text = read(file);
    // a comment may wrap between the page and its section (`docs/x.md,\n * "Memory"`)
    const flat = text.replace(/\n\s*(?:\*|\/\/)?\s*/g, ' ');
    for (const match of flat.matchAll(/([\w./-]+\.md),? ["“]([^"”]+)["”]/g)) {
      const [, page, section] = match;
      const inDocs = file.startsWith('docs/') || file === 'README.md' ? dirname(file) : '.';
      const path = [join(inDocs, page!), join('docs', page!), page!].find((p) => existsSync(join(root, p)));
      // a page outside the repository (the spec's CONTRACT.md) is not ours to check
      if (path === undefined) {
        if (page!.startsWith('docs/')) broken.push(`${file}: ${page} (no such page)`);
        continue;
      }
      const headings = headingsOf(read(path)).map((h) => h.replace(/[`*]/g, ''));
      const quoted = section!.replace(/[`*]/g, '');
      if (!headings.some((heading) => heading.startsWith(quoted)))
        broken.push(`${file}: ${page}, "${section}"`);
    }
  }
  assert.deepEqual(broken, []);
});

test('a heading is anchored as GitHub anchors it', () => {
  assert.equal(
    slugOf('Reports as users feel them (issue #37 item 3, 28 Nov)'),
    'reports-as-users-feel-them-issue-37-item-3-28-nov',
  );
  assert.equal(
    slugOf('Keyed cache hits (`/v1/realtime`, `/v1/forecast`)'),
    'keyed-cache-hits-v1realtime-v1forecast',
  );
  assert.equal(slugOf('What `npm start` runs'), 'what-npm-start-runs');
  assert.deepEqual(
    [...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n## Notes\n')],
    ['a', 'notes', 'notes-1'],
  );
});

test('the README is a front door: under 250 lines', () => {
  const lines = read('README.md').trimEnd().split('\n').length;
  assert.ok(lines < 250, `README.md has ${lines} lines; move detail into docs/ and link it`);
});

test('docs/performance.md says how to measure and where the time goes, in under 300 lines', () => {
  // the round-by-round record lives in docs/history/, so the page stays one a reader can use (issue #45 item 5)
  const lines = read('docs/performance.md').trimEnd().split('\n').length;
  assert.ok(lines < 300, `docs/performance.md has ${lines} lines; move history into docs/history/`);
});
