import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { REPORT_LANGS } from '../../domain/reports/i18n/index.ts';
import { literalUnion } from '../../domain/schemas/literal-union.ts';

/**
 * A report job as GET /reports/{job_id} shows it, written once. The service's type is the
 * tagged union of the three states (the spec's state table); the document publishes one
 * flat object whose fields other than `job_id` and `status` are all optional, so the flat
 * schema is assembled from the states' own fields rather than written beside them: a field
 * added to a state appears in the document, and a state's type cannot drift from it.
 */
const jobId = Type.String({ format: 'uuid' });
const processing = Type.Literal('processing');
const completed = Type.Literal('completed');
const failed = Type.Literal('failed');

const FileLinkSchema = Type.Object({ url: Type.String() });

const processingFields = {
  stage: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('delivering')]),
};
const completedFields = {
  address: Type.String(),
  lang: literalUnion(REPORT_LANGS),
  files: Type.Object({ html: FileLinkSchema, pdf: Type.Optional(FileLinkSchema) }),
  // the document says boolean; the service only ever sends it as true, while the PDF renders
  pdf_pending: Type.Optional(Type.Unsafe<true>(Type.Boolean())),
  expires_in_days: Type.Integer(),
  // beside pdf_pending: why the PDF is not there yet (an addition to the spec's document)
  detail: Type.Optional(Type.String()),
};
const failedFields = { detail: Type.String() };

const ProcessingJobSchema = Type.Object({ job_id: jobId, status: processing, ...processingFields });
const CompletedJobSchema = Type.Object({ job_id: jobId, status: completed, ...completedFields });
const FailedJobSchema = Type.Object({ job_id: jobId, status: failed, ...failedFields });

export type JobView =
  | Static<typeof ProcessingJobSchema>
  | Static<typeof FailedJobSchema>
  | Static<typeof CompletedJobSchema>;

type OptionalFields<Fields extends TProperties> = {
  [Name in keyof Fields]: ReturnType<typeof Type.Optional<Fields[Name]>>;
};

function optionalFields<Fields extends TProperties>(fields: Fields): OptionalFields<Fields> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, schema]: [string, TSchema]) => [name, Type.Optional(schema)]),
  ) as OptionalFields<Fields>;
}

export const ReportJobSchema = Type.Object(
  {
    job_id: jobId,
    status: Type.Union([processing, completed, failed]),
    ...optionalFields(processingFields),
    ...optionalFields(completedFields),
    ...optionalFields(failedFields),
  },
  { title: 'ReportJob' },
);
