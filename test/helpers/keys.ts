import type { KeyRepository } from '../../src/adapters/store/keys.ts';
import { runKeysCommand } from '../../src/cli/commands/keys.ts';
import type { Config } from '../../src/config.ts';

/** Issues and revokes keys exactly as `svc keys create|revoke` does, for in-process tests. */
export function keyIssuer(
  keys: KeyRepository,
  config: Readonly<Config>,
  clock: () => number,
  label = 'test',
) {
  const run = async (argv: string[]) => {
    let out = '';
    await runKeysCommand(argv, {
      keys,
      clock,
      defaults: { ratePerMin: config.defaultRatePerMin, reportsPerDay: config.defaultReportsPerDay },
      out: (line) => {
        out += line;
      },
    });
    return out;
  };
  return {
    /** the new key's secret */
    async createKey(args: string[] = []): Promise<string> {
      const hasType = args.includes('--type');
      const out = await run(['create', '--label', label, ...(hasType ? [] : ['--type', 'sk']), ...args]);
      return (JSON.parse(out) as { key: string }).key;
    },
    async revokeKey(secret: string): Promise<void> {
      await run(['revoke', secret]);
    },
  };
}
