import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { CdpClosedError, CdpConnection, type CdpEvent } from '../../../src/adapters/pdf/cdp-pipe.ts';

/** the connection's framing against two streams standing in for the browser's fds 3 and 4 */
function pipePair() {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const process = new EventEmitter() as ChildProcess;
  const connection = new CdpConnection(process, toBrowser, fromBrowser);
  const written: string[] = [];
  toBrowser.on('data', (chunk: Buffer) => written.push(...chunk.toString().split('\0').filter(Boolean)));
  return { connection, fromBrowser, process, written };
}

test('commands are NUL-terminated JSON with rising ids, answered by id whatever the order', async () => {
  const { connection, fromBrowser, written } = pipePair();
  const first = connection.send<{ n: number }>('A.one', { x: 1 });
  const second = connection.send<{ n: number }>('A.two', {}, 'session-1');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(
    written.map((text) => JSON.parse(text)),
    [
      { id: 1, method: 'A.one', params: { x: 1 } },
      { id: 2, method: 'A.two', params: {}, sessionId: 'session-1' },
    ],
  );
  // two answers in one chunk, the second first
  fromBrowser.write('{"id":2,"result":{"n":2}}\0{"id":1,"result":{"n":1}}\0');
  assert.deepEqual(await first, { n: 1 });
  assert.deepEqual(await second, { n: 2 });
});

test('a message split across chunks is read whole, and events reach listeners with their session', async () => {
  const { connection, fromBrowser } = pipePair();
  const events: CdpEvent[] = [];
  connection.onEvent((event) => events.push(event));
  const answer = connection.send('Page.printToPDF');
  const message = JSON.stringify({ id: 1, result: { data: 'é'.repeat(10) } });
  const bytes = Buffer.from(`{"method":"Inspector.targetCrashed","params":{},"sessionId":"s"}\0${message}\0`);
  // cut inside a two-byte character as well
  const cut = bytes.indexOf(Buffer.from('é')) + 1;
  fromBrowser.write(bytes.subarray(0, 10));
  fromBrowser.write(bytes.subarray(10, cut));
  fromBrowser.write(bytes.subarray(cut));
  assert.deepEqual(await answer, { data: 'é'.repeat(10) });
  assert.deepEqual(events, [{ method: 'Inspector.targetCrashed', params: {}, sessionId: 's' }]);
});

test('a protocol error rejects its command with the message; the browser exiting rejects the rest', async () => {
  const { connection, fromBrowser, process } = pipePair();
  const refused = connection.send('No.such');
  const waiting = connection.send('Page.printToPDF');
  fromBrowser.write('{"id":1,"error":{"code":-32601,"message":"\'No.such\' wasn\'t found"}}\0');
  await assert.rejects(refused, /wasn't found \(-32601\)/);
  process.emit('exit', 0);
  await assert.rejects(waiting, CdpClosedError);
  assert.equal(connection.closed, true);
  await assert.rejects(connection.send('Browser.close'), CdpClosedError);
});

test('a message that is not JSON fails every command and ends the browser rather than the thread', async () => {
  const { connection, fromBrowser, process } = pipePair();
  const killed: Array<NodeJS.Signals | number | undefined> = [];
  process.kill = ((signal?: NodeJS.Signals | number) => {
    killed.push(signal);
    return true;
  }) as typeof process.kill;
  const waiting = connection.send('Page.printToPDF');
  fromBrowser.write('{"id":1,"result":\0');
  await assert.rejects(waiting, CdpClosedError);
  assert.deepEqual(killed, ['SIGKILL']);
  await assert.rejects(connection.send('Browser.close'), CdpClosedError);
});
