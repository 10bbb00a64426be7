import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { PdfUnavailableError } from '../../../src/adapters/pdf/chromium-browser.ts';
import { createThreadedPdfRenderer } from '../../../src/adapters/pdf/pdf-thread.ts';
import { chromiumChildren } from '../../helpers/chromium.ts';
import { longestStall } from '../../helpers/event-loop-stall.ts';
import { until } from '../../helpers/until.ts';

/** The renderer the server uses: Chromium on a thread of its own, started by the first print. */
const dir = mkdtempSync(join(tmpdir(), 'svc-pdf-thread-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const PAGE =
  '<!doctype html><html lang="en"><head><title>Thread</title></head><body><h1>Printed on its own thread</h1></body></html>';

describe('the PDF thread', () => {
  test('starts nothing until asked, prints, and keeps the event loop turning through a first print', async (t) => {
    const renderer = createThreadedPdfRenderer();
    try {
      assert.deepEqual(chromiumChildren(), [], 'no browser before the first print');
      const threaded = await longestStall(() => renderer.render(PAGE));
      t.diagnostic(
        `longest block ${threaded.blockMs.toFixed(0)} ms, stall ${threaded.stallMs.toFixed(0)} ms`,
      );
      const pdf = threaded.result;
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      const path = join(dir, 'thread.pdf');
      writeFileSync(path, pdf);
      assert.match(execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }), /Printed on its own thread/);
      assert.ok(chromiumChildren().length > 0, 'the first print launched the browser');
      // the thread's start, the browser's launch and the print all happen off this event
      // loop: it never works more than a few milliseconds between two turns (the block, the
      // CPU time this thread ran between two ticks of a 5 ms ticker: 4-10 ms on this machine;
      // a 100 ms block put on it is caught). The wall-clock stall also holds
      // the time this thread waited for a core, or on a thread that did, which is the
      // machine's load, not the code under test.
      assert.ok(
        threaded.blockMs < 60,
        `the event loop worked ${threaded.blockMs.toFixed(0)} ms without a turn during the first print (stalled ${threaded.stallMs.toFixed(0)} ms)`,
      );
    } finally {
      await renderer.close();
    }
  });

  test('prepare starts neither the thread nor a browser; without a browser to launch it says so', async () => {
    const renderer = createThreadedPdfRenderer();
    const threads = () => readdirSync('/proc/self/task').length;
    try {
      const before = threads();
      await renderer.prepare?.();
      assert.equal(threads(), before, 'no thread started by prepare');
      assert.deepEqual(chromiumChildren(), [], 'no browser after prepare');
      const missing = createThreadedPdfRenderer({ executablePath: '/nonexistent/chromium' });
      await assert.rejects(missing.prepare?.() ?? Promise.resolve(), (error: unknown) => {
        assert.ok(error instanceof PdfUnavailableError);
        assert.match(error.message, /Chromium could not be started \(\/nonexistent\/chromium\)/);
        return true;
      });
      await missing.close();
      assert.equal(threads(), before, 'nor by a failed prepare');
      const pdf = await renderer.render(PAGE);
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    } finally {
      await renderer.close();
    }
  });

  test('close ends the browser and the thread; later prints are refused', async () => {
    const renderer = createThreadedPdfRenderer();
    await renderer.warmUp?.();
    assert.ok(chromiumChildren().length > 0, 'warmUp launched the browser');
    await renderer.close();
    await until(() => chromiumChildren().length === 0, { what: 'the browser to exit', timeoutMs: 10_000 });
    await assert.rejects(renderer.render(PAGE), PdfUnavailableError);
  });

  test('a browser that cannot start: each print rejects with a clear error, none hangs', async () => {
    const renderer = createThreadedPdfRenderer({ executablePath: '/nonexistent/chromium', timeoutMs: 5000 });
    try {
      await renderer.warmUp?.(); // never rejects
      for (let i = 0; i < 2; i++)
        await assert.rejects(renderer.render(PAGE), (error: unknown) => {
          assert.ok(error instanceof PdfUnavailableError);
          assert.match(error.message, /Chromium could not be started \(\/nonexistent\/chromium\)/);
          return true;
        });
    } finally {
      await renderer.close();
    }
  });
});
