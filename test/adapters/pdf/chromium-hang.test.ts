import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createChromiumRenderer } from '../../../src/adapters/pdf/chromium.ts';
import { PdfUnavailableError } from '../../../src/adapters/pdf/chromium-browser.ts';
import { until } from '../../helpers/until.ts';

/**
 * A browser that starts and then stops answering while a page opens, played by a small
 * program speaking the DevTools pipe protocol (JSON texts ended by NUL on fds 3 and 4):
 * the print must fail within the renderer's timeout, and a page that opens after its
 * print gave up must be closed, not kept in the pool.
 */
const dir = mkdtempSync(join(tmpdir(), 'svc-fake-browser-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** `pageDelayMs`: how long Target.createTarget takes (Infinity: never answered) */
function fakeBrowser(name: string, pageDelayMs: number): { path: string; log: string } {
  const log = join(dir, `${name}.log`);
  const path = join(dir, name);
  writeFileSync(
    path,
    `#!${process.execPath}
const { appendFileSync, createReadStream, createWriteStream } = require('node:fs');
const input = createReadStream(null, { fd: 3 });
const output = createWriteStream(null, { fd: 4 });
const answer = (id, result, sessionId) => output.write(JSON.stringify({ id, result, sessionId }) + '\\0');
const RESULTS = {
  'Browser.getVersion': { product: 'Fake/1' },
  'Target.createBrowserContext': { browserContextId: 'ctx-1' },
  'Target.attachToTarget': { sessionId: 'session-1' },
  'Page.getFrameTree': { frameTree: { frame: { id: 'frame-1' } } },
};
let pending = '';
input.on('data', (chunk) => {
  pending += chunk;
  for (let end = pending.indexOf('\\0'); end >= 0; end = pending.indexOf('\\0')) {
    const message = JSON.parse(pending.slice(0, end));
    pending = pending.slice(end + 1);
    appendFileSync(${JSON.stringify(log)}, message.method + '\\n');
    if (message.method === 'Browser.close') process.exit(0);
    if (message.method === 'Target.createTarget') {
      const delay = ${Number.isFinite(pageDelayMs) ? pageDelayMs : -1};
      if (delay >= 0) setTimeout(() => answer(message.id, { targetId: 'target-1' }), delay);
      continue;
    }
    answer(message.id, RESULTS[message.method] ?? {}, message.sessionId);
  }
});
input.on('end', () => process.exit(0));
`,
  );
  chmodSync(path, 0o755);
  return { path, log };
}

/**
 * The renderer's print timeout in these tests. It also covers the fake browser's start (a Node
 * process: a few hundred milliseconds on a machine running two suites side by side), which
 * must be over before the page is asked for, or the hang under test is never reached.
 */
const TIMEOUT_MS = 3000;

const methods = (log: string) => readFileSync(log, 'utf8').trim().split('\n');

test('a browser that hangs while a page opens fails the print within the timeout', async () => {
  const browser = fakeBrowser('hangs', Number.POSITIVE_INFINITY);
  const renderer = createChromiumRenderer({ executablePath: browser.path, timeoutMs: TIMEOUT_MS });
  try {
    const started = Date.now();
    await assert.rejects(renderer.render('<p>report</p>'), PdfUnavailableError);
    const tookMs = Date.now() - started;
    // never before its timeout; the upper bound only separates "gave up" from "hung" (a loaded
    // machine delays the fake browser's start and the timer by seconds, a hang is forever)
    assert.ok(tookMs >= TIMEOUT_MS - 50 && tookMs < 30_000, `failed after ${tookMs} ms`);
    assert.ok(methods(browser.log).includes('Target.createTarget'));
  } finally {
    await renderer.close();
  }
});

test('a page that opens after its print gave up is closed, not pooled', async () => {
  const browser = fakeBrowser('late', TIMEOUT_MS + 3000);
  const renderer = createChromiumRenderer({ executablePath: browser.path, timeoutMs: TIMEOUT_MS });
  try {
    await assert.rejects(renderer.render('<p>report</p>'), PdfUnavailableError);
    // the late page's context is disposed once the browser hands the page over
    await until(() => methods(browser.log).includes('Target.disposeBrowserContext'), {
      what: 'the late page to be disposed',
    });
    assert.ok(methods(browser.log).includes('Page.getFrameTree'), 'the page was opened in full first');
  } finally {
    await renderer.close();
  }
});
