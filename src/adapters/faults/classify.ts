import { type Dependency, DependencyUnavailableError } from '../../domain/errors/dependency.ts';

/** Socket-level failures: the peer is down, unreachable or cut the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The local disk refuses: full, read-only, not ours, or the file is locked too long. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO', 'EMFILE', 'ENFILE']);

/** PostgreSQL SQLSTATE classes that mean "the server cannot serve now", not "your query is wrong". */
function isPostgresOutage(code: string): boolean {
  // 08: connection exception; 53: insufficient resources; 57P01-03: admin shutdown,
  // crash shutdown, cannot connect now; 57014: statement timeout (query_canceled)
  return code.startsWith('08') || code.startsWith('53') || /^57P0[1-3]$/.test(code) || code === '57014';
}

/** Messages of pg and ioredis failures that carry no code. */
const OUTAGE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
  /Client has encountered a connection error/i,
  /Connection is closed/i,
  /Stream isn't writeable/i,
  /Command timed out/i,
  /Reached the max retries per request/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

/**
 * Which dependency, if any, an error from a driver says is unavailable. `dependency` is
 * the one the caller was talking to; a disk failure (full, read-only, locked SQLite) is
 * reported as `disk` whoever saw it.
 */
export function unavailableDependency(error: unknown, dependency: Dependency): Dependency | null {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  if (!(error instanceof Error)) return null;
  const code = String((error as { code?: unknown }).code ?? '');
  if (code.startsWith('SQLITE_')) {
    if (/^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB)/.test(code)) return 'disk';
    if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return 'database';
    return null;
  }
  if (DISK_CODES.has(code)) return 'disk';
  if (NETWORK_CODES.has(code)) return dependency;
  if (/^[0-9A-Z]{5}$/.test(code) && isPostgresOutage(code)) return dependency;
  if (error.name === 'MaxRetriesPerRequestError') return dependency;
  if (OUTAGE_MESSAGES.some((pattern) => pattern.test(error.message))) return dependency;
  const cause = (error as { cause?: unknown }).cause;
  return cause ? unavailableDependency(cause, dependency) : null;
}

/** The typed outage error for a driver's failure, or the failure itself when it is something else. */
export function asDependencyError(error: unknown, dependency: Dependency): unknown {
  if (error instanceof DependencyUnavailableError) return error;
  const failed = unavailableDependency(error, dependency);
  return failed ? new DependencyUnavailableError(failed, { cause: error }) : error;
}

/** Runs a driver call, translating an outage into `DependencyUnavailableError`. */
export async function guarded<T>(dependency: Dependency, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asDependencyError(error, dependency);
  }
}
