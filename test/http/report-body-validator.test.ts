import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type TSchema, Type } from 'typebox';
import { ApiError } from '../../src/domain/errors/catalogue.ts';
import { reportBodyValidator } from '../../src/http/routes/reports/body-validator.ts';
import { ReportBodySchema } from '../../src/services/reports/request.ts';

/** The POST /reports body validator on its own: what the route's schema check does and says. */
const compile = (schema: TSchema = ReportBodySchema) =>
  reportBodyValidator({ schema, method: 'POST', url: '/v1/reports', httpPart: 'body' }) as (
    body: unknown,
  ) => true | { error: unknown };

test('a valid body passes untouched: no default radius or language is written in', () => {
  const body = { lat: 50.8467, lon: 4.3525 };
  assert.equal(compile()(body), true);
  assert.deepEqual(body, { lat: 50.8467, lon: 4.3525 });
});

test('no coercion: a number sent as a string is refused in the report parser’s words', () => {
  const result = compile()({ lat: '50.8467', lon: 4.3525 });
  assert.ok(result !== true && result.error instanceof ApiError);
  assert.equal(result.error.code, 'validation_error');
  assert.match(result.error.detail, /^lat must be a JSON number .*\(a number, not a string\)\.$/);
});

test('a JSON null reads as an absent field, as the report parser reads it', () => {
  assert.equal(compile()({ lat: 50.8467, lon: 4.3525, radius: null, lang: null, address: null }), true);
});

test('the schema checks: a radius out of range is refused by it, not left to the service', () => {
  const result = compile()({ lat: 50.8467, lon: 4.3525, radius: 60 });
  assert.ok(result !== true && result.error instanceof ApiError);
  assert.equal(result.error.detail, 'radius must be a number from 5 to 50 metres.');
});

test('a schema stricter than the parser has the last word, with its own errors', () => {
  // no such schema serves the route; this shows the parser cannot wave through what the schema refuses
  const stricter = Type.Object({ lat: Type.Number({ maximum: 60 }), lon: Type.Number() });
  const result = compile(stricter)({ lat: 70, lon: 4.3525 });
  assert.ok(result !== true && Array.isArray(result.error));
  assert.equal(result.error[0].instancePath, '/lat');
  assert.equal(result.error[0].keyword, 'maximum');
});

test('it serves bodies only', () => {
  assert.throws(
    () =>
      reportBodyValidator({
        schema: ReportBodySchema,
        method: 'POST',
        url: '/v1/reports',
        httpPart: 'querystring',
      }),
    /checks a body, not querystring/,
  );
});
