import { ConfigError, parseConfig } from '../config.ts';
import { compose } from './compose.ts';

/** `npm start`: serve the API until SIGTERM/SIGINT, then drain in-flight requests and exit 0. */
async function main(): Promise<void> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`configuration error: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const composition = await compose(config);
  const { app } = composition;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'draining in-flight requests');
    try {
      await composition.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await composition.start();
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(`svc-api failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
