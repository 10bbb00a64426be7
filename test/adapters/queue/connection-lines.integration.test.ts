import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { createBullmqQueue } from '../../../src/adapters/queue/bullmq.ts';

/**
 * The report queue's connection in the logs: a line when it connects, one when Redis goes
 * away (not one per reconnection attempt) and one when it is back, with the outage's
 * length. Against a Redis server of this test's own, stopped and started again.
 */
async function sparePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    child.once('exit', () => reject(new Error('redis-server exited')));
  });
  return child;
}

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

test('queue connection lines: ready, lost once, restored with the outage length', async () => {
  const port = await sparePort();
  let redis = await startRedis(port);
  const lines: Array<Record<string, unknown>> = [];
  const logger = {
    info: (fields: Record<string, unknown>) => lines.push({ ...fields, level: 'info' }),
    warn: (fields: Record<string, unknown>) => lines.push({ ...fields, level: 'warn' }),
  };
  const redisUrl = `redis://127.0.0.1:${port}`;
  const queue = createBullmqQueue({ redisUrl, prefix: 'svc-test-conn', logger });
  try {
    queue.start(async () => {});
    const events = (event: string) => lines.filter((line) => line.event === event);
    await until(() => events('queue.connection_ready').length === 2);
    assert.deepEqual(
      events('queue.connection_ready')
        .map((line) => line.role)
        .sort(),
      ['producer', 'worker'],
    );
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    await until(() => events('queue.connection_lost').length === 2);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // several reconnection attempts
    assert.equal(events('queue.connection_lost').length, 2, 'one line per outage and connection');
    assert.equal(events('queue.connection_lost')[0]?.level, 'warn');
    redis = await startRedis(port);
    await until(() => events('queue.connection_restored').length === 2);
    for (const line of events('queue.connection_restored')) assert.ok(Number(line.duration_ms) >= 1_000);
    assert.ok(!JSON.stringify(lines).includes(redisUrl), 'the Redis URL is never logged');
  } finally {
    await queue.close();
    redis.kill('SIGKILL');
  }
});
