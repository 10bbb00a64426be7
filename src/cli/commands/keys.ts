import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { KeyRepository } from '../../adapters/store/keys.ts';
import { HORIZONS, METRICS, PRODUCTS } from '../../domain/coverage/cities.ts';
import { type KeyRecord, type KeyType, keyInformation } from '../../domain/keys/key-record.ts';
import { displayPrefix, generateKeySecret, hashKeySecret, keyTypeOf } from '../../domain/keys/key-secret.ts';
import { parseOrigin } from '../../domain/keys/origin.ts';

export class UsageError extends Error {}

function list(raw: string | undefined, allowed: readonly string[] | RegExp, name: string): string[] {
  if (raw === undefined) return ['*'];
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const value of values) {
    if (value === '*') continue;
    const ok = Array.isArray(allowed) ? allowed.includes(value) : (allowed as RegExp).test(value);
    if (!ok)
      throw new UsageError(
        `--${name}: '${value}' is not valid${Array.isArray(allowed) ? ` (one of ${allowed.join(', ')}, or *)` : ''}`,
      );
  }
  return values.includes('*') ? ['*'] : [...new Set(values)];
}

function count(raw: string | undefined, fallback: number, name: string, min: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > 1_000_000_000) {
    throw new UsageError(`--${name} must be a whole number ≥ ${min}`);
  }
  return Number(raw);
}

export interface KeysCommandDeps {
  keys: KeyRepository;
  clock: () => number;
  defaults: { ratePerMin: number; reportsPerDay: number };
  out: (line: string) => void;
  /** tells running instances to drop the key from their caches at once (scale-out: Redis) */
  announceRevocation?: (keyId: string) => Promise<void>;
}

export async function runKeysCommand(argv: string[], deps: KeysCommandDeps): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === 'create') return createKey(rest, deps);
  if (sub === 'revoke') return revokeKey(rest, deps);
  if (sub === 'list') return listKeys(deps);
  throw new UsageError('usage: keys create --label NAME --type sk|pk [...] | keys revoke KEY | keys list');
}

async function createKey(argv: string[], deps: KeysCommandDeps): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      label: { type: 'string' },
      type: { type: 'string' },
      cities: { type: 'string' },
      products: { type: 'string' },
      metrics: { type: 'string' },
      horizons: { type: 'string' },
      'rate-per-min': { type: 'string' },
      'reports-per-day': { type: 'string' },
      origins: { type: 'string' },
      'expires-at': { type: 'string' },
    },
  });
  if (!values.label || values.label.trim() === '') throw new UsageError('--label NAME is required');
  if (values.type !== 'sk' && values.type !== 'pk') throw new UsageError('--type must be sk or pk');
  let expiresMs: number | null = null;
  if (values['expires-at'] !== undefined) {
    const raw = values['expires-at'];
    expiresMs = /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(raw) : Number.NaN;
    if (Number.isNaN(expiresMs)) throw new UsageError('--expires-at must be an ISO 8601 date or timestamp');
    const nowMs = deps.clock();
    // a key born expired would be refused on its first request: almost always a typo in the year
    if (expiresMs <= nowMs) {
      throw new UsageError(
        `--expires-at ${new Date(expiresMs).toISOString()} is not in the future (now ${new Date(nowMs).toISOString()}): give a later date or timestamp, or leave it out for a key that does not expire`,
      );
    }
  }
  const origins =
    values.origins === undefined
      ? []
      : values.origins
          .split(',')
          .map((o) => o.trim())
          .filter((o) => o !== '')
          .map((o) => {
            const normalised = parseOrigin(o);
            if (!normalised)
              throw new UsageError(
                `--origins: '${o}' is not an origin: give scheme, host and optional port, e.g. https://example.com or http://127.0.0.1:8080 (no path, no user info, no spaces)`,
              );
            return normalised;
          });
  const type = values.type as KeyType;
  const secret = generateKeySecret(type);
  const key: KeyRecord = {
    id: randomUUID(),
    displayPrefix: displayPrefix(secret),
    label: values.label.trim(),
    type,
    cities: list(values.cities, /^[a-z][a-z0-9-]*$/, 'cities'),
    products: list(values.products, PRODUCTS, 'products'),
    metrics: list(values.metrics, METRICS, 'metrics'),
    horizons: list(values.horizons, HORIZONS, 'horizons'),
    origins,
    ratePerMin: count(values['rate-per-min'], deps.defaults.ratePerMin, 'rate-per-min', 1),
    reportsPerDay: count(values['reports-per-day'], deps.defaults.reportsPerDay, 'reports-per-day', 0),
    createdMs: deps.clock(),
    expiresMs,
    revokedMs: null,
  };
  await deps.keys.insert(key, hashKeySecret(secret));
  deps.out(JSON.stringify({ key: secret, id: key.id, ...keyInformation(key) }));
}

async function revokeKey(argv: string[], deps: KeysCommandDeps): Promise<void> {
  const [given] = argv;
  if (!given || argv.length !== 1) throw new UsageError('usage: keys revoke KEY (the key itself or its id)');
  const found = keyTypeOf(given)
    ? (await deps.keys.findByHash(hashKeySecret(given)))?.key
    : await deps.keys.findById(given);
  if (!found) throw new UsageError('no such key');
  const changed = await deps.keys.revoke(found.id, deps.clock());
  await deps.announceRevocation?.(found.id);
  deps.out(JSON.stringify({ id: found.id, label: found.label, revoked: true, already_revoked: !changed }));
}

async function listKeys(deps: KeysCommandDeps): Promise<void> {
  const keys = await deps.keys.list();
  deps.out(
    JSON.stringify(
      keys.map((key) => ({
        id: key.id,
        prefix: `${key.displayPrefix}…`,
        ...keyInformation(key),
        revoked: key.revokedMs !== null,
      })),
    ),
  );
}
