import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, test } from 'node:test';
import { startServer } from '../helpers/acceptance.ts';

/** SIGTERM drains in-flight requests and exits 0. */

describe('SIGTERM', () => {
  test('an in-flight request is answered, new connections are refused, the process exits 0', async () => {
    const server = await startServer();
    try {
      const url = new URL(`${server.base}/reports`);
      const body = JSON.stringify({ lat: 50.8467, lon: 4.3525 });
      // a request whose body is still arriving when SIGTERM lands: it is in flight
      const answered = new Promise<{ status: number; requestId: string | undefined; text: string }>(
        (done, fail) => {
          const req = httpRequest(
            {
              host: url.hostname,
              port: url.port,
              path: url.pathname,
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
            },
            (res) => {
              let text = '';
              res.on('data', (c: Buffer) => {
                text += c.toString();
              });
              res.on('end', () =>
                done({ status: res.statusCode ?? 0, requestId: res.headers['x-request-id'] as string, text }),
              );
            },
          );
          req.on('error', fail);
          req.write(body.slice(0, 10));
          setTimeout(() => {
            void server.stop('SIGTERM');
            setTimeout(() => req.end(body.slice(10)), 500);
          }, 300);
        },
      );
      const response = await answered;
      // no key: the drained request is still answered in full, with its problem document
      assert.equal(response.status, 401, response.text);
      assert.match(String(response.requestId), /^[0-9a-f-]{36}$/);
      assert.equal(JSON.parse(response.text).code, 'unauthorized');
      const code = await server.stop();
      assert.equal(code, 0, 'exit status 0');
      await assert.rejects(fetch(`${server.base}/health`), 'no longer listening');
    } finally {
      await server.close();
    }
  });
});
