import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ReportJobSchema } from '../../../services/reports/job-view-schema.ts';
import { assertJobId, ReportAcceptedSchema, ReportBodySchema } from '../../../services/reports/request.ts';
import type { ReportService } from '../../../services/reports/service.ts';
import { KEY_REQUIRED } from '../../openapi/access.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { FeatureRoutes, V1App } from '../types.ts';
import { reportBodyValidator } from './body-validator.ts';

const JobParams = Type.Object({ job_id: Type.String({ maxLength: 100 }) });

export function reportRoutes(service: ReportService): FeatureRoutes {
  return { keyed: [registerReports(service)], open: [] };
}

function registerReports(service: ReportService) {
  return (app: V1App) => {
    app.post(
      '/reports',
      {
        config: { product: 'reports' },
        schema: {
          tags: ['reports'],
          summary: 'Order an Environmental Intelligence Report (asynchronous)',
          operationId: 'createReport',
          description:
            'Orders an Environmental Intelligence Report, generated asynchronously; poll `links.status` until `status` is `completed`, then download the files. Key with product `reports`. Body: either `address` or both `lat` and `lon` (JSON numbers), `radius` 5 to 50 metres (default 10), `lang` `en`, `fr` or `nl` (default `en`). Any location in Belgium is accepted; elsewhere `422 outside_coverage` and no work starts. Each accepted request counts against the daily report quota (`429 quota_exceeded` when used up). Files are kept 30 days.',
          security: KEY_REQUIRED,
          body: ReportBodySchema,
          response: { 202: ReportAcceptedSchema, ...problemResponses(400, 401, 403, 422, 429, 502, 504) },
        },
        // the schema without coercion or defaults, refusals in the report parser's words
        validatorCompiler: reportBodyValidator,
      },
      async (request, reply) => {
        const key = requireKey(request);
        const accepted = await service.submit({
          keyId: key.id,
          reportsPerDay: key.reportsPerDay,
          scope: key,
          body: request.body,
          requestId: request.id,
        });
        return (reply as FastifyReply).code(202).send(accepted);
      },
    );

    app.get(
      '/reports/:job_id',
      {
        config: { product: 'reports' },
        schema: {
          tags: ['reports'],
          summary: 'A report job and its files',
          operationId: 'getReport',
          description:
            'A report job: `processing` (stage `queued`, `running` or `delivering`), `completed` (with `files`, `address`, `lang`, `expires_in_days`; `pdf_pending: true` while the PDF is still rendered on later polls) or `failed` (with `detail`). Key with product `reports`. `job_id` is a lowercase UUID v4; a malformed id is `400 validation_error`.',
          security: KEY_REQUIRED,
          params: JobParams,
          response: { 200: ReportJobSchema, ...problemResponses(400, 401, 403, 404, 429, 502, 504) },
        },
      },
      async (request, reply) => {
        assertJobId(request.params.job_id);
        reply.header('cache-control', 'no-store');
        return service.get(requireKey(request).id, request.params.job_id);
      },
    );

    app.get(
      '/reports/:job_id/download',
      {
        config: { product: 'reports' },
        schema: {
          tags: ['reports'],
          summary: 'Download a generated report file',
          operationId: 'downloadReport',
          description:
            'The generated file as an attachment named `SVC_Report_{slug}.{html|pdf}`: `format=html` is a self-contained `text/html` page, `format=pdf` an A4 `application/pdf`. Key with product `reports`. `404 not_found` when the job is unknown, the file is not generated yet, or it expired after 30 days.',
          security: KEY_REQUIRED,
          params: JobParams,
          querystring: Type.Object(
            { format: Type.Union([Type.Literal('html'), Type.Literal('pdf')]) },
            { additionalProperties: false },
          ),
          response: {
            200: {
              description:
                'The file, as an attachment named SVC_Report_{slug}.{html|pdf} (Content-Disposition)',
              content: {
                'text/html': { schema: Type.String({ description: 'self-contained HTML page' }) },
                'application/pdf': { schema: Type.String({ format: 'binary', description: 'A4 PDF' }) },
              },
            },
            ...problemResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (request, reply) => {
        assertJobId(request.params.job_id);
        const file = await service.download(
          requireKey(request).id,
          request.params.job_id,
          request.query.format,
        );
        return (reply as FastifyReply)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'private, no-store')
          .type(file.contentType)
          .send(file.body);
      },
    );
  };
}
