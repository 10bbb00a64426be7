import type { KeyRecord } from '../domain/keys/key-record.ts';

/**
 * Persistence of API keys, as key authentication (key-authenticator.ts) and the CLI's
 * `keys` commands use it. Only hashes are stored; lookups go by hash or id. The
 * implementation (adapters/store/keys.ts) runs the same SQL on SQLite and PostgreSQL.
 */
export interface KeyRepository {
  insert(key: KeyRecord, hash: string): Promise<void>;
  findByHash(hash: string): Promise<{ key: KeyRecord; hash: string } | null>;
  findById(id: string): Promise<KeyRecord | null>;
  list(): Promise<KeyRecord[]>;
  /** marks the key revoked; false when no such key or already revoked */
  revoke(id: string, nowMs: number): Promise<boolean>;
}
