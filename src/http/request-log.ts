/**
 * What the request log (Fastify's "incoming request" and "request completed" lines) says
 * about a request: its method, the route template it matched and the names of its query
 * parameters — never the URL, a path parameter's or a query parameter's value, or a
 * header. Those carry addresses, coordinates and API keys (`?address=…`, `?lat=…`,
 * `?key=…` on signed tile URLs, `X-API-Key`), which docs/geocoding.md promises never reach a log.
 * A name the route does not declare is counted, not written: a client can put anything
 * in a name, including a key or an address.
 */
// a type, not an interface: Fastify's logger option wants an object with an index signature
export type RequestLogFields = {
  method: string;
  /** the route template (`/v1/historical/stats`, `/v1/cities/:id`), or `unmatched` */
  route: string;
  /** the declared query parameters present, by name */
  params?: string[];
  /** how many query parameter names the route does not declare */
  undeclared_params?: number;
};

type Schema = Record<string, unknown> | undefined;

/**
 * What the log reads of a request: a FastifyRequest has it all; Fastify's logger types its
 * serializer's argument as the raw Node.js request, which has only the method (the object
 * handed over at run time is Fastify's request).
 */
export interface LoggedRequest {
  method?: string;
  readonly query?: unknown;
  routeOptions?: { url?: string; schema?: { querystring?: unknown } };
}

/** What the log reads of a reply (a FastifyReply, or the raw response its logger types). */
export interface LoggedReply {
  statusCode: number;
  request?: { routeOptions?: { url?: string } };
}

const declaredNamesBySchema = new WeakMap<object, ReadonlySet<string>>();

/** Property names of a querystring schema, through its unions and intersections. */
function declaredNames(schema: Schema, depth = 0): Set<string> {
  const names = new Set<string>();
  if (!schema || typeof schema !== 'object' || depth > 4) return names;
  const properties = schema.properties;
  if (properties && typeof properties === 'object')
    for (const name of Object.keys(properties)) names.add(name);
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches)
      for (const name of declaredNames(branch as Schema, depth + 1)) names.add(name);
  }
  return names;
}

function declaredFor(request: LoggedRequest): ReadonlySet<string> {
  const querystring = request.routeOptions?.schema?.querystring;
  const schema =
    typeof querystring === 'object' && querystring !== null ? (querystring as Schema) : undefined;
  if (!schema) return new Set();
  let names = declaredNamesBySchema.get(schema);
  if (!names) {
    names = declaredNames(schema);
    declaredNamesBySchema.set(schema, names);
  }
  return names;
}

export function requestLogFields(request: LoggedRequest): RequestLogFields {
  const fields: RequestLogFields = {
    method: request.method ?? 'UNKNOWN',
    route: request.routeOptions?.url ?? 'unmatched',
  };
  let names: string[];
  try {
    const query = request.query;
    names = query && typeof query === 'object' ? Object.keys(query) : [];
  } catch {
    // a URL the router could not parse: nothing more to say about it
    return fields;
  }
  if (names.length === 0) return fields;
  const declared = declaredFor(request);
  const present = names.filter((name) => declared.has(name));
  if (present.length > 0) fields.params = present;
  if (present.length < names.length) fields.undeclared_params = names.length - present.length;
  return fields;
}

/** The request log's `res`: the status and, so that one line says what was answered, the route. */
export function replyLogFields(reply: LoggedReply): { statusCode: number; route: string } {
  return { statusCode: reply.statusCode, route: reply.request?.routeOptions?.url ?? 'unmatched' };
}

/** The request logger's serializers: Fastify hands them its request and reply. */
export const requestLogSerializers = {
  req: (request: LoggedRequest) => requestLogFields(request),
  res: (reply: LoggedReply) => replyLogFields(reply),
};
