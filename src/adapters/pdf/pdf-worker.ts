import { parentPort, workerData } from 'node:worker_threads';
import { createChromiumRenderer } from './chromium.ts';
import type { PdfReply, PdfRequest, PdfThreadInit } from './pdf-protocol.ts';

/**
 * The PDF thread: Chromium driven over the DevTools protocol (chromium.ts), off the event
 * loop that answers requests: a print hands megabytes of HTML and base64 PDF through the
 * DevTools pipe, and their JSON is parsed here.
 */
const { options } = workerData as PdfThreadInit;
const renderer = createChromiumRenderer(options);

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message.split('\n')[0]}` : '';
  return `${error.message}${cause}`;
}

parentPort!.on('message', async (request: PdfRequest) => {
  let reply: PdfReply;
  const transfer: ArrayBuffer[] = [];
  try {
    if (request.kind === 'render') {
      const pdf = await renderer.render(request.html);
      // a copy the message can take over (the Buffer may be a slice of a shared pool)
      const bytes = new Uint8Array(pdf);
      transfer.push(bytes.buffer as ArrayBuffer);
      reply = { id: request.id, ok: true, pdf: bytes };
    } else {
      await (request.kind === 'warmUp' ? renderer.warmUp?.() : renderer.close());
      reply = { id: request.id, ok: true };
    }
  } catch (error) {
    reply = { id: request.id, ok: false, message: describe(error) };
  }
  parentPort!.postMessage(reply, transfer);
});
