import { withinDeadline } from '../../domain/errors/deadline.ts';
import type { PdfRenderer } from '../../services/reports/pdf-renderer-port.ts';
import type { CdpConnection, CdpEvent } from './cdp-pipe.ts';
import {
  type ChromiumProcess,
  checkBrowserExecutable,
  closeBrowser,
  DEFAULT_CHROMIUM_PATH,
  launchChromium,
  PdfUnavailableError,
} from './chromium-browser.ts';

/**
 * PDF printing with the system's Chromium (Debian's `chromium` package; launched by
 * chromium-browser.ts), driven over the DevTools protocol on a pipe (cdp-pipe.ts). One
 * browser is launched on first use (or by `warmUp`) and shared by every job (a launch costs
 * far more than a page); if it dies it is launched again on the next render.
 */

export interface ChromiumOptions {
  executablePath?: string;
  /** longest a single print may take before it is abandoned */
  timeoutMs?: number;
  /** at most this many pages print at once (CPU bound), and at most this many are kept open */
  maxPages?: number;
}

/**
 * A page kept between prints. A fresh context and page per print cost more than the print
 * itself (a new renderer process each time; docs/performance.md, "Reports"), so each page lives in
 * its own browser context (JavaScript off, offline: nothing a report holds can run, fetch or
 * be shared with another page) and is reused; after each print its document is emptied,
 * so no report's document outlives its print.
 */
interface PooledPage {
  browser: LaunchedBrowser;
  contextId: string;
  sessionId: string;
  frameId: string;
  broken: boolean;
}

interface LaunchedBrowser {
  chromium: ChromiumProcess;
  connection: CdpConnection;
  /** pages by DevTools session, so a crash or detach event finds its page */
  pages: Map<string, PooledPage>;
}

/** A4 in inches, no margins: the report's print CSS sets its own page box (preferCSSPageSize) */
export const PDF_OPTIONS = {
  paperWidth: 8.27,
  paperHeight: 11.7,
  marginTop: 0,
  marginBottom: 0,
  marginLeft: 0,
  marginRight: 0,
  printBackground: true,
  preferCSSPageSize: true,
  // tagged: a structure tree (headings, paragraphs, tables, reading order) for screen
  // readers and text extraction; outline: bookmarks from the headings.
  // Chromium takes the document title from <title> and the language from <html lang>.
  generateTaggedPDF: true,
  generateDocumentOutline: true,
} as const;

/**
 * Resolves once the document set by Page.setDocumentContent has loaded, fonts included
 * (run in an isolated world: page scripts are off, and this one leaves no trace in the
 * page's own world).
 */
const DOCUMENT_LOADED = `(document.readyState === 'complete'
  ? Promise.resolve()
  : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
).then(() => document.fonts.ready).then(() => true)`;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return withinDeadline(work, ms, () => {
    throw new Error(`${what} took longer than ${ms} ms`);
  });
}

export function createChromiumRenderer(options: ChromiumOptions = {}): PdfRenderer {
  const executablePath = options.executablePath ?? DEFAULT_CHROMIUM_PATH;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxPages = Math.max(1, options.maxPages ?? 2);
  let launching: Promise<LaunchedBrowser> | null = null;
  let closed = false;
  let active = 0;
  const waiters: Array<() => void> = [];
  /** pages ready for the next print (at most maxPages: one per print slot) */
  let idle: PooledPage[] = [];
  /** the warm-up's page being opened */
  let warming: Promise<void> | null = null;
  /** the browser `launching` resolves to, once it has */
  let current: LaunchedBrowser | null = null;
  /** every launched browser until it has exited and its directory is removed */
  const browsers = new Set<ChromiumProcess>();

  async function launch(): Promise<LaunchedBrowser> {
    const chromium = await launchChromium(executablePath, timeoutMs);
    const { connection } = chromium;
    const launched: LaunchedBrowser = { chromium, connection, pages: new Map() };
    // a browser that crashed is gone (its directory removed) without anyone closing it:
    // close() still closes or waits for every one, so no directory outlives the renderer
    browsers.add(chromium);
    void chromium.gone.then(() => browsers.delete(chromium));
    connection.onEvent((event: CdpEvent) => {
      // a renderer that crashed, or a page that went away: that page is not reused
      if (event.method === 'Inspector.targetCrashed' && event.sessionId) {
        const pooled = launched.pages.get(event.sessionId);
        if (pooled) pooled.broken = true;
      } else if (event.method === 'Target.detachedFromTarget') {
        const pooled = launched.pages.get(String(event.params.sessionId));
        if (pooled) pooled.broken = true;
      }
    });
    void connection.exited.then(() => {
      if (launching && current === launched) launching = null;
      idle = idle.filter((pooled) => pooled.browser !== launched);
    });
    current = launched;
    return launched;
  }

  function browser(): Promise<LaunchedBrowser> {
    if (!launching) {
      launching = launch();
      // a failed launch is not cached: the next render (a later poll) tries again
      launching.catch(() => {
        launching = null;
      });
    }
    return launching;
  }

  async function openPage(): Promise<PooledPage> {
    const instance = await browser();
    const cdp = instance.connection;
    const { browserContextId } = await cdp.send<{ browserContextId: string }>('Target.createBrowserContext', {
      disposeOnDetach: true,
    });
    try {
      const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      const on = <Result = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}) =>
        cdp.send<Result>(method, params, sessionId);
      await Promise.all([
        on('Page.enable'),
        on('Emulation.setScriptExecutionDisabled', { value: true }),
        on('Emulation.setEmulatedMedia', { media: 'print' }),
        on('Network.enable').then(() =>
          on('Network.emulateNetworkConditions', {
            offline: true,
            latency: 0,
            downloadThroughput: -1,
            uploadThroughput: -1,
          }),
        ),
      ]);
      const { frameTree } = await on<{ frameTree: { frame: { id: string } } }>('Page.getFrameTree');
      const pooled: PooledPage = {
        browser: instance,
        contextId: browserContextId,
        sessionId,
        frameId: frameTree.frame.id,
        broken: false,
      };
      instance.pages.set(sessionId, pooled);
      return pooled;
    } catch (error) {
      await cdp.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {});
      throw error;
    }
  }

  async function setContent(pooled: PooledPage, html: string): Promise<void> {
    const on = <Result>(method: string, params: Record<string, unknown>) =>
      pooled.browser.connection.send<Result>(method, params, pooled.sessionId);
    // the browser's own document.open/write/close: the HTML goes as a protocol string, not
    // as a 200 kB string literal the renderer would first parse as script
    // (docs/history/performance-2026-11-28.md, "Reports as users feel them")
    await on('Page.setDocumentContent', { frameId: pooled.frameId, html });
    const { executionContextId } = await on<{ executionContextId: number }>('Page.createIsolatedWorld', {
      frameId: pooled.frameId,
      worldName: 'svc-print',
    });
    const result = await on<{ exceptionDetails?: { text: string } }>('Runtime.evaluate', {
      expression: DOCUMENT_LOADED,
      contextId: executionContextId,
      awaitPromise: true,
      returnByValue: true,
    });
    if (result.exceptionDetails)
      throw new Error(`the document could not be set: ${result.exceptionDetails.text}`);
  }

  async function print(pooled: PooledPage, html: string): Promise<Buffer> {
    await setContent(pooled, html);
    const { data } = await pooled.browser.connection.send<{ data: string }>(
      'Page.printToPDF',
      PDF_OPTIONS,
      pooled.sessionId,
    );
    return Buffer.from(data, 'base64');
  }

  function usable(pooled: PooledPage): boolean {
    return !pooled.broken && !pooled.browser.connection.closed;
  }

  async function discard(pooled: PooledPage): Promise<void> {
    pooled.broken = true;
    pooled.browser.pages.delete(pooled.sessionId);
    await pooled.browser.connection
      .send('Target.disposeBrowserContext', { browserContextId: pooled.contextId })
      .catch(() => {});
  }

  async function takePage(): Promise<PooledPage> {
    // the page a warm-up is opening is this print's, rather than a second one beside it
    if (idle.length === 0 && warming) await warming;
    for (let pooled = idle.pop(); pooled; pooled = idle.pop()) {
      if (usable(pooled)) return pooled;
      void discard(pooled);
    }
    return await openPage();
  }

  /** an empty document, then back into the pool; a page that fails that is dropped */
  async function giveBack(pooled: PooledPage): Promise<void> {
    try {
      // document.open on an empty document drops the report's DOM: ~4× cheaper than a
      // navigation to about:blank, and nothing else (no script, no storage) outlives it.
      // A print waiting for the page replaces the document the same way, at once.
      if (waiters.length === 0) await withTimeout(setContent(pooled, ''), timeoutMs, 'emptying a page');
      if (!closed && usable(pooled)) {
        idle.push(pooled);
        return;
      }
    } catch {
      // dropped below
    }
    await discard(pooled);
  }

  async function slot(): Promise<() => void> {
    if (active >= maxPages) await new Promise<void>((resolve) => waiters.push(resolve));
    active += 1;
    return () => {
      active -= 1;
      waiters.shift()?.();
    };
  }

  return {
    prepare: () => checkBrowserExecutable(executablePath),
    async render(html) {
      if (closed) throw new PdfUnavailableError('PDF renderer closed');
      const release = await slot();
      let pooled: PooledPage | undefined;
      // a browser that stopped answering fails the print within the timeout, whether it
      // hangs while a page opens or while it prints
      const taking = takePage();
      try {
        pooled = await withTimeout(taking, timeoutMs, 'opening a page');
        const pdf = await withTimeout(print(pooled, html), timeoutMs, 'printing a report');
        // the reset runs after the caller has its PDF; the slot is held until it is done, so
        // the pool never holds more pages than there are slots
        const done = pooled;
        pooled = undefined;
        void giveBack(done).finally(release);
        return pdf;
      } catch (error) {
        if (pooled) await discard(pooled);
        // a page that opens after its print gave up is not kept
        else void taking.then(discard, () => {});
        release();
        if (error instanceof PdfUnavailableError) throw error;
        throw new PdfUnavailableError('PDF rendering failed', { cause: error });
      }
    },
    warmUp() {
      // only an idle renderer needs it: a page printing or waiting in the pool is warm
      if (closed || warming || active > 0 || idle.some(usable)) return warming ?? Promise.resolve();
      warming = openPage()
        .then(
          (pooled) => {
            if (closed) return discard(pooled);
            idle.push(pooled);
          },
          // the next render reports it (and tries to launch again)
          () => {},
        )
        .finally(() => {
          warming = null;
        });
      return warming;
    },
    async close() {
      closed = true;
      const pending = launching;
      launching = null;
      const pages = idle;
      idle = [];
      await Promise.all(pages.map(discard));
      if (pending) {
        const instance = await pending.catch(() => null);
        if (instance) await closeBrowser(instance.chromium, timeoutMs);
      }
      await Promise.all([...browsers].map((chromium) => closeBrowser(chromium, timeoutMs)));
    },
  };
}
