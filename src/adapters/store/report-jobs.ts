import { type Kysely, type Selectable, sql } from 'kysely';
/**
 * Persistence of report jobs: one named query per state change, the same SQL on SQLite
 * and PostgreSQL. Every transition is a conditional UPDATE on the current state, so a
 * job is only ever moved by the party that holds it (a worker's lease, a poll retrying
 * the PDF) and a late or duplicate writer changes nothing.
 */
import type {
  JobStage,
  JobStatus,
  ReportJob,
  ReportJobStore,
} from '../../services/reports/report-job-store-port.ts';
import type { Database, ReportJobsTable } from './schema.ts';

export type {
  JobStage,
  JobStatus,
  NewReportJob,
  ReportFormat,
  ReportJob,
  ReportJobStore,
} from '../../services/reports/report-job-store-port.ts';

type Row = Omit<Selectable<ReportJobsTable>, 'html' | 'pdf'> & { has_html: number; has_pdf: number };

function toJob(row: Row): ReportJob {
  return {
    id: row.id,
    keyId: row.key_id,
    status: row.status as JobStatus,
    stage: row.stage as JobStage | null,
    lang: row.lang,
    address: row.address,
    label: row.label,
    lat: Number(row.lat),
    lon: Number(row.lon),
    radius: Number(row.radius),
    metrics: row.metrics === null ? null : (JSON.parse(row.metrics) as string[]),
    detail: row.detail,
    hasHtml: Number(row.has_html) === 1,
    hasPdf: Number(row.has_pdf) === 1,
    pdfPending: Number(row.pdf_pending) === 1,
    attempts: Number(row.attempts),
    leaseUntilMs: row.lease_until_ms === null ? null : Number(row.lease_until_ms),
    createdMs: Number(row.created_ms),
    updatedMs: Number(row.updated_ms),
    expiresMs: Number(row.expires_ms),
    requestId: row.request_id,
    traceContext: row.trace_context,
  };
}

export function createReportJobStore(db: Kysely<Database>): ReportJobStore {
  const selectJob = () =>
    db
      .selectFrom('report_jobs')
      .select([
        'id',
        'key_id',
        'status',
        'stage',
        'lang',
        'address',
        'label',
        'lat',
        'lon',
        'radius',
        'metrics',
        'detail',
        'pdf_pending',
        'attempts',
        'lease_until_ms',
        'created_ms',
        'updated_ms',
        'expires_ms',
        'request_id',
        'trace_context',
      ])
      .select((eb) => [
        eb.case().when('html', 'is not', null).then(1).else(0).end().as('has_html'),
        eb.case().when('pdf', 'is not', null).then(1).else(0).end().as('has_pdf'),
      ]);

  return {
    async insert(job) {
      await db
        .insertInto('report_jobs')
        .values({
          id: job.id,
          key_id: job.keyId,
          status: 'processing',
          stage: 'queued',
          lang: job.lang,
          address: job.address,
          label: job.label,
          lat: job.lat,
          lon: job.lon,
          radius: job.radius,
          metrics: JSON.stringify(job.metrics),
          detail: null,
          html: null,
          pdf: null,
          pdf_pending: 0,
          attempts: 0,
          lease_until_ms: null,
          created_ms: job.nowMs,
          updated_ms: job.nowMs,
          expires_ms: job.expiresMs,
          request_id: job.requestId ?? null,
          trace_context: job.traceContext ?? null,
        })
        .execute();
    },

    async get(id) {
      const row = await selectJob().where('id', '=', id).executeTakeFirst();
      return row ? toJob(row) : null;
    },

    async claim(id, nowMs, leaseUntilMs) {
      const result = await db
        .updateTable('report_jobs')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          stage: eb.case().when('stage', '=', 'queued').then('running').else(eb.ref('stage')).end(),
          lease_until_ms: leaseUntilMs,
          updated_ms: nowMs,
        }))
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('pdf_pending', '=', 0)
        .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      return this.get(id);
    },

    async heartbeat(id, leaseUntilMs) {
      const result = await db
        .updateTable('report_jobs')
        .set({ lease_until_ms: leaseUntilMs })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('lease_until_ms', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async release(id, nowMs) {
      await db
        .updateTable('report_jobs')
        .set({ lease_until_ms: null, updated_ms: nowMs })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    async saveHtml(id, html, label, nowMs) {
      await db
        .updateTable('report_jobs')
        .set({ html, label, stage: 'delivering', updated_ms: nowMs })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    async complete(id, pdf, nowMs, expiresMs) {
      const result = await db
        .updateTable('report_jobs')
        .set({
          pdf,
          status: 'completed',
          stage: null,
          pdf_pending: 0,
          lease_until_ms: null,
          updated_ms: nowMs,
          expires_ms: expiresMs,
        })
        .where('id', '=', id)
        .where('html', 'is not', null)
        .where('pdf', 'is', null)
        .where('status', '!=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markPdfPending(id, nowMs, expiresMs) {
      await db
        .updateTable('report_jobs')
        .set({ pdf_pending: 1, lease_until_ms: null, updated_ms: nowMs, expires_ms: expiresMs })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('html', 'is not', null)
        .where('pdf', 'is', null)
        .execute();
    },

    async completePending(id, nowMs) {
      await db
        .updateTable('report_jobs')
        .set({ status: 'completed', stage: null, updated_ms: nowMs })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('pdf_pending', '=', 1)
        .where('pdf', 'is', null)
        .execute();
    },

    async fail(id, detail, nowMs, refundCounter) {
      return db.transaction().execute(async (trx) => {
        const failed = await trx
          .updateTable('report_jobs')
          .set({ status: 'failed', stage: null, detail, lease_until_ms: null, html: null, updated_ms: nowMs })
          .where('id', '=', id)
          .where('status', '=', 'processing')
          .executeTakeFirst();
        if (Number(failed.numUpdatedRows) !== 1) return false;
        if (refundCounter !== undefined) {
          await trx
            .updateTable('counters')
            .set({ value: sql<number>`case when value > 0 then value - 1 else 0 end` })
            .where('name', '=', refundCounter)
            .where('expires_ms', '>', nowMs)
            .execute();
        }
        return true;
      });
    },

    async listUnheld(nowMs) {
      const rows = await db
        .selectFrom('report_jobs')
        .select('id')
        .where('status', '=', 'processing')
        .where('pdf_pending', '=', 0)
        .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
        .orderBy('created_ms')
        .execute();
      return rows.map((row) => row.id);
    },

    async readFile(id, format) {
      if (format === 'html') {
        const row = await db.selectFrom('report_jobs').select('html').where('id', '=', id).executeTakeFirst();
        return row?.html ?? null;
      }
      const row = await db.selectFrom('report_jobs').select('pdf').where('id', '=', id).executeTakeFirst();
      return row?.pdf ? Buffer.from(row.pdf) : null;
    },

    async purgeExpired(nowMs) {
      const result = await db.deleteFrom('report_jobs').where('expires_ms', '<=', nowMs).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
