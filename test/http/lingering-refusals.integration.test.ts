import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { LINGER } from '../../src/http/server-limits.ts';
import { CLI_ENTRY } from '../helpers/built-service.ts';
import { SERVER_START_GUARD_MS } from '../helpers/busy-machine.ts';
import { freePort, type Instance, startInstance, waitHealthy } from '../helpers/instances.ts';
import { SHARED_MODEL_DIR } from '../helpers/service.ts';

/**
 * Issue #49: a refusal answered before the body is all in is still readable. Python's
 * urllib sends its whole body before it reads the answer; the server refuses a 1 MB body
 * at once (limit 16 KiB) and, instead of closing under the client (a reset: "Broken
 * pipe"), reads and drops the rest (lingering close). A client that never stops sending
 * is cut after LINGER's bytes or time, so it cannot hold the connection.
 */
const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

let dir: string;
let instance: Instance;
let key: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-linger-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    MODEL_DIR: SHARED_MODEL_DIR,
    MODEL_WORKERS: '1',
    LOG_LEVEL: 'warn',
  };
  const created = await run(
    process.execPath,
    [CLI_ENTRY, 'keys', 'create', '--label', 'linger', '--type', 'sk', '--rate-per-min', '10000'],
    { cwd: ROOT, env },
  );
  key = (JSON.parse(created.stdout) as { key: string }).key;
  instance = startInstance('linger', { ...env, PORT: String(await freePort()) });
  await waitHealthy(instance, SERVER_START_GUARD_MS);
});

after(async () => {
  await instance?.stop(15_000);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** posts a 1 MB JSON body with urllib, `times` times; one JSON line per answer */
const PYTHON_CLIENT = `
import json, sys, urllib.request, urllib.error
url, key, times = sys.argv[1], sys.argv[2], int(sys.argv[3])
body = b'{"address":"' + b'x' * (1024 * 1024) + b'"}'
for _ in range(times):
    request = urllib.request.Request(url, data=body, method='POST',
        headers={'content-type': 'application/json', 'x-api-key': key})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            print(json.dumps({'status': answer.status}))
    except urllib.error.HTTPError as refused:
        print(json.dumps({'status': refused.code, 'connection': refused.headers.get('connection'),
            'type': refused.headers.get('content-type'), 'problem': json.loads(refused.read())}))
    except Exception as failed:
        print(json.dumps({'error': type(failed).__name__ + ': ' + str(failed)}))
`;

test("Python's urllib posting a 1 MB body reads the refusal's problem document, every time", async () => {
  const { stdout } = await run('python3', ['-c', PYTHON_CLIENT, `${instance.base}/v1/reports`, key, '8'], {
    timeout: 120_000,
  });
  const answers = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.equal(answers.length, 8);
  for (const answer of answers) {
    assert.equal(answer.error, undefined, `a reset instead of the answer: ${JSON.stringify(answer)}`);
    // the spec's catalogue has no 413: an oversized body is its validation_error (400)
    assert.equal(answer.status, 400);
    assert.equal(answer.connection, 'close');
    assert.equal(answer.type, 'application/problem+json');
    const problem = answer.problem as Record<string, unknown>;
    assert.equal(problem.code, 'validation_error');
    assert.equal(problem.status, 400);
    assert.match(String(problem.detail), /too large \(at most 16 KiB\)/);
  }
});

/**
 * Sends an endless chunked body (`chunkBytes` every `everyMs`) and reads what comes back;
 * resolves when the server has closed the connection: what it answered, how much was sent.
 */
function endlessBody(chunkBytes: number, everyMs: number) {
  const url = new URL(instance.base);
  return new Promise<{ answer: string; sentBytes: number; ms: number }>((resolve) => {
    const started = Date.now();
    // half-open: our FIN after the answer does not end the sending (as an endless client would not)
    const socket = connect({ port: Number(url.port), host: url.hostname, allowHalfOpen: true });
    let answer = '';
    let sentBytes = 0;
    let timer: NodeJS.Timeout | undefined;
    const chunk = `${chunkBytes.toString(16)}\r\n${' '.repeat(chunkBytes)}\r\n`;
    const send = () => {
      if (socket.destroyed || !socket.writable) return;
      sentBytes += chunkBytes;
      const flushed = socket.write(chunk);
      if (everyMs > 0) timer = setTimeout(send, everyMs);
      else if (flushed) setImmediate(send);
      else socket.once('drain', send);
    };
    socket.on('connect', () => {
      socket.write(
        `POST /v1/reports HTTP/1.1\r\nHost: ${url.host}\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      send();
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, sentBytes, ms: Date.now() - started });
    });
  });
}

test('an endless body sent as fast as possible is cut after the byte bound', async () => {
  const { answer, sentBytes, ms } = await endlessBody(64 * 1024, 0);
  assert.match(answer, /^HTTP\/1\.1 400 /, 'the refusal was written before the cut');
  assert.ok(
    sentBytes < LINGER.maxBytes + 16 * 1024 * 1024,
    `cut after ${sentBytes} bytes (bound ${LINGER.maxBytes}, plus what the socket buffers hold)`,
  );
  assert.ok(ms < 60_000, `cut after ${ms} ms`);
});

test('an endless body that trickles is cut after the time bound', async () => {
  // 16 KiB a second: refused past the limit after ~1 s, then read for LINGER.maxMs
  const { answer, sentBytes, ms } = await endlessBody(1024, 62);
  assert.match(answer, /^HTTP\/1\.1 400 /);
  assert.ok(sentBytes < LINGER.maxBytes);
  assert.ok(ms >= LINGER.maxMs, `cut after ${ms} ms, before the linger time`);
  assert.ok(ms < LINGER.maxMs + 30_000, `cut after ${ms} ms`);
});
