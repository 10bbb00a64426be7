import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../src/config.ts';
import { compose } from '../src/start/compose.ts';
import { figure } from './figures.ts';
import { bareServer, compareWithBare } from './http-throughput.ts';

/** /v1/health and /v1/scales against a bare Fastify route serving the same bytes. */
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
const composition = await compose(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: false });
await composition.start();
const address = await composition.app.listen({ port: 0, host: '127.0.0.1' });

const rows = [];
for (const path of ['/v1/health', '/v1/scales']) {
  const sample = await fetch(`${address}${path}`);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const bare = await bareServer(bytes, String(sample.headers.get('content-type')));
  const result = await compareWithBare(path, `${address}${path}`, {}, bare.url);
  await bare.close();
  rows.push({
    endpoint: result.label,
    'service req/s': Math.round(result.service),
    'bare req/s': Math.round(result.bare),
    ratio: result.ratio.toFixed(2),
    goal: '≥ 0.80',
  });
}
console.log('\nFoundation throughput (16 connections, loopback, best of 2 × 4 s)');
console.table(rows);
for (const row of rows) figure(`${row.endpoint} vs bare route`, String(row.ratio), String(row.goal));
await composition.close();
rmSync(dataDir, { recursive: true, force: true });
