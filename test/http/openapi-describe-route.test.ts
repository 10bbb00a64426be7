import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeRoute } from '../../src/http/openapi/document.ts';

const operation = {
  tags: ['public'],
  summary: 'Service health',
  operationId: 'getHealth',
  description: 'Whether the service answers, with its version and clock.',
  security: [],
};

describe('the OpenAPI document is generated from the routes alone', () => {
  test('a documented route keeps what its schema says, under its path without /v1', () => {
    const described = describeRoute({ schema: operation, url: '/v1/health', route: { method: 'GET' } });
    assert.deepEqual(described, { schema: operation, url: '/health' });
  });

  test('a documented route whose schema leaves out part of its operation stops the document', () => {
    const { operationId: _id, security: _security, ...partial } = operation;
    assert.throws(
      () => describeRoute({ schema: partial, url: '/v1/health', route: { method: 'GET' } }),
      /the schema of GET \/v1\/health has no operationId, security/,
    );
  });

  test('a hidden route needs no operation text', () => {
    const described = describeRoute({
      schema: { hide: true },
      url: '/v1/openapi.json',
      route: { method: 'GET' },
    });
    assert.deepEqual(described, { schema: { hide: true }, url: '/openapi.json' });
  });
});
