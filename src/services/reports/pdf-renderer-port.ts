/**
 * Prints a self-contained HTML page to an A4 PDF: the report job's last step. Implemented
 * by headless Chromium (adapters/pdf/chromium.ts), run on its own thread (pdf-thread.ts).
 */
export interface PdfRenderer {
  /** rejects with a clear error when no browser can run; the job then goes pdf_pending */
  render(html: string): Promise<Buffer>;
  /**
   * Starts the browser (and a page) ahead of the first print, so that print does not pay
   * for it. Never rejects: a browser that cannot start is the next render's error.
   */
  warmUp?(): Promise<void>;
  /**
   * Checks, without starting a browser or anything else that stays resident, that printing
   * can work (the server calls it once its start-up warm-up is done). Rejects when it
   * cannot (no browser to launch), so the server can log it at start.
   */
  prepare?(): Promise<void>;
  /**
   * Whether PDFs can be printed, as far as is known without starting a browser: whether
   * the browser is there, and how its last start or print went. For readiness; never
   * rejects, and cheap enough for every readiness request.
   */
  status?(): Promise<PdfStatus>;
  close(): Promise<void>;
}

/** `reason`: a short operator-facing sentence (which setting, what failed) */
export type PdfStatus = { printing: true } | { printing: false; reason: string };
