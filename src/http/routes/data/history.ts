import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { csvHeader, csvRow, type HistoryFormat } from '../../../domain/data/history-records.ts';
import type { HistoryAnswer, HistoryService } from '../../../services/data/history.ts';
import { KEY_REQUIRED } from '../../openapi/access.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import { LOCATION_RULES } from '../../schemas/data-query.ts';
import { HistoryQuerySchema, HistoryResponseSchema } from '../../schemas/history.ts';
import type { V1App } from '../types.ts';

const CONTENT_TYPES: Record<HistoryFormat, string> = {
  json: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** the answer's text, produced a day of records at a time */
async function* encode(answer: HistoryAnswer, format: HistoryFormat): AsyncGenerator<string> {
  const head = JSON.stringify(answer.envelope);
  if (format === 'json') yield `${head.slice(0, -1)},"hourly":[`;
  if (format === 'ndjson') yield `${head}\n`;
  let first = true;
  let columns: string[] | null = null;
  for await (const day of answer.records()) {
    if (format === 'csv') {
      if (columns === null && day[0]) {
        columns = Object.keys(day[0]);
        yield csvHeader(columns);
      }
      yield day.map((record) => csvRow(record, columns!)).join('');
    } else if (format === 'ndjson') yield day.map((record) => `${JSON.stringify(record)}\n`).join('');
    else if (day.length > 0) {
      yield `${first ? '' : ','}${day.map((record) => JSON.stringify(record)).join(',')}`;
      first = false;
    }
  }
  if (format === 'json') yield ']}';
}

/** GET /history (issue #50): hourly records of a past range, streamed, gzip when accepted. */
export function registerHistoryRoute(app: V1App, service: HistoryService): void {
  app.get(
    '/history',
    {
      config: { product: 'realtime' },
      schema: {
        tags: ['data'],
        operationId: 'getHistory',
        summary: 'Hourly records of a past range',
        description: `Hourly records from \`from\` to \`to\` (ISO 8601 UTC hours, both included, at most 31 days apart) with the real-time records' fields, each tagged \`basis\`: \`observed\`, \`assimilated\` or \`synthetic\`; \`meta.sources\` says which inputs stand behind them and \`meta.kept\` what history the place has. Key with product \`realtime\`. ${LOCATION_RULES} \`radius\` is 5 to 50 metres, default 10. Served from the stored feed readings (\`FEED_RETENTION_DAYS\` back to the latest observed hour) and a backfilled reference year; a range reaching other hours is \`400 validation_error\` saying what is kept; outside coverage \`422\` as for \`GET /realtime\`. \`format\`: \`json\` (default), \`ndjson\` (the envelope on the first line, then a record a line) or \`csv\` (a header row, then a record a row). Streamed, gzip-compressed when \`Accept-Encoding\` allows. Beyond the specification.`,
        security: KEY_REQUIRED,
        querystring: HistoryQuerySchema,
        response: { 200: HistoryResponseSchema, ...problemResponses(400, 401, 403, 422, 429, 502, 504) },
      },
    },
    async (request, reply) => {
      const answer = await service.history(requireKey(request), request.query);
      const format = request.query.format ?? 'json';
      const text = Readable.from(encode(answer, format));
      reply.header('cache-control', 'private, max-age=300');
      reply.header('vary', 'accept-encoding');
      reply.type(CONTENT_TYPES[format]);
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const gzip = /\bgzip\b/.test(accepts);
      if (gzip) reply.header('content-encoding', 'gzip');
      // a stream skips the serializer (the schema above documents the JSON it writes); the
      // typed reply only knows the JSON body
      let stream: NodeJS.ReadableStream = text;
      if (gzip) {
        // a failure mid-way ends the compressed stream too (the client sees a cut answer)
        const zipped = createGzip();
        pipeline(text, zipped, () => {});
        stream = zipped;
      }
      const body = stream as unknown as never;
      return reply.send(body);
    },
  );
}
