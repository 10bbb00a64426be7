import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';
import type { Telemetry } from '../../services/ports/telemetry-port.ts';
import { secondsSince } from './seconds-since.ts';

const INSTRUMENTED = Symbol('svc.telemetry');

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

/**
 * The database dialect with each query timed (svc_db_query_seconds), traced (a `db.<op>`
 * span, without the SQL text or its parameters) and SQLITE_BUSY failures counted. The
 * driver's connections are patched in place once, so Kysely's pooling and transactions
 * see the very objects they handed out.
 */
export function instrumentDialect(
  dialect: Dialect,
  system: 'sqlite' | 'postgresql',
  telemetry: Telemetry,
): Dialect {
  const { metrics, tracing } = telemetry;
  if (!metrics.enabled && !tracing.enabled) return dialect;

  function patch(connection: DatabaseConnection): DatabaseConnection {
    const marked = connection as DatabaseConnection & { [INSTRUMENTED]?: true };
    if (marked[INSTRUMENTED]) return connection;
    marked[INSTRUMENTED] = true;
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = <R>(compiled: CompiledQuery) => {
      const operation = OPERATIONS[compiled.query.kind] ?? 'other';
      const started = process.hrtime.bigint();
      const run = async () => {
        try {
          const result = await execute<R>(compiled);
          metrics.observe('svc_db_query_seconds', secondsSince(started), { operation, outcome: 'ok' });
          return result;
        } catch (error) {
          metrics.observe('svc_db_query_seconds', secondsSince(started), { operation, outcome: 'error' });
          const code = (error as { code?: unknown } | null)?.code;
          if (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
            metrics.count('svc_sqlite_busy_total', {});
          throw error;
        }
      };
      return tracing.enabled
        ? tracing.inSpan(`db.${operation}`, { 'db.system.name': system, 'db.operation.name': operation }, run)
        : run();
    };
    return connection;
  }

  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => patch(await acquire());
      return driver;
    },
  };
}
