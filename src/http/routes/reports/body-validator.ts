import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import { ApiError } from '../../../domain/errors/catalogue.ts';
import { parseReportRequest } from '../../../services/reports/request.ts';

/**
 * The validator of POST /reports' body: the route's own schema (ReportBodySchema),
 * compiled by TypeBox rather than the app's Ajv for two reasons:
 * - no type coercion: the app's Ajv coerces (`coerceTypes: 'array'`, which query strings
 *   need), and would read "50.8" as 50.8 where a report refuses a string;
 * - no defaults written in: Ajv would put the schema's `radius: 10` into the body, and the
 *   report service tells a radius the caller chose from the default (`radiusGiven`).
 * A JSON null reads as an absent field, as the report service's parser has always read it.
 * A refused body answers with that parser's sentence (one per field, saying how to fix
 * it), so the answers stay those of test/http/reports-body.test.ts. The location rule
 * (address, or lat and lon, not both) is not in the schema; the parser checks it when the
 * service receives the body.
 */
export const reportBodyValidator: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  if (httpPart !== 'body') throw new Error(`reportBodyValidator checks a body, not ${httpPart}`);
  const validator = Compile(schema);
  return (body: unknown) => {
    if (validator.Check(withoutNulls(body))) return true;
    try {
      parseReportRequest(body);
    } catch (error) {
      if (error instanceof ApiError) return { error };
      throw error;
    }
    // the parser took what the schema refused: the schema decides, in the app's own words
    // (src/http/problem.ts reads these as it reads Ajv's)
    return { error: validator.Errors(body).map(asFastifyError) };
  };
};

/** a TypeBox error in the shape Fastify's validation errors (Ajv's) have */
function asFastifyError(error: TLocalizedValidationError): FastifySchemaValidationError {
  return {
    keyword: error.keyword,
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    params: { ...error.params },
    message: error.message,
  };
}

function withoutNulls(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}
