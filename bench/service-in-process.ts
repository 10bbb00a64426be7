import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runKeysCommand } from '../src/cli/commands/keys.ts';
import { parseConfig } from '../src/config.ts';
import { type Composition, compose } from '../src/start/compose.ts';

export interface ServiceInProcess {
  composition: Composition;
  /** `http://127.0.0.1:PORT` */
  address: string;
  /** a secret key whose minute window never refuses a benchmark */
  secret: string;
  close(): Promise<void>;
}

/**
 * The whole service composed in this process on a fresh DATA_DIR (the shared model cache),
 * listening on loopback, measured only once its start-up work (warm-up, the PDF thread's
 * loading) is over, as on a server that has been up for a few seconds; the benchmarks and
 * profiles that load it from another process (wrk) share this set-up.
 */
export async function serviceInProcess(name: string): Promise<ServiceInProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), `svc-${name}-`));
  const composition = await composeSilently(dataDir);
  await composition.start();
  await composition.startupSettled(60_000);
  const address = await composition.app.listen({ port: 0, host: '127.0.0.1' });
  const secret = await createKeyIn(composition, name, ['--rate-per-min', '100000000']);
  return {
    composition,
    address,
    secret,
    async close() {
      await composition.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** a secret key made through the operator CLI's own command, in a composed service's key store */
export async function createKeyIn(
  composition: Composition,
  label: string,
  extra: string[] = [],
): Promise<string> {
  let secret = '';
  await runKeysCommand(['create', '--label', label, '--type', 'sk', ...extra], {
    keys: composition.keys,
    clock: Date.now,
    defaults: { ratePerMin: 60, reportsPerDay: 20 },
    out: (line) => {
      secret = (JSON.parse(line) as { key: string }).key;
    },
  });
  return secret;
}

/** the service composed on `dataDir` with the shared model cache, logging nothing */
export function composeSilently(dataDir: string): Promise<Composition> {
  return compose(
    parseConfig({
      DATA_DIR: dataDir,
      MODEL_DIR: join(tmpdir(), 'svc-test-model-cache'),
      LOG_LEVEL: 'silent',
    }),
    { logger: false },
  );
}
