import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { asDependencyError, guarded } from '../faults/classify.ts';

/**
 * Wraps a Kysely dialect so that every way a query can fail because the database is
 * down, full or locked (refused connection, connection lost mid-query, timeout, disk
 * full) reaches the caller as `DependencyUnavailableError('database' | 'disk')`, while
 * errors about the query itself pass through unchanged. The one place the store layer
 * translates driver outages, so no repository needs its own try/catch.
 */
export function guardedDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => new GuardedDriver(inner.createDriver()),
  };
}

class GuardedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return guarded('database', () => this.inner.executeQuery<R>(query));
  }
  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw asDependencyError(error, 'database');
    }
  }
}

const innerOf = (connection: DatabaseConnection) =>
  connection instanceof GuardedConnection ? connection.inner : connection;

type Compile = QueryCompiler['compileQuery'];

class GuardedDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init() {
    return guarded('database', () => this.inner.init());
  }
  async acquireConnection() {
    return new GuardedConnection(await guarded('database', () => this.inner.acquireConnection()));
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return guarded('database', () => this.inner.beginTransaction(innerOf(connection), settings));
  }
  commitTransaction(connection: DatabaseConnection) {
    return guarded('database', () => this.inner.commitTransaction(innerOf(connection)));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return guarded('database', () => this.inner.rollbackTransaction(innerOf(connection)));
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    await guarded('database', async () => this.inner.savepoint?.(innerOf(connection), name, compile));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    await guarded('database', async () =>
      this.inner.rollbackToSavepoint?.(innerOf(connection), name, compile),
    );
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    await guarded('database', async () => this.inner.releaseSavepoint?.(innerOf(connection), name, compile));
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}
