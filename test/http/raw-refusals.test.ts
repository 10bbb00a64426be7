import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { clientErrorResponse, refuseConnect } from '../../src/http/raw-refusals.ts';

/**
 * The answers written straight to the socket, read back as a client reads them: a status
 * line, headers, and a problem document whose request id is the X-Request-Id header's, so
 * a caller quoting either one finds the same request.
 */
const DOCS_URL = 'https://svc.example/v1/docs';

function parseRaw(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  assert.ok(split > 0, 'a head ends with an empty line');
  const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  const body = raw.slice(split + 4);
  return { statusLine, headers, body, problem: JSON.parse(body) };
}

function assertProblemResponse(raw: string, detail: RegExp) {
  const { statusLine, headers, body, problem } = parseRaw(raw);
  assert.equal(statusLine, 'HTTP/1.1 400 Bad Request');
  assert.equal(headers.get('content-type'), 'application/problem+json');
  assert.equal(Number(headers.get('content-length')), Buffer.byteLength(body));
  assert.equal(headers.get('connection'), 'close');
  assert.equal(problem.code, 'validation_error');
  assert.equal(problem.type, `${DOCS_URL}/errors#validation_error`);
  assert.match(problem.detail, detail);
  assert.match(problem.request_id, /^[0-9a-f-]{36}$/);
  assert.equal(headers.get('x-request-id'), problem.request_id);
  return problem.request_id as string;
}

test('a request the parser refuses: the X-Request-Id header is the body’s request_id', () => {
  const ids = [
    assertProblemResponse(
      clientErrorResponse({ code: 'HPE_HEADER_OVERFLOW' }, DOCS_URL),
      /headers are too large/,
    ),
    assertProblemResponse(clientErrorResponse({ code: 'HPE_URI_TOO_LONG' }, DOCS_URL), /URL is too long/),
    assertProblemResponse(clientErrorResponse({}, DOCS_URL), /could not be parsed as HTTP/),
  ];
  assert.equal(new Set(ids).size, ids.length, 'each refusal has its own id');
});

test('CONNECT is refused with a problem document whose request_id is the header’s', async () => {
  const server = createServer();
  refuseConnect(server, DOCS_URL);
  const socket = new PassThrough();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => socket.on('end', resolve));
  server.emit('connect', {}, socket, Buffer.alloc(0));
  await ended;
  assertProblemResponse(Buffer.concat(chunks).toString('utf8'), /CONNECT is not supported/);
});
