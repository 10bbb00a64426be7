/**
 * Look at the reports: orders them through HTTP from the real service (embedded model,
 * gazetteer, SQLite, in-process queue, Debian's Chromium) for a Brussels landmark, a
 * Brussels address inside a building and an Ardennes village, in English, French and
 * Dutch; writes both downloads to an output folder and every PDF page as a PNG
 * (pdftoppm), so a person can check layout and wording.
 *
 *   node --import tsx scripts/render-reports.ts [--out DIR] [--dpi 70] [--only grand-place-nl]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPORT_LANGS } from '../src/domain/reports/i18n/index.ts';
import { startTestService } from '../test/helpers/service.ts';

export const SAMPLE_LOCATIONS = [
  { name: 'grand-place', body: { address: 'Grand-Place, Bruxelles' } },
  { name: 'palais-de-justice', body: { address: 'Palais de Justice' } },
  { name: 'durbuy', body: { address: 'Durbuy' } },
] as const;

export async function renderSamples(options: {
  outDir: string;
  dpi?: number;
  only?: string;
}): Promise<string[]> {
  mkdirSync(options.outDir, { recursive: true });
  const service = await startTestService();
  const key = await service.createKey(['--rate-per-min', '10000', '--reports-per-day', '100']);
  const inject = (url: string, payload?: unknown) =>
    service.composition.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  const written: string[] = [];
  try {
    const jobs = [];
    for (const location of SAMPLE_LOCATIONS) {
      for (const lang of REPORT_LANGS) {
        if (options.only && !`${location.name}-${lang}`.startsWith(options.only)) continue;
        const accepted = await inject('/v1/reports', { ...location.body, lang });
        if (accepted.statusCode !== 202) throw new Error(`${location.name}-${lang}: ${accepted.body}`);
        jobs.push({ name: `${location.name}-${lang}`, id: accepted.json().job_id as string });
      }
    }
    for (const job of jobs) {
      let view = (await inject(`/v1/reports/${job.id}`)).json();
      while (view.status === 'processing') {
        await new Promise((done) => setTimeout(done, 200));
        view = (await inject(`/v1/reports/${job.id}`)).json();
      }
      if (view.status !== 'completed' || !view.files.pdf)
        throw new Error(`${job.name}: ${JSON.stringify(view)}`);
      for (const format of ['html', 'pdf'] as const) {
        const file = await inject(view.files[format].url);
        const path = join(options.outDir, `${job.name}.${format}`);
        writeFileSync(path, file.rawPayload);
        written.push(path);
        if (format === 'pdf') {
          execFileSync('pdftoppm', [
            '-r',
            String(options.dpi ?? 70),
            '-png',
            path,
            join(options.outDir, `${job.name}-page`),
          ]);
        }
      }
    }
  } finally {
    await service.close();
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const outDir = resolve(arg('--out') ?? 'var/report-samples');
  const started = Date.now();
  const only = arg('--only');
  const files = await renderSamples({ outDir, dpi: Number(arg('--dpi') ?? 70), ...(only ? { only } : {}) });
  for (const file of files) console.log(file);
  console.log(`${files.length} files and their PNG pages in ${outDir} (${Date.now() - started} ms)`);
}
