import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PdfRenderer } from './port.ts';

/**
 * PDF printing with the system's Chromium (Debian's `chromium` package), driven by
 * playwright-core. One browser is launched on first use (or by `warmUp`) and shared by every
 * job (a launch costs far more than a page); if it dies it is launched again on the next render.
 */

/** what playwright-core (1.65) disables itself; see DISABLED_FEATURES */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The headless browser gives every window the omnibox popup as WebUI pages, two renderers of
 * their own whose start (~0.5 s of CPU) ran beside the first print of every new page. Chromium
 * reads only the last --disable-features switch, so this one repeats playwright's own list
 * (a test checks that the browser gets every feature playwright disables).
 */
const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The machine has no route to Google's services, so everything that phones home is off,
 * and the browser runs as root in a container, hence --no-sandbox.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export interface ChromiumOptions {
  executablePath?: string;
  /** longest a single print may take before it is abandoned */
  timeoutMs?: number;
  /** at most this many pages print at once (CPU bound), and at most this many are kept open */
  maxPages?: number;
}

export class PdfUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfUnavailableError';
  }
}

/**
 * A page kept between prints. A fresh context and page per print cost more than the print
 * itself (a new renderer process, ~150–300 ms of CPU on this machine), so each page lives in
 * its own context (JavaScript off, offline: nothing a report holds can run, fetch or be
 * shared with another page) and is reused; after each print it goes back to about:blank,
 * so no report's document outlives its print.
 */
interface PooledPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  broken: boolean;
}

export const PDF_OPTIONS = {
  format: 'A4',
  printBackground: true,
  preferCSSPageSize: true,
  // tagged: a structure tree (headings, paragraphs, tables, reading order) for screen
  // readers and text extraction; outline: bookmarks from the headings.
  // Chromium takes the document title from <title> and the language from <html lang>.
  tagged: true,
  outline: true,
} as const;

export function createChromiumRenderer(options: ChromiumOptions = {}): PdfRenderer {
  const executablePath = options.executablePath ?? '/usr/bin/chromium';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxPages = Math.max(1, options.maxPages ?? 2);
  let launching: Promise<Browser> | null = null;
  let closed = false;
  let active = 0;
  const waiters: Array<() => void> = [];
  /** pages ready for the next print (at most maxPages: one per print slot) */
  let idle: PooledPage[] = [];
  /** the warm-up's page being opened */
  let warming: Promise<void> | null = null;

  async function launch(): Promise<Browser> {
    try {
      // imported here, not at the top: the PDF thread loads playwright (~90 MB resident) when
      // the server tells it to prepare (pdf-worker.ts), never the thread that answers requests
      const { chromium } = await import('playwright-core');
      // playwright gives the browser a fresh, empty profile directory of its own and
      // removes it on close
      const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: timeoutMs });
      browser.on('disconnected', () => {
        launching = null;
        idle = idle.filter((pooled) => pooled.browser !== browser);
      });
      return browser;
    } catch (error) {
      throw new PdfUnavailableError(`Chromium could not be started (${executablePath})`, { cause: error });
    }
  }

  function browser(): Promise<Browser> {
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
    const context = await instance.newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(timeoutMs);
      // the emulated media stays with the page across navigations
      await page.emulateMedia({ media: 'print' });
      const pooled: PooledPage = { browser: instance, context, page, broken: false };
      page.on('crash', () => {
        pooled.broken = true;
      });
      return pooled;
    } catch (error) {
      await context.close().catch(() => {});
      throw error;
    }
  }

  function usable(pooled: PooledPage): boolean {
    return !pooled.broken && !pooled.page.isClosed() && pooled.browser.isConnected();
  }

  async function takePage(): Promise<PooledPage> {
    // the page a warm-up is opening is this print's, rather than a second one beside it
    if (idle.length === 0 && warming) await warming;
    for (let pooled = idle.pop(); pooled; pooled = idle.pop()) {
      if (usable(pooled)) return pooled;
      void pooled.context.close().catch(() => {});
    }
    return await openPage();
  }

  /** an empty document, then back into the pool; a page that fails that is dropped */
  async function giveBack(pooled: PooledPage): Promise<void> {
    try {
      // document.open on an empty document drops the report's DOM: ~4× cheaper than a
      // navigation to about:blank, and nothing else (no script, no storage) outlives it.
      // A print waiting for the page replaces the document the same way, at once.
      if (waiters.length === 0) await pooled.page.setContent('', { timeout: timeoutMs });
      if (!closed && usable(pooled)) {
        idle.push(pooled);
        return;
      }
    } catch {
      // dropped below
    }
    await pooled.context.close().catch(() => {});
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
    async render(html) {
      if (closed) throw new PdfUnavailableError('PDF renderer closed');
      const release = await slot();
      let pooled: PooledPage | undefined;
      try {
        pooled = await takePage();
        await pooled.page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
        const pdf = await pooled.page.pdf(PDF_OPTIONS);
        // the reset runs after the caller has its PDF; the slot is held until it is done, so
        // the pool never holds more pages than there are slots
        const done = pooled;
        pooled = undefined;
        void giveBack(done).finally(release);
        return pdf;
      } catch (error) {
        if (pooled) await pooled.context.close().catch(() => {});
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
            if (closed) return pooled.context.close().catch(() => {});
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
      await Promise.all(pages.map((pooled) => pooled.context.close().catch(() => {})));
      if (pending) {
        const instance = await pending.catch(() => null);
        await instance?.close().catch(() => {});
      }
    },
  };
}
