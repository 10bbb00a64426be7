import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { DATA_METRICS, type DataMetric } from '../../../domain/coverage/vocabulary.ts';
import { apiError } from '../../../domain/errors/catalogue.ts';
import { findScale, listScaleSummaries, listViews } from '../../../domain/scales/index.ts';
import { ScaleListSchema, ScaleSchema } from '../../../domain/scales/types.ts';
import { literalUnion } from '../../../domain/schemas/literal-union.ts';
import { publicResourceCaching } from '../../cache-headers.ts';
import { ifNoneMatchHits } from '../../if-none-match.ts';
import { KEY_OPTIONAL } from '../../openapi/access.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { V1App } from '../types.ts';

const MetricQuery = Type.Object(
  { metric: Type.Optional(literalUnion(DATA_METRICS)) },
  { additionalProperties: false },
);

/**
 * The scale documents never change while the process runs: each variant is serialised
 * and UTF-8 encoded once, with its ETag, so a request writes ready bytes (the labels hold
 * non-ASCII text, which would otherwise be measured and encoded again on every answer).
 */
function precomputed(metric: DataMetric | undefined): { body: Buffer; etag: string } {
  const body = Buffer.from(JSON.stringify({ views: listViews(metric), scales: listScaleSummaries(metric) }));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}

/** `a`, `b` or `c`: the metrics as the description lists them */
function metricList(metrics: readonly string[]): string {
  const quoted = metrics.map((metric) => `\`${metric}\``);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

export function registerScales(app: V1App): void {
  const variants = new Map(
    [undefined, ...DATA_METRICS].map((metric) => [metric ?? 'all', precomputed(metric)]),
  );

  app.get(
    '/scales',
    {
      schema: {
        tags: ['public'],
        summary: 'Views and scale summaries',
        operationId: 'listScales',
        description: `Views and scale summaries, optionally for one \`metric\` (${metricList(DATA_METRICS)}; any other value is \`400 validation_error\`). Served with \`Cache-Control: public, max-age=3600\` and an ETag; a revalidation answers 304 with no body.`,
        security: KEY_OPTIONAL,
        querystring: MetricQuery,
        response: {
          200: ScaleListSchema,
          304: Type.Null({ description: 'Not modified' }),
          ...problemResponses(400, 401, 403, 429),
        },
      },
    },
    // synchronous: the answer is ready bytes, and returning the (thenable) reply from an
    // async handler would cost promise turns on every request for nothing
    (request, reply) => {
      const variant = variants.get(request.query.metric ?? 'all')!;
      // the same bytes for every caller, key or not: publicly cacheable (spec: GET /scales)
      publicResourceCaching(reply, false);
      reply.header('etag', variant.etag);
      if (ifNoneMatchHits(request.headers['if-none-match'], variant.etag)) {
        (reply as FastifyReply).code(304).send();
        return;
      }
      // pre-serialised bytes (a Buffer skips the serializer): the schema still documents
      // the shape and a test checks it
      (reply as FastifyReply).type('application/json; charset=utf-8').send(variant.body);
    },
  );

  app.get(
    '/scales/:scale',
    {
      schema: {
        tags: ['public'],
        summary: 'One classification scale in full',
        operationId: 'getScale',
        description:
          'One classification scale in full: classes, colours and bounds. An unknown id is `404 not_found`.',
        security: KEY_OPTIONAL,
        // no length rule: an id of any length that names no scale is 404
        params: Type.Object({ scale: Type.String() }),
        response: { 200: ScaleSchema, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const scale = findScale(request.params.scale);
      if (!scale)
        throw apiError(
          'not_found',
          `No scale '${request.params.scale.slice(0, 100)}'. GET /v1/scales lists them.`,
        );
      publicResourceCaching(reply, false);
      return scale;
    },
  );
}
