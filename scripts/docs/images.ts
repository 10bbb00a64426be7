/**
 * The images the README and docs show, drawn by the code that serves them: the layer
 * pictures by `svc render-layer` (as an operator runs it) and the report's first page by
 * ordering the report through HTTP and printing it (scripts/render-reports.ts). Slow (a
 * minute or two), so `npm run docs:generate` draws them and the drift test does not.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_MODEL_DIR } from '../../test/helpers/service.ts';
import { renderSamples } from '../render-reports.ts';

/** the layer pictures, in the order the README's row shows them */
export const LAYER_IMAGES = [
  {
    city: 'brussels',
    layer: 'air',
    hour: '2025-02-07T07:00:00Z',
    caption: 'NO2, weekday rush hour (Fri 7 Feb, 08 h)',
  },
  { city: 'brussels', layer: 'air', hour: '2025-02-09T07:00:00Z', caption: 'NO2, Sunday 08 h (9 Feb)' },
  // the measured year's hottest hour and that night, and its windiest south-westerly
  // daytime hour (docs/model.md gives their weather)
  {
    city: 'brussels',
    layer: 'thermal',
    hour: '2025-08-02T13:00:00Z',
    caption: "UTCI, the year's hottest hour (2 Aug, 15 h)",
  },
  {
    city: 'brussels',
    layer: 'thermal',
    hour: '2025-08-02T21:00:00Z',
    caption: 'UTCI, that night (23 h)',
  },
  {
    city: 'brussels',
    layer: 'wind',
    hour: '2025-12-26T15:00:00Z',
    caption: 'wind, SW 12 m/s (26 Dec, 16 h)',
  },
  { city: 'brussels', layer: 'buildings', hour: null, caption: 'buildings' },
  { city: 'charleroi', layer: 'wind', hour: '2025-12-26T15:00:00Z', caption: null },
] as const;

type LayerImage = (typeof LAYER_IMAGES)[number];

/** docs/img/brussels-air-2025-02-07T07Z.png, relative to docs/ */
export function layerImagePath(image: LayerImage): string {
  const hour = image.hour ? `-${image.hour.slice(0, 13)}Z` : '';
  return `img/${image.city}-${image.layer}${hour}.png`;
}

/** the README's row of pictures (Markdown table), with the command that drew one of them */
export function layerImagesTable(): string {
  const shown = LAYER_IMAGES.filter((image) => image.caption !== null);
  return [
    `| ${shown.map((image) => image.caption).join(' | ')} |`,
    `|${shown.map(() => '---').join('|')}|`,
    `| ${shown.map((image) => `![${image.caption}](docs/${layerImagePath(image)})`).join(' | ')} |`,
  ].join('\n');
}

export const REPORT_COVER = 'img/report-cover-map.png';

/** draws every picture into docs/img (paths printed), with the same code the service runs */
export async function drawImages(docsDir: string, log: (line: string) => void): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-docs-images-'));
  try {
    for (const image of LAYER_IMAGES) {
      const out = join(docsDir, layerImagePath(image));
      execFileSync(
        'npm',
        [
          'run',
          '--silent',
          'svc',
          '--',
          'render-layer',
          '--city',
          image.city,
          '--layer',
          image.layer,
          ...(image.hour ? ['--hour', image.hour] : []),
          '--out',
          out,
        ],
        { env: { ...process.env, DATA_DIR: dataDir, MODEL_DIR: SHARED_MODEL_DIR }, stdio: 'inherit' },
      );
      log(out);
    }
    // page 1 of the Dutch report for the Grand-Place, at 90 dpi (A4: 744 × 1053 px)
    await renderSamples({ outDir: dataDir, dpi: 90, only: 'grand-place-nl' });
    const page = readdirSync(dataDir).find((name) => /^grand-place-nl-page-0*1\.png$/.test(name));
    if (!page) throw new Error('the report printed no first page');
    copyFileSync(join(dataDir, page), join(docsDir, REPORT_COVER));
    log(join(docsDir, REPORT_COVER));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
