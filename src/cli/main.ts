import type { Redis } from 'ioredis';
import { announceRevocation } from '../adapters/redis/revocations.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { openStores } from '../start/stores.ts';
import { runKeysCommand, UsageError } from './commands/keys.ts';

const USAGE = `usage: npm run --silent svc -- <command>

  keys create --label NAME --type sk|pk [--cities LIST] [--products LIST] [--metrics LIST]
              [--horizons LIST] [--rate-per-min N] [--reports-per-day N] [--origins LIST]
              [--expires-at ISO8601]
  keys revoke KEY
  keys list
  gazetteer import FILE        load an OpenAddresses CSV into the embedded gazetteer
  render-layer --city ID --layer thermal|wind|air|buildings --hour ISO --out FILE.png
`;

/** The operator CLI: same DATA_DIR / DATABASE_URL as the server, safe while it runs. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  const config = parseConfig(process.env);
  if (command === 'keys') {
    const stores = await openStores(config, Date.now);
    try {
      await runKeysCommand(rest, {
        keys: stores.keys,
        clock: Date.now,
        defaults: { ratePerMin: config.defaultRatePerMin, reportsPerDay: config.defaultReportsPerDay },
        out: (line) => process.stdout.write(`${line}\n`),
        ...(stores.redis
          ? {
              announceRevocation: (keyId: string) =>
                announceRevocation(stores.redis as Redis, config.redisPrefix, keyId),
            }
          : {}),
      });
    } finally {
      await stores.close();
    }
    return 0;
  }
  if (command === 'gazetteer') {
    const { runGazetteerImport } = await import('./commands/gazetteer-import.ts');
    await runGazetteerImport(rest, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    return 0;
  }
  if (command === 'render-layer') {
    // loaded on demand: the model is heavy and `keys` commands must start fast
    const { runRenderLayer } = await import('./commands/render-layer.ts');
    await runRenderLayer(rest, { dataDir: config.modelDir });
    return 0;
  }
  throw new UsageError(`unknown command '${command}'\n\n${USAGE}`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exit(2);
    }
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
