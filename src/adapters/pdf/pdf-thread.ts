import type { Worker } from 'node:worker_threads';
import { withinDeadline } from '../../domain/errors/deadline.ts';
import { startModuleThread } from '../../runtime/module-thread.ts';
import type { PdfRenderer, PdfStatus } from '../../services/reports/pdf-renderer-port.ts';
import type { ChromiumOptions } from './chromium.ts';
import {
  checkBrowserExecutable,
  checkExecutableFile,
  DEFAULT_CHROMIUM_PATH,
  PdfUnavailableError,
} from './chromium-browser.ts';
import type { PdfReply, PdfRequest, PdfRequestBody, PdfThreadInit } from './pdf-protocol.ts';

/**
 * The Chromium renderer on a thread of its own, started by the first print (or warm-up):
 * the DevTools traffic of a print (megabytes of JSON) never stalls the event loop that
 * answers requests, and neither the thread nor a browser runs until a report needs one. A thread that ends
 * fails its pending prints with PdfUnavailableError (the job goes pdf_pending and is
 * retried) and is started again by the next one.
 */
const CLOSE_GRACE_MS = 5000;

export function createThreadedPdfRenderer(options: ChromiumOptions = {}): PdfRenderer {
  const executablePath = options.executablePath ?? DEFAULT_CHROMIUM_PATH;
  let worker: Worker | null = null;
  let closed = false;
  /** why the last check or print failed; null once one succeeds (readiness shows it) */
  let lastFailure: string | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (reply: PdfReply) => void }>();

  function failAll(message: string): void {
    for (const [id, waiter] of pending) waiter.resolve({ id, ok: false, message });
    pending.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = startModuleThread(import.meta.url, 'pdf-worker', {
      workerData: { options } satisfies PdfThreadInit,
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    // the server's own handles keep the process alive; this thread never holds it open
    started.unref();
    started.on('message', (reply: PdfReply) => {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      waiter?.resolve(reply);
    });
    started.on('error', (error) => failAll(`PDF thread failed: ${error.message}`));
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll('PDF thread ended');
    });
    worker = started;
    return started;
  }

  function ask(request: PdfRequestBody): Promise<PdfReply> {
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, { resolve });
      thread().postMessage({ ...request, id } satisfies PdfRequest);
    });
  }

  return {
    async render(html) {
      if (closed) throw new PdfUnavailableError('PDF renderer closed');
      const reply = await ask({ kind: 'render', html });
      if (!reply.ok) {
        lastFailure = `the last print failed: ${reply.message}`;
        throw new PdfUnavailableError(reply.message);
      }
      lastFailure = null;
      const pdf = reply.pdf ?? new Uint8Array(0);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    async warmUp() {
      if (!closed) await ask({ kind: 'warmUp' });
    },
    async prepare() {
      if (closed) return;
      // checked here, without starting the thread (an idle isolate is resident memory for
      // nothing): unlike warmUp, a failure is told, so the operator learns at start that
      // reports cannot print
      try {
        await checkBrowserExecutable(executablePath);
      } catch (error) {
        lastFailure = `the check at start failed: ${describe(error)}`;
        throw error;
      }
    },
    async status(): Promise<PdfStatus> {
      if (closed) return { printing: false, reason: 'the PDF renderer is closed' };
      try {
        await checkExecutableFile(executablePath);
      } catch (error) {
        const code = (error as { cause?: { code?: unknown } }).cause?.code ?? 'not accessible';
        return { printing: false, reason: `CHROMIUM_PATH is not an executable file (${String(code)})` };
      }
      return lastFailure === null ? { printing: true } : { printing: false, reason: lastFailure };
    },
    async close() {
      closed = true;
      const running = worker;
      if (!running) return;
      // the browser closes first (its processes end with it), then the thread
      await withinDeadline(ask({ kind: 'close' }), CLOSE_GRACE_MS, () => undefined);
      worker = null;
      await running.terminate();
      failAll('PDF renderer closed');
    },
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const why = cause?.code ?? (typeof cause?.message === 'string' ? cause.message.split('\n')[0] : undefined);
  return why ? `${error.message}: ${String(why)}` : error.message;
}
