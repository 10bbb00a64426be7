import type { KeyRecord } from '../../src/domain/keys/key-record.ts';

/** A key record as the store returns it: every scope open, nothing expired or revoked, fields overridable. */
export function keyRecord(overrides: Partial<KeyRecord> = {}): KeyRecord {
  return {
    id: `key-${Math.random().toString(36).slice(2)}`,
    displayPrefix: 'svc_sk_ABCD',
    label: 'unit',
    type: 'sk',
    cities: ['*'],
    products: ['*'],
    metrics: ['*'],
    horizons: ['*'],
    origins: [],
    ratePerMin: 60,
    reportsPerDay: 5,
    createdMs: 0,
    expiresMs: null,
    revokedMs: null,
    ...overrides,
  };
}
