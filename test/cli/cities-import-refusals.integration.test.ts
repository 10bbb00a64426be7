import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MODEL_DIR, ROOT } from '../helpers/acceptance.ts';
import { BAD_PACKAGES } from '../helpers/bad-packages.ts';
import { CLI_ENTRY } from '../helpers/built-service.ts';

/**
 * A representative set of the bad packages (test/helpers/bad-packages.ts; all of them go
 * through the import in cities-import-refusals.test.ts) through the real CLI process, as
 * an operator sees it: exit 1, ONE line on stderr naming the file, the rule and the fix,
 * no stack trace, no content of a file outside the package, nothing imported, and no hang
 * on a FIFO.
 */
interface Outcome {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

let dataDir: string;
let work: string;

/** generous: a FIFO used to block the import forever; on a busy machine a CLI start takes seconds */
const CLI_DEADLINE_MS = 120_000;

function cli(args: string[]): Promise<Outcome> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI_ENTRY, ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, MODEL_DIR, LOG_LEVEL: 'silent' },
        timeout: CLI_DEADLINE_MS,
        maxBuffer: 16 << 20,
      },
      (error, stdout, stderr) => {
        const e = error as (Error & { code?: number | string; signal?: string | null }) | null;
        done({
          code: e ? (typeof e.code === 'number' ? e.code : null) : 0,
          signal: e?.signal ?? null,
          stdout,
          stderr,
        });
      },
    );
  });
}

async function listedIds(): Promise<string[]> {
  const listed = await cli(['cities', 'list']);
  assert.equal(listed.code, 0, listed.stderr);
  return (JSON.parse(listed.stdout) as Array<{ id: string }>).map((c) => c.id);
}

const CASES = BAD_PACKAGES.filter((c) => c.cli);

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-refusals-data-'));
  work = mkdtempSync(join(tmpdir(), 'svc-refusals-'));
  // creates the database first, so that the refusals below can run side by side on it
  assert.deepEqual(await listedIds(), ['brussels', 'charleroi']);
});
after(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('svc cities import refuses a bad file with one rule line', () => {
  const outcomes = new Map<string, Promise<Outcome>>();
  before(() => {
    // two CLI processes at a time: each start is a few seconds of one core
    const queue = [...CASES];
    const lanes = Array.from({ length: 2 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const running = cli(next.args(work));
        outcomes.set(next.name, running);
        await running;
      }
    });
    return Promise.all(lanes);
  });

  for (const c of CASES) {
    test(c.name, async () => {
      const outcome = await outcomes.get(c.name)!;
      assert.equal(outcome.signal, null, `the CLI did not finish within ${CLI_DEADLINE_MS / 1000} s`);
      assert.equal(outcome.code, 1, outcome.stderr.slice(0, 2000));
      assert.equal(outcome.stdout, '', 'nothing printed as imported');
      assert.doesNotMatch(outcome.stderr, /^\s+at /m, 'no stack trace');
      const lines = outcome.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, `one line:\n${outcome.stderr.slice(0, 2000)}`);
      const line = lines[0]!;
      assert.match(line, c.file);
      assert.ok(line.includes(` [${c.rule}] `), line);
      assert.match(line, c.fix);
      assert.match(line, /; nothing was imported$/);
      if (c.secret) assert.ok(!line.includes(c.secret), line);
    });
  }

  test('nothing was imported by any of them', async () => {
    await Promise.all(outcomes.values());
    assert.deepEqual(await listedIds(), ['brussels', 'charleroi']);
  });
});
