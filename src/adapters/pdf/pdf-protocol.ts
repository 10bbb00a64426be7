import type { ChromiumOptions } from './chromium.ts';

/** Messages between the PDF thread (pdf-worker.ts) and its owner (pdf-thread.ts). */
export interface PdfThreadInit {
  options: ChromiumOptions;
}
/** what the owner asks; the message adds the id its reply carries back */
export type PdfRequestBody = { kind: 'render'; html: string } | { kind: 'warmUp' | 'close' };
export type PdfRequest = PdfRequestBody & { id: number };
export type PdfReply =
  | { id: number; ok: true; pdf?: Uint8Array }
  | { id: number; ok: false; message: string };
