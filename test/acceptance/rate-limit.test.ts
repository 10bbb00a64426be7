import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  GRAND_PLACE,
  type Server,
  startServer,
} from '../helpers/acceptance.ts';
import { awayFromMinuteEdge } from '../helpers/clock-edges.ts';

/** Per-key, per-minute request rate: X-RateLimit-* headers, 429 with Retry-After, what is not counted. */

let server: Server;
let three: CreatedKey;
let five: CreatedKey;

before(async () => {
  server = await startServer();
  [three, five] = await Promise.all([
    server.createKey(['--rate-per-min', '3']),
    server.createKey(['--rate-per-min', '5']),
  ]);
});
after(async () => {
  await server?.close();
});

function rateHeaders(response: Response) {
  return {
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    reset: response.headers.get('x-ratelimit-reset'),
  };
}

describe('per-minute rate limit', () => {
  test('counts down, then answers 429 rate_limited with Retry-After; public and health stay open', async () => {
    // the four requests must fall in one minute window: the real-time answer is warmed with
    // another key, and a sequence a loaded machine carried over a minute's edge is run
    // again with a fresh key (the window it ended in is not the one it counted in)
    const warm = await server.createKey([]);
    const realtime = `/realtime?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`;
    await (await server.fetch(realtime, { headers: bearer(warm.key) })).arrayBuffer();
    let headers: Record<string, string>;
    let limited: Response;
    let nextMinute: number;
    for (let attempt = 1; ; attempt++) {
      await awayFromMinuteEdge(15);
      headers = bearer((attempt === 1 ? three : await server.createKey(['--rate-per-min', '3'])).key);
      const nowS = Date.now() / 1000;
      nextMinute = Math.floor(nowS / 60) * 60 + 60;
      const remaining: string[] = [];
      const resets: string[] = [];
      for (const path of ['/key', '/cities', realtime]) {
        const response = await server.fetch(path, { headers });
        assert.equal(response.status, 200, path);
        await response.arrayBuffer();
        const h = rateHeaders(response);
        assert.equal(h.limit, '3');
        remaining.push(String(h.remaining));
        resets.push(String(h.reset));
      }
      limited = await server.fetch('/key', { headers });
      if (Date.now() / 1000 >= nextMinute) {
        await limited.arrayBuffer();
        assert.ok(attempt < 3, 'three sequences in a row crossed a minute edge');
        continue;
      }
      assert.deepEqual(remaining, ['2', '1', '0']);
      assert.deepEqual(
        resets,
        [String(nextMinute), String(nextMinute), String(nextMinute)],
        'reset is the start of the next minute window, epoch seconds',
      );
      break;
    }

    const retryAfter = limited.headers.get('retry-after');
    assert.match(String(retryAfter), /^\d+$/, 'Retry-After is an integer number of seconds');
    assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60);
    assert.ok(Math.abs(Number(retryAfter) - (nextMinute - Date.now() / 1000)) <= 2, 'until the next window');
    const h = rateHeaders(limited);
    assert.equal(h.limit, '3');
    assert.equal(h.remaining, '0');
    assert.equal(h.reset, String(nextMinute));
    await expectProblem(limited, 429, 'rate_limited', server.docsUrl);

    // a public endpoint with the exhausted key counts too; without a key it is never limited
    await expectProblem(await server.fetch('/cities', { headers }), 429, 'rate_limited', server.docsUrl);
    for (let i = 0; i < 5; i++) {
      for (const path of ['/health', '/cities', '/scales', '/cities/brussels', '/scales/air-belaqi']) {
        const response = await server.fetch(path);
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get('x-ratelimit-limit'), null);
        await response.arrayBuffer();
      }
    }
    // /health never looks at the key
    const health = await server.fetch('/health', { headers });
    assert.equal(health.status, 200);
    await health.arrayBuffer();
  });

  test('concurrent requests never pass the limit', async () => {
    await awayFromMinuteEdge(15);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => server.fetch('/key', { headers: bearer(five.key) })),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    assert.equal(statuses.filter((s) => s === 200).length, 5, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 7);
  });
});
