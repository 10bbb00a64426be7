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
 * A refusal answered before the client has sent its whole body (too large, no key, rate
 * limited): the rest of the body is read and thrown away up to this much and for this
 * long after the answer, like nginx's lingering close, so that the client, still sending,
 * reads our answer instead of a connection reset; then the connection is closed.
 */
export const LINGER = { maxBytes: 8 * 1024 * 1024, maxMs: 5_000 } as const;

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
 * Called by the error handler before it answers a refusal, so other requests pay nothing.
 * When the body is not all in yet, the answer says `Connection: close`, and Node's close
 * after it (destroySoon: end, then destroy, while the client is still sending: the kernel
 * answers the next bytes with a reset that destroys our answer before the client reads
 * it; Python's urllib, curl without Expect) becomes a lingering one: our side is ended
 * after the answer and the body is read and dropped until it is through (then the socket
 * is closed, nothing left unread), or past LINGER's bytes or time (then cut).
 */
export function lingerAfterRefusal(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // only real connections (an injected request has no socket to keep reading from)
  if (!(raw.socket instanceof Socket) || raw.complete) return;
  reply.header('connection', 'close');
  lingerThenClose(raw);
}

function lingerThenClose(request: IncomingMessage): void {
  const socket = request.socket;
  let seen = 0;
  const cut = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(cut, LINGER.maxMs);
  timer.unref();
  // this socket's own destroySoon, which Node calls once the `Connection: close` answer is
  // written: our side ends (the client sees the answer complete), reading goes on
  socket.destroySoon = () => {
    socket.end();
  };
  request.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > LINGER.maxBytes) cut();
  });
  request.once('end', () => {
    clearTimeout(timer);
    // all the client sent is read: closing now resets nothing; our answer is flushed first
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  });
  request.once('error', () => clearTimeout(timer));
  // reading ourselves also stops Node from dumping the body without a bound
  request.resume();
}
