import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asDependencyError, unavailableDependency } from '../../src/adapters/faults/classify.ts';
import { DependencyUnavailableError } from '../../src/domain/errors/dependency.ts';
import { translateFailure } from '../../src/domain/errors/translate.ts';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

test('driver outages become DependencyUnavailableError naming the dependency', () => {
  assert.equal(
    unavailableDependency(coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'database'),
    'database',
  );
  assert.equal(
    unavailableDependency(new Error('Connection terminated unexpectedly'), 'database'),
    'database',
  );
  assert.equal(
    unavailableDependency(new Error('timeout exceeded when trying to connect'), 'database'),
    'database',
  );
  assert.equal(
    unavailableDependency(coded('terminating connection due to administrator command', '57P01'), 'database'),
    'database',
  );
  assert.equal(
    unavailableDependency(coded('canceling statement due to statement timeout', '57014'), 'database'),
    'database',
  );
  assert.equal(
    unavailableDependency(
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      'redis',
    ),
    'redis',
  );
  assert.equal(unavailableDependency(new Error('Command timed out'), 'redis'), 'redis');
  assert.equal(unavailableDependency(coded('database or disk is full', 'SQLITE_FULL'), 'database'), 'disk');
  assert.equal(
    unavailableDependency(coded('attempt to write a readonly database', 'SQLITE_READONLY'), 'database'),
    'disk',
  );
  assert.equal(unavailableDependency(coded('database is locked', 'SQLITE_BUSY'), 'database'), 'database');
  assert.equal(unavailableDependency(coded('no space left on device', 'ENOSPC'), 'database'), 'disk');
  const wrapped = asDependencyError(coded('x', 'ECONNRESET'), 'redis');
  assert.ok(wrapped instanceof DependencyUnavailableError);
  assert.equal(wrapped.dependency, 'redis');
  assert.equal((wrapped.cause as Error).message, 'x', 'the driver error stays as the cause, for the logs');
});

test('errors about the query itself pass through unchanged', () => {
  const syntax = coded('syntax error at or near "selec"', '42601');
  assert.equal(asDependencyError(syntax, 'database'), syntax);
  const unique = coded('UNIQUE constraint failed: api_keys.id', 'SQLITE_CONSTRAINT_PRIMARYKEY');
  assert.equal(asDependencyError(unique, 'database'), unique);
  const bug = new TypeError('cannot read properties of undefined');
  assert.equal(asDependencyError(bug, 'database'), bug);
});

test('the one failure translation answers 503 upstream_unavailable with Retry-After', () => {
  for (const dependency of ['database', 'redis', 'disk', 'queue'] as const) {
    const problem = translateFailure(new DependencyUnavailableError(dependency));
    assert.ok(problem);
    assert.equal(problem.status, 503);
    assert.equal(problem.code, 'upstream_unavailable');
    assert.ok(Number(problem.headers['Retry-After']) > 0);
  }
});
