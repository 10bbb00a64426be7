import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../domain/errors/catalogue.ts';
import { problemDocument } from './problem.ts';

/**
 * How long the server waits on a client. A request must be received in full (headers
 * and body) within 30 s and its headers within 10 s, else the connection gets a problem
 * document and is closed; an idle keep-alive connection is closed after 5 s. Node checks
 * these every second, so a slow client is cut within about 31 s; one holding a
 * half-sent body can no longer pin a connection (and a file descriptor) for ever.
 */
export const SERVER_TIMEOUTS = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
} as const;

/**
 * A body past the limit that the client sends anyway is read and thrown away up to this
 * much (so that the client, still sending, reads our 400 instead of a connection reset),
 * then the connection is closed.
 */
export const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;

function tooLargeDetail(limitBytes: number): string {
  return `The request body is too large (at most ${Math.round(limitBytes / 1024)} KiB).`;
}

/**
 * `Expect: 100-continue` with a declared Content-Length over the limit is refused with
 * the 400 problem document before the client sends the body; anything else gets its
 * `100 Continue` and goes on to the app as usual.
 */
export function refuseOversizedBeforeContinue(server: Server, limitBytes: number, docsUrl: string): void {
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) {
      const id = randomUUID();
      const body = JSON.stringify(
        problemDocument(apiError('validation_error', tooLargeDetail(limitBytes)), id, docsUrl),
      );
      response.writeHead(400, {
        'Content-Type': 'application/problem+json',
        'Content-Length': Buffer.byteLength(body),
        'X-Request-Id': id,
        Connection: 'close',
      });
      response.end(body);
      return;
    }
    response.writeContinue();
    server.emit('request', request, response);
  });
}

/**
 * The body parser refused a body past the limit and asked (`Connection: close`) for the
 * socket to be closed with the answer. Closing while the client is still sending makes
 * the kernel answer with a reset that destroys our 400 before the client reads it
 * (Python's http.client, curl without Expect). So instead: keep the connection open,
 * read and drop what the client still sends, up to DISCARD_LIMIT_BYTES or the request
 * timeout, and close once both the body and the answer are through. Called by the error
 * handler before it answers a 400 (the only way such a refusal is answered), so other
 * requests pay nothing for it.
 */
export function keepReadingRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // only real connections (an injected request has no socket to keep reading from)
  if (raw.socket instanceof Socket && !raw.complete && reply.getHeader('connection') === 'close') {
    reply.removeHeader('connection');
    drainThenClose(raw, reply.raw);
  }
}

function drainThenClose(request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket;
  let seen = 0;
  let bodyDone = false;
  let answered = false;
  const timer = setTimeout(() => socket.destroy(), SERVER_TIMEOUTS.requestTimeoutMs);
  timer.unref();
  const closeIfThrough = () => {
    if (!bodyDone || !answered) return;
    clearTimeout(timer);
    socket.end();
  };
  request.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DISCARD_LIMIT_BYTES) {
      clearTimeout(timer);
      socket.destroy();
    }
  });
  request.once('end', () => {
    bodyDone = true;
    closeIfThrough();
  });
  request.once('error', () => clearTimeout(timer));
  response.once('finish', () => {
    answered = true;
    closeIfThrough();
  });
  // reading ourselves also stops Node from dumping the body without a bound
  request.resume();
}
