import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { LOAD_GENERATOR, loadFor, parseWrkReport } from '../../bench/load-generator.ts';

// a report as wrk 4.1 prints it, with failed answers
const WRK_REPORT = `Running 1s test @ http://127.0.0.1:18081/bad
  1 threads and 2 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   155.44us  380.48us   5.89ms   93.92%
    Req/Sec    24.78k     4.88k   28.95k    81.82%
  27099 requests in 1.10s, 3.67MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 27099
Requests/sec:  24647.67
Transfer/sec:      3.34MB
`;

test("wrk's summary gives the rate, the answers and the failures (non-2xx and socket errors)", () => {
  assert.deepEqual(parseWrkReport(WRK_REPORT), { rps: 24647.67, requests: 27099, failures: 27102 });
  const clean = WRK_REPORT.replace(/ {2}Socket errors.*\n/, '').replace(/ {2}Non-2xx.*\n/, '');
  assert.deepEqual(parseWrkReport(clean), { rps: 24647.67, requests: 27099, failures: 0 });
});

let origin = '';
const server = createServer((request, response) => {
  response.statusCode = request.url === '/refused' ? 503 : 200;
  response.end('{"ok":true}');
});
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

test(`the load generator (${LOAD_GENERATOR}) loads a server from another process and counts its failures`, async () => {
  const ok = await loadFor(`${origin}/fine`, { seconds: 1, connections: 2, headers: { 'x-api-key': 'k' } });
  assert.ok(ok.rps > 100 && ok.requests > 100, JSON.stringify(ok));
  assert.equal(ok.failures, 0);
  const refused = await loadFor(`${origin}/refused`, { seconds: 1, connections: 2 });
  assert.ok(refused.failures > 0 && refused.failures === refused.requests, JSON.stringify(refused));
});
