import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import ts from 'typescript';

const START = new URL('../../src/start/', import.meta.url);
const LIMIT = 80;

/** Every function-like node of a source file with its first line and its length in lines. */
function functionLengths(fileName: string, text: string): { name: string; line: number; lines: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; line: number; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
      found.push({ name, line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('the function measure sees a long function (it can fail)', () => {
  const body = Array.from({ length: LIMIT + 5 }, (_, i) => `  const v${i} = ${i};`).join('\n');
  const lengths = functionLengths('long.ts', `export function long() {\n${body}\n}\n`);
  assert.ok(lengths.some((f) => f.name === 'long' && f.lines > LIMIT));
});

test(`the composition root reads in one sitting: no function in src/start over ${LIMIT} lines`, () => {
  const tooLong: string[] = [];
  for (const file of readdirSync(START).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(new URL(file, START), 'utf8');
    for (const f of functionLengths(file, text))
      if (f.lines > LIMIT) tooLong.push(`src/start/${file}:${f.line} ${f.name} is ${f.lines} lines`);
  }
  assert.deepEqual(tooLong, []);
});
