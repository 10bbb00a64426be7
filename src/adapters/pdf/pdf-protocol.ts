import type { ChromiumOptions } from './chromium.ts';

/** Messages between the PDF thread (pdf-worker.ts) and its owner (pdf-thread.ts). */
export interface PdfThreadInit {
  options: ChromiumOptions;
}
export type PdfRequest =
  | { id: number; kind: 'render'; html: string }
  | { id: number; kind: 'prepare' | 'warmUp' | 'close' };
export type PdfReply =
  | { id: number; ok: true; pdf?: Uint8Array }
  | { id: number; ok: false; message: string };
