import { randomUUID } from 'node:crypto';
import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ApiError, apiError } from '../domain/errors/catalogue.ts';
import { problemDocument } from './problem.ts';

/**
 * Answers written straight to the socket, for requests Node's HTTP layer handles before
 * Fastify sees them. They are still problem documents with a request id, never Node's bare
 * reply or a silently closed connection.
 */
function rawProblemResponse(error: ApiError, docsUrl: string): string {
  const id = randomUUID();
  const body = JSON.stringify(problemDocument(error, id, docsUrl));
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${id}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** A request the HTTP parser refuses (headers too large, broken request line). */
export function clientErrorResponse(error: { code?: string }, docsUrl: string): string {
  const detail =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request headers are too large.'
      : error.code === 'HPE_URI_TOO_LONG'
        ? 'The request URL is too long.'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'The request (headers and body) was not received in full within the time allowed (30 s); send it at once.'
          : 'The request could not be parsed as HTTP.';
  return rawProblemResponse(apiError('validation_error', detail), docsUrl);
}

/**
 * CONNECT never reaches a request handler (Node emits it apart, and closes the socket
 * when nobody listens): this service is no proxy, so it says so.
 */
export function refuseConnect(server: Server, docsUrl: string): void {
  server.on('connect', (_request: unknown, socket: Duplex) => {
    const refusal = apiError('validation_error', 'CONNECT is not supported: this service is not a proxy.');
    if (socket.writable) socket.end(rawProblemResponse(refusal, docsUrl));
    else socket.destroy();
  });
}

/**
 * HTTP/1.1 requires Host (RFC 9112 §3.2). Node would refuse its absence with a bare 400 of
 * its own, so that check is turned off at the server and made here, as a problem document.
 */
export function missingHostRefusal(httpVersion: string, host: string | undefined): ApiError | null {
  if (httpVersion !== '1.1' || host !== undefined) return null;
  return apiError('validation_error', 'An HTTP/1.1 request must carry a Host header.');
}
