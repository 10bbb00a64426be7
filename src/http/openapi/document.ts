import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { DECIMAL_PATTERN } from '../schemas/data-query.ts';

/**
 * The OpenAPI document is generated from the routes alone: each route's schema (TypeBox)
 * carries its parameters, bodies and responses, and its operation's id, summary,
 * description, tags and security (http/openapi/access.ts). This module adds what is the
 * same for every operation: the tags' descriptions, the problem media type, the error
 * statuses' descriptions, and names. Every titled schema becomes a named component, so a
 * generated client has `Problem`, `CityEntry`, `ReportJob`... instead of anonymous copies.
 */

type Json = Record<string, unknown>;

const TAGS = [
  { name: 'public', description: 'No key needed: health, covered cities, classification scales.' },
  { name: 'keys', description: 'The presented API key.' },
  { name: 'geocode', description: 'Address search with coverage.' },
  { name: 'data', description: 'Annual statistics, live and forecast hourly records for a location.' },
  { name: 'reports', description: 'Environmental Intelligence Reports (asynchronous, HTML and PDF).' },
  { name: 'map', description: 'Map catalog, TileJSON and signed vector tiles.' },
  { name: 'alerts', description: 'Threshold subscriptions on a place, delivered as signed webhooks.' },
];

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'validation_error: a parameter or the body is missing or malformed; `detail` says how to fix it',
  '401': 'unauthorized (no or unknown key, unsigned URL, failed signature) or url_expired',
  '403': 'forbidden: the key may not do this (type, origin, scope, product, metric, deactivated or expired)',
  '404': 'not_found',
  '422': 'outside_coverage or product_unavailable: the location is not served',
  '429': 'rate_limited (see Retry-After) or quota_exceeded',
  '502': 'upstream_error: a dependency failed; retry later',
  '503': 'upstream_unavailable: a dependency is unavailable; retry later',
  '504': 'upstream_timeout: a dependency took too long; a retry resumes the work done',
};

/** what a documented route's schema must say of its operation, beyond its shapes */
const OPERATION_FIELDS = ['operationId', 'summary', 'description', 'tags', 'security'] as const;

/** Per route: hidden routes stay out; a documented one must describe its operation in full. */
export function describeRoute({
  schema,
  url,
  route,
}: {
  schema: Json | undefined;
  url: string;
  route: { method: string | string[] };
}): { schema: Json; url: string } {
  const path = url.replace(/^\/v1/, '');
  const base: Json = { ...(schema ?? {}) };
  if (base.hide) return { schema: base, url: path };
  const missing = OPERATION_FIELDS.filter((field) => base[field] === undefined);
  if (missing.length > 0) {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(`OpenAPI: the schema of ${method} ${url} has no ${missing.join(', ')}`);
  }
  return { schema: base, url: path };
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Replaces every titled schema by a reference to `components.schemas[title]`, innermost first. */
function nameSchemas(node: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => nameSchemas(item, components));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // `properties` maps names to schemas: a property called `title` is not a schema title
    out[key] =
      key === 'properties' && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, nameSchemas(sub, components)]))
        : nameSchemas(value, components);
  }
  const title = out.title;
  if (typeof title !== 'string' || !('type' in out || 'anyOf' in out || 'oneOf' in out)) return out;
  const existing = components[title];
  if (existing && JSON.stringify(existing) !== JSON.stringify(out)) {
    throw new Error(`OpenAPI: two different schemas are titled '${title}'`);
  }
  components[title] = out;
  return { $ref: `#/components/schemas/${title}` };
}

/** Numbers read from the query (a decimal-pattern string) are documented as numbers. */
function numericParameters(operation: Json): void {
  for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
    const schema = parameter.schema as Json | undefined;
    if (schema?.pattern === DECIMAL_PATTERN) parameter.schema = { type: 'number' };
  }
}

function successDescription(response: Json): string {
  const content = Object.values((response.content as Record<string, Json> | undefined) ?? {});
  const title = (content[0]?.schema as Json | undefined)?.title;
  return typeof title === 'string' ? `OK: ${title}` : 'OK';
}

function isProblemSchema(schema: Json | undefined): boolean {
  if (!schema) return false;
  return schema.title === 'Problem' || (typeof schema.$ref === 'string' && schema.$ref.endsWith('/Problem'));
}

/** Error responses are problem documents, served as application/problem+json. */
function problemMediaTypes(operation: Json): void {
  const responses = (operation.responses as Record<string, Json> | undefined) ?? {};
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) < 400) {
      // Fastify's placeholder says nothing: name what a success carries
      if (response.description === 'Default Response') response.description = successDescription(response);
      continue;
    }
    const content = response.content as Record<string, Json> | undefined;
    const json = content?.['application/json'];
    if (json && !isProblemSchema(json.schema as Json | undefined)) {
      // an error status with its own body (readiness' per-dependency breakdown) stays JSON
      if (response.description === 'Default Response') {
        response.description = successDescription(response).replace(/^OK/, 'Unavailable');
      }
      continue;
    }
    if (json) response.content = { 'application/problem+json': json };
    response.description = ERROR_RESPONSES[status] ?? String(response.description ?? 'problem document');
  }
}

export function finishDocument(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      numericParameters(operation);
      problemMediaTypes(operation);
    }
  }
  const components = (document.components ?? {}) as Json;
  const schemas: Record<string, unknown> = { ...((components.schemas as Json | undefined) ?? {}) };
  const named = nameSchemas(paths, schemas);
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return { ...document, tags: TAGS, paths: named, components: { ...components, schemas: sorted } };
}

export function openApiOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'svc-api: environmental intelligence for Belgium',
        version,
        description:
          'Air quality, pedestrian wind comfort and thermal comfort for any place in Belgium, street by street in Brussels. Errors are RFC 9457 problem documents (`application/problem+json`); branch on `code`.',
        contact: { name: 'svc-api operator' },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/v1' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'X-API-Key: <API_KEY>' },
        },
      },
    },
    transform: ({ schema, url, route }) => describeRoute({ schema: schema as Json | undefined, url, route }),
    transformObject: (documentObject) =>
      finishDocument(('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Json),
  };
}
