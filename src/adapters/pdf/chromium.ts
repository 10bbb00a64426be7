import { type Browser, chromium } from 'playwright-core';
import type { PdfRenderer } from './port.ts';

/**
 * PDF printing with the system's Chromium (Debian's `chromium` package), driven by
 * playwright-core. One browser is launched on first use and shared by every job (a launch
 * costs far more than a page); if it dies it is launched again on the next render.
 * Flags: the machine has no route to Google's services, so everything that phones home
 * is off, and the browser runs as root in a container, hence --no-sandbox.
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
];

export interface ChromiumOptions {
  executablePath?: string;
  /** longest a single print may take before it is abandoned */
  timeoutMs?: number;
  /** at most this many pages print at once (CPU bound) */
  maxPages?: number;
}

export class PdfUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfUnavailableError';
  }
}

export function createChromiumRenderer(options: ChromiumOptions = {}): PdfRenderer {
  const executablePath = options.executablePath ?? '/usr/bin/chromium';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxPages = Math.max(1, options.maxPages ?? 2);
  let launching: Promise<Browser> | null = null;
  let closed = false;
  let active = 0;
  const waiters: Array<() => void> = [];

  async function launch(): Promise<Browser> {
    try {
      // playwright gives the browser a fresh, empty profile directory of its own and
      // removes it on close; each print then gets its own isolated context
      const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: timeoutMs });
      browser.on('disconnected', () => {
        launching = null;
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
      try {
        const instance = await browser();
        const context = await instance.newContext({ javaScriptEnabled: false, offline: true });
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(timeoutMs);
          await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
          await page.emulateMedia({ media: 'print' });
          // tagged: a structure tree (headings, paragraphs, tables, reading order) for
          // screen readers and text extraction; outline: bookmarks from the headings.
          // Chromium takes the document title from <title> and the language from <html lang>.
          return await page.pdf({
            format: 'A4',
            printBackground: true,
            preferCSSPageSize: true,
            tagged: true,
            outline: true,
          });
        } finally {
          await context.close().catch(() => {});
        }
      } catch (error) {
        if (error instanceof PdfUnavailableError) throw error;
        throw new PdfUnavailableError('PDF rendering failed', { cause: error });
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      const pending = launching;
      launching = null;
      if (pending) {
        const instance = await pending.catch(() => null);
        await instance?.close().catch(() => {});
      }
    },
  };
}
