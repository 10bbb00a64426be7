import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { GENERATED_CLIENT_TYPES, generateClientTypes } from '../../scripts/openapi-document.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const run = promisify(execFile);
const BIN = new URL('../../node_modules/.bin/', import.meta.url).pathname;
const RULESET = new URL('../../.spectral.yaml', import.meta.url).pathname;

let service: TestService;
// biome-ignore lint/suspicious/noExplicitAny: the document is walked freely here; the linters check its shape
type Loose = any;
let doc: Record<string, Loose>;
let dir: string;
let file: string;
before(async () => {
  service = await startTestService();
  const response = await service.composition.app.inject({ url: '/v1/openapi.json' });
  assert.equal(response.statusCode, 200);
  doc = response.json();
  dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
});
after(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Loose>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );

describe('the served OpenAPI document', () => {
  test('Redocly CLI (recommended rules) finds no error and no warning', async () => {
    const { stdout } = await run(BIN + 'redocly', ['lint', file, '--extends=recommended', '--format=json'], {
      cwd: dir,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout) as { totals: Record<string, number>; problems: { message: string }[] };
    assert.deepEqual(
      report.problems.map((problem) => problem.message),
      [],
    );
    assert.deepEqual([report.totals.errors, report.totals.warnings], [0, 0]);
  });

  test('Spectral (spectral:oas) finds nothing', async () => {
    const report = join(dir, 'spectral.json');
    await run(BIN + 'spectral', ['lint', file, '--ruleset', RULESET, '-f', 'json', '-o', report], {
      cwd: dir,
    }).catch(() => undefined);
    const findings = JSON.parse(readFileSync(report, 'utf8')) as { code: string; path: string[] }[];
    assert.deepEqual(
      findings.map((finding) => `${finding.code} at ${finding.path.join('.')}`),
      [],
    );
  });

  test('every operation has a unique operationId, summary, description, declared tags and security', () => {
    const declared = new Set((doc.tags as { name: string }[]).map((tag) => tag.name));
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.match(op.operationId ?? '', /^[a-z][A-Za-z]+$/, where);
      assert.ok(!ids.has(op.operationId), `${where}: duplicate operationId`);
      ids.add(op.operationId);
      assert.ok(op.summary && op.description?.length > 40, `${where}: summary and description`);
      for (const tag of op.tags) assert.ok(declared.has(tag), `${where}: undeclared tag ${tag}`);
      assert.ok(Array.isArray(op.security), `${where}: security`);
    }
    assert.equal(ids.size, 29);
    assert.deepEqual(doc.paths['/map/{city}/tiles/{layer}/{z}/{x}/{y}'].get.security, []);
    assert.deepEqual(doc.paths['/historical/stats'].get.security, [{ bearer: [] }, { apiKey: [] }]);
  });

  test('static assets are not operations', () => {
    for (const path of Object.keys(doc.paths)) assert.doesNotMatch(path, /^\/(sdk|vendor|demo)\b/);
  });

  test('responses carry the media types served: problems, tiles, PDF and HTML', () => {
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Loose>)) {
        // readiness answers its per-dependency breakdown, not a problem document, when unready
        if (path === '/health/ready' && status === '503') continue;
        if (Number(status) >= 400) {
          assert.deepEqual(
            response.content,
            { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
            `${method} ${path} ${status}`,
          );
        }
      }
    }
    const ready = doc.paths['/health/ready'].get.responses;
    assert.deepEqual(
      ready['503'].content['application/json'].schema,
      ready['200'].content['application/json'].schema,
    );
    const tile = doc.paths['/map/{city}/tiles/{layer}/{timestamp}/{z}/{x}/{y}'].get.responses;
    assert.deepEqual(Object.keys(tile['200'].content), ['application/vnd.mapbox-vector-tile']);
    const download = doc.paths['/reports/{job_id}/download'].get.responses;
    assert.deepEqual(Object.keys(download['200'].content).sort(), ['application/pdf', 'text/html']);
  });

  test('the resources are named components and numeric query parameters are numbers', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of [
      'Problem',
      'CityEntry',
      'HistoricalStats',
      'RecordEnvelope',
      'ReportJob',
      'MapCatalog',
      'TileJSON',
    ]) {
      assert.ok(names.includes(name), name);
    }
    const stats = doc.paths['/historical/stats'].get;
    assert.deepEqual(stats.responses['200'].content['application/json'].schema, {
      $ref: '#/components/schemas/HistoricalStats',
    });
    for (const name of ['lat', 'lon', 'radius']) {
      const parameter = stats.parameters.find((p: { name: string }) => p.name === name);
      assert.equal(parameter.schema.type, 'number', name);
    }
  });

  test('the committed TypeScript client types are what the served document generates (drift check)', async () => {
    const committed = readFileSync(GENERATED_CLIENT_TYPES, 'utf8');
    assert.ok(
      committed === (await generateClientTypes(doc)),
      'clients/typescript/src/openapi.ts is stale: run `npm run client:generate` and commit it',
    );
  });
});
