import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from '../config.ts';

/**
 * The process's structured logger for work outside a request (report jobs, the sweep, the
 * queue connection): JSON lines in the same shape as Fastify's request log (pino), at
 * LOG_LEVEL. Components get children (`component: 'reports' | 'queue'`). Nothing secret
 * and no address or coordinate is ever passed to it; `err` keeps pino's serializer.
 */
export function createProcessLogger(
  config: Pick<Config, 'logLevel'>,
  options: { silent?: boolean; destination?: DestinationStream } = {},
): Logger {
  const level = options.silent && !options.destination ? 'silent' : config.logLevel;
  return options.destination ? pino({ level }, options.destination) : pino({ level });
}
