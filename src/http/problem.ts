import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, apiError, type ErrorCode } from '../domain/errors/catalogue.ts';
import { DECIMAL_PATTERN } from './schemas/data-query.ts';

export interface ProblemDocument {
  type: string;
  code: string;
  title: string;
  status: number;
  detail: string;
  request_id: string;
}

export function problemDocument(error: ApiError, requestId: string, docsUrl: string): ProblemDocument {
  return {
    type: `${docsUrl}/errors#${error.code}`,
    code: error.code,
    title: error.title,
    status: error.status,
    detail: error.detail,
    request_id: requestId,
  };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: ApiError, docsUrl: string) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.status)
    .type('application/problem+json')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(problemDocument(error, request.id, docsUrl));
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
  validation?: Array<{
    instancePath?: string;
    message?: string;
    params?: Record<string, unknown>;
    keyword?: string;
  }>;
  validationContext?: string;
}

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'Query parameter',
  params: 'Path parameter',
  body: 'Body field',
  headers: 'Header',
};

const TYPE_NAMES: Record<string, string> = {
  integer: 'a whole number, e.g. 3',
  number: 'a number written with a decimal point, e.g. 50.8467',
  string: 'a string',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
};

const characters = (limit: unknown) => `${limit} character${Number(limit) === 1 ? '' : 's'}`;

/** The values an enum, a const or a union of them admits, from every branch's error. */
function allowedValues(errors: NonNullable<FastifyLikeError['validation']>, instancePath: string): string[] {
  const values = new Set<string>();
  for (const e of errors) {
    if ((e.instancePath ?? '') !== instancePath) continue;
    const params = e.params ?? {};
    if (e.keyword === 'const') values.add(String(params.allowedValue));
    if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      for (const value of params.allowedValues) values.add(String(value));
    }
  }
  return [...values];
}

/** A readable sentence naming the parameter that failed schema validation, and how to fix it. */
function validationDetail(error: FastifyLikeError): string {
  const first = error.validation?.[0];
  if (!first) return error.message ?? 'The request is invalid.';
  const context = CONTEXT_NAMES[error.validationContext ?? ''] ?? 'Parameter';
  const path = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const params = first.params ?? {};
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : undefined;
  const extra = typeof params.additionalProperty === 'string' ? params.additionalProperty : undefined;
  if (missing) return `${context} '${path ? `${path}.` : ''}${missing}' is required.`;
  if (extra) return `${context} '${extra}' is not allowed.`;
  if (!path) return `${context}s are invalid: ${first.message ?? 'malformed'}.`;
  const name = `${context} '${path}'`;
  if (first.keyword === 'type' && params.type !== 'array' && error.validationContext === 'querystring') {
    return `${context} '${path.split('.')[0]}' must be given once and be ${TYPE_NAMES[String(params.type)] ?? params.type}.`;
  }
  if (first.keyword === 'type') return `${name} must be ${TYPE_NAMES[String(params.type)] ?? params.type}.`;
  if (first.keyword === 'const' || first.keyword === 'enum' || first.keyword === 'anyOf') {
    const allowed = allowedValues(error.validation ?? [], first.instancePath ?? '');
    if (allowed.length > 0) return `${name} must be one of: ${allowed.join(', ')}.`;
  }
  if (first.keyword === 'pattern' && params.pattern === DECIMAL_PATTERN) {
    return `${name} must be a decimal number written with a point, e.g. ${path}=50.8467 (not 50,8467).`;
  }
  if (first.keyword === 'minLength') {
    return Number(params.limit) <= 1
      ? `${name} must not be empty.`
      : `${name} must be at least ${characters(params.limit)}.`;
  }
  if (first.keyword === 'maxLength') return `${name} must be at most ${characters(params.limit)}.`;
  if (first.keyword === 'minimum') return `${name} must be at least ${params.limit}.`;
  if (first.keyword === 'maximum') return `${name} must be at most ${params.limit}.`;
  if (first.keyword === 'format') return `${name} must be a valid ${params.format}.`;
  return `${name} ${first.message ?? 'is invalid'}.`;
}

/**
 * Maps any error reaching the HTTP layer to one of the catalogue's codes. Framework
 * errors about the request (malformed JSON, wrong content type, oversized body, bad
 * parameters) become 4xx; only a genuine bug becomes a 500.
 */
export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as FastifyLikeError;
  if (e.validation) return apiError('validation_error', validationDetail(e));
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return apiError('validation_error', 'Unsupported Content-Type: send the body as application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return apiError('validation_error', 'The Content-Length header does not match the body.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return apiError('validation_error', 'The request body is too large (at most 16 KiB).');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return apiError('validation_error', 'The JSON body is empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return apiError('validation_error', 'The body is not valid JSON.');
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return apiError('validation_error', 'The request URL is malformed.');
    default:
      break;
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    const byStatus: Record<number, ErrorCode> = {
      401: 'unauthorized',
      403: 'forbidden',
      404: 'not_found',
      429: 'rate_limited',
    };
    const code = byStatus[e.statusCode] ?? 'validation_error';
    if (e instanceof SyntaxError || e.code?.startsWith('FST_ERR_CTP')) {
      return apiError('validation_error', 'The request body could not be parsed.');
    }
    return apiError(code, code === 'validation_error' ? 'The request is malformed.' : (e.message ?? code));
  }
  return null;
}
