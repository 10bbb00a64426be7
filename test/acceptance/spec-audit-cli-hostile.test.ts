import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  GRAND_PLACE,
  KEY_INFO_FIELDS,
  requestIdOf,
  type Server,
  startServer,
  UUID_V4,
} from '../helpers/acceptance.ts';

/**
 * Spec audit: the operator CLI (CONTRACT.md) and hostile HTTP input that the other suites do not
 * send: requests without Host or with odd methods at the socket level, parameter floods.
 */

let server: Server;
let key: CreatedKey;

before(async () => {
  server = await startServer();
  key = await server.createKey(['--rate-per-min', '100000']);
});
after(async () => {
  await server?.close();
});

/** Sends raw bytes and returns what came back before the server closed (or 3 s passed). */
function rawExchange(bytes: string): Promise<string> {
  const url = new URL(server.origin);
  return new Promise((done) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    const timer = setTimeout(() => socket.destroy(), 3000);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      done(received);
    });
    socket.write(Buffer.from(bytes, 'latin1'));
  });
}

function parseRaw(text: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = rest.join('\r\n\r\n');
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    let out = '';
    let remaining = body;
    for (;;) {
      const eol = remaining.indexOf('\r\n');
      const size = Number.parseInt(remaining.slice(0, eol), 16);
      if (!size) break;
      out += remaining.slice(eol + 2, eol + 2 + size);
      remaining = remaining.slice(eol + 2 + size + 2);
    }
    body = out;
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

function assertRawProblem(text: string, where: string): void {
  const response = parseRaw(text);
  assert.ok(
    response.status >= 400 && response.status < 500,
    `${where}: a 4xx answer, got ${text.slice(0, 120)}`,
  );
  assert.match(response.headers['content-type'] ?? '', /^application\/problem\+json/, `${where}: problem`);
  const id = response.headers['x-request-id'] ?? '';
  assert.match(id, UUID_V4, `${where}: X-Request-Id`);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  assert.equal(body.status, response.status);
  assert.equal(body.request_id, id);
}

describe('operator CLI', () => {
  test('keys create prints exactly one JSON object: the key plus every key-information field', async () => {
    for (const type of ['sk', 'pk'] as const) {
      const result = await server.cli(['keys', 'create', '--label', `cli ${type}`, '--type', type]);
      assert.equal(result.code, 0, result.stderr);
      const printed = JSON.parse(result.stdout) as Record<string, unknown>;
      assert.equal(typeof printed, 'object');
      assert.ok(!Array.isArray(printed));
      for (const field of [...KEY_INFO_FIELDS, 'key']) assert.ok(field in printed, `${field} printed`);
      assert.match(String(printed.key), new RegExp(`^svc_${type}_.+`), 'prefix tells the type');
      assert.equal(printed.type, type);
      assert.equal(printed.label, `cli ${type}`);
      for (const scope of ['cities', 'products', 'metrics', 'horizons'])
        assert.deepEqual(printed[scope], ['*'], `${scope} defaults to *`);
      const limits = printed.limits as Record<string, unknown>;
      assert.ok(Number.isInteger(limits.rate_per_min) && Number.isInteger(limits.reports_per_day));
      assert.equal(printed.expires_at, null);
      const response = await server.fetch('/key', { headers: bearer(String(printed.key)) });
      assert.equal(response.status, 200, 'the printed key works at once');
      await response.arrayBuffer();
    }
  });

  test('invalid arguments exit non-zero and issue no key', async () => {
    const before = await server.cli(['keys', 'list']);
    assert.equal(before.code, 0);
    for (const args of [
      ['--label', 'x', '--type', 'xx'],
      ['--type', 'sk'],
      ['--label', 'x'],
      ['--label', 'x', '--type', 'sk', '--products', 'weather'],
      ['--label', 'x', '--type', 'sk', '--metrics', 'air,foo'],
      ['--label', 'x', '--type', 'sk', '--horizons', 'live'],
      ['--label', 'x', '--type', 'sk', '--rate-per-min', '0'],
      ['--label', 'x', '--type', 'sk', '--rate-per-min', 'abc'],
      ['--label', 'x', '--type', 'sk', '--reports-per-day', '1.5'],
      ['--label', 'x', '--type', 'sk', '--expires-at', 'not-a-date'],
      ['--label', 'x', '--type', 'sk', '--no-such-option', '1'],
    ]) {
      const result = await server.cli(['keys', 'create', ...args]);
      assert.notEqual(result.code, 0, `keys create ${args.join(' ')} must fail`);
      assert.doesNotMatch(result.stdout, /svc_(sk|pk)_/, 'no key printed');
    }
    const after = await server.cli(['keys', 'list']);
    assert.equal(after.stdout, before.stdout, 'no key was issued');
  });

  test('keys revoke of an unknown key exits non-zero; keys list never shows a secret', async () => {
    const unknown = await server.cli(['keys', 'revoke', `svc_sk_${'Z'.repeat(40)}`]);
    assert.notEqual(unknown.code, 0);
    const list = await server.cli(['keys', 'list']);
    assert.equal(list.code, 0);
    assert.equal(list.stdout.includes(key.key), false, 'the full secret is never listed');
    assert.equal(list.stdout.includes(key.key.slice(7)), false);
  });

  test('the secret is never written in clear under DATA_DIR', async () => {
    const secret = key.key.slice('svc_sk_'.length);
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
    const files = walk(server.dataDir);
    assert.ok(files.length > 0);
    for (const file of files) {
      const bytes = readFileSync(file);
      assert.equal(bytes.includes(secret), false, `${file} holds the secret in clear`);
      assert.equal(bytes.includes(Buffer.from(secret, 'utf16le')), false, `${file} (utf-16)`);
    }
  });
});

describe('hostile HTTP at the socket level', () => {
  test('an HTTP/1.1 request without Host is a 400 problem document with a request id', async () => {
    const text = await rawExchange('GET /v1/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    assert.equal(parseRaw(text).status, 400, 'RFC 9112: a missing Host is 400');
    assertRawProblem(text, 'no Host');
  });

  test('odd methods get a 4xx problem document, never silence or 5xx', async () => {
    for (const method of ['BREW', 'TRACE', 'CONNECT', 'PROPFIND']) {
      const target = method === 'CONNECT' ? '127.0.0.1:1' : '/v1/health';
      const text = await rawExchange(`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      assertRawProblem(text, method);
    }
  });

  test('malformed request lines and headers are 400 problem documents', async () => {
    for (const bytes of [
      'GARBAGE\r\n\r\n',
      'GET /v1/health HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
      'GET /v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ]) {
      assertRawProblem(await rawExchange(bytes), JSON.stringify(bytes.slice(0, 40)));
    }
  });
});

describe('parameter floods and odd parameter names', () => {
  test('thousands of parameters, prototype names, brackets and repeats: 400 problems, never 5xx', async () => {
    const at = `lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`;
    const flood = Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&');
    const repeats = Array.from({ length: 2000 }, () => `lat=${GRAND_PLACE.lat}`).join('&');
    for (const path of [
      `/realtime?${at}&${flood}`,
      `/realtime?${repeats}&lon=4.35`,
      `/realtime?${at}&__proto__=1`,
      `/realtime?${at}&constructor=1`,
      `/realtime?${at}&hasOwnProperty=1`,
      `/realtime?lat[a][b][c]=1&lon=4.35`,
      `/realtime?lat[]=50.8&lon[]=4.35`,
      `/forecast?${at}&radius[]=10`,
      `/historical/stats?${at}&metrics[]=air`,
      `/historical/stats?${at}&metrics=air&metrics=wind`,
      '/geocode?q[x]=Gent',
      '/cities?product[]=map',
      '/scales?metric[]=air',
    ]) {
      const response = await server.fetch(path, { headers: bearer(key.key) });
      assert.ok(response.status < 500, `${path.slice(0, 80)} → ${response.status}`);
      requestIdOf(response);
      await expectProblem(response, 400, 'validation_error', server.docsUrl);
    }
  });
});
