import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { PdfUnavailableError } from '../../../src/adapters/pdf/chromium.ts';
import { createThreadedPdfRenderer } from '../../../src/adapters/pdf/pdf-thread.ts';
import { chromiumChildren } from '../../helpers/chromium.ts';
import { until } from '../../helpers/until.ts';

/**
 * The renderer the server uses: Chromium on a thread of its own, started by the first
 * print. This file must not import playwright itself: the comparison below loads it on the
 * main thread last.
 */
const dir = mkdtempSync(join(tmpdir(), 'svc-pdf-thread-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const PAGE =
  '<!doctype html><html lang="en"><head><title>Thread</title></head><body><h1>Printed on its own thread</h1></body></html>';

/** the longest the event loop went without a turn while `work` ran */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    // a stall that ends with the work is seen here, before any tick
    return { result, stallMs: Math.max(stallMs, performance.now() - last) };
  } finally {
    clearInterval(ticker);
  }
}

describe('the PDF thread', () => {
  test('starts nothing until asked, prints, and keeps the event loop turning while playwright loads', async () => {
    const renderer = createThreadedPdfRenderer();
    try {
      assert.deepEqual(chromiumChildren(), [], 'no browser before the first print');
      const threaded = await longestStall(() => renderer.render(PAGE));
      const pdf = threaded.result;
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      const path = join(dir, 'thread.pdf');
      writeFileSync(path, pdf);
      assert.match(execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }), /Printed on its own thread/);
      assert.ok(chromiumChildren().length > 0, 'the first print launched the browser');
      // what the same load costs when this thread does it (measured last: it loads playwright here)
      const inline = await longestStall(() => import('playwright-core'));
      assert.ok(
        threaded.stallMs < Math.max(60, 0.5 * inline.stallMs),
        `longest stall ${threaded.stallMs.toFixed(0)} ms on the thread vs ${inline.stallMs.toFixed(0)} ms loading it here`,
      );
    } finally {
      await renderer.close();
    }
  });

  test('prepare loads the printing machinery without starting a browser', async () => {
    const renderer = createThreadedPdfRenderer();
    try {
      await renderer.prepare?.();
      assert.deepEqual(chromiumChildren(), [], 'no browser after prepare');
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
