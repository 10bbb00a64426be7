import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../src/config.ts';
import { compose } from '../src/start/compose.ts';
import { figure, NOISE } from './figures.ts';
import { compareWithBare, describeComparison } from './http-throughput.ts';

/** /v1/health and /v1/scales against a bare Fastify route serving the same bytes and headers. */
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
const composition = await compose(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: false });
await composition.start();
const address = await composition.app.listen({ port: 0, host: '127.0.0.1' });

console.log('\nFoundation throughput (16 connections, loopback, 3 interleaved rounds × 4 s)');
for (const path of ['/v1/health', '/v1/scales']) {
  const result = await compareWithBare(path, `${address}${path}`, {});
  console.log(`${path}: ${describeComparison(result)}`);
  figure(`${path} vs bare route`, describeComparison(result), '≥ 0.80', {
    measured: result.medianRatio,
    target: 0.8,
    better: 'higher',
    band: NOISE.ratio,
  });
}
await composition.close();
rmSync(dataDir, { recursive: true, force: true });
