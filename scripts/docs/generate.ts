/**
 * `npm run docs:generate`: writes the generated regions of README.md and docs/*.md
 * (`<!-- generated:NAME -->` … `<!-- /generated:NAME -->`) from a real start of the service,
 * and redraws the images they show. `--no-images` writes the text only; `--check` writes
 * nothing and exits 1 when a committed region differs from what the code produces (the
 * drift test, test/scripts/docs-generated.test.ts, does the same for the text).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { USAGE } from '../../src/cli/usage.ts';
import { collectAnswers } from './answers.ts';
import { drawImages, layerImagesTable } from './images.ts';
import { readRegions, regionBody, writeRegions } from './regions.ts';
import { streetZoneSentence } from './street-zone.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** the Markdown files that may hold generated regions, relative to the repository */
export function documentedFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs.sort()];
}

/** every generated region's text as the code produces it now */
export async function generatedRegions(): Promise<Record<string, string>> {
  return {
    ...(await collectAnswers()),
    'layer-images': layerImagesTable(),
    // the operator CLI's own help, so the doc lists every command it has
    'cli-usage': `\`\`\`\n${USAGE.trimEnd()}\n\`\`\``,
    'street-zone': streetZoneSentence(ROOT),
  };
}

export interface Drift {
  file: string;
  region: string;
  committed: string;
  generated: string;
}

/** regions whose committed text differs, and regions no file holds (file ''), for `regions` */
export function driftOf(regions: Readonly<Record<string, string>>): Drift[] {
  const drift: Drift[] = [];
  const placed = new Set<string>();
  for (const file of documentedFiles()) {
    for (const [region, committed] of readRegions(readFileSync(join(ROOT, file), 'utf8'))) {
      placed.add(region);
      const generated = region in regions ? regionBody(regions[region]!) : '(no such generated region)';
      if (committed !== generated) drift.push({ file, region, committed, generated });
    }
  }
  for (const region of Object.keys(regions)) {
    if (!placed.has(region)) drift.push({ file: '', region, committed: '', generated: regions[region]! });
  }
  return drift;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const regions = await generatedRegions();
  if (process.argv.includes('--check')) {
    const drift = driftOf(regions);
    for (const { file, region } of drift) console.error(`${file || '(nowhere)'}: ${region} differs`);
    process.exit(drift.length === 0 ? 0 : 1);
  }
  for (const file of documentedFiles()) {
    const path = join(ROOT, file);
    const before = readFileSync(path, 'utf8');
    const after = writeRegions(before, regions);
    if (after !== before) {
      writeFileSync(path, after);
      console.log(`wrote ${file}`);
    }
  }
  for (const { region } of driftOf(regions).filter((d) => d.file === ''))
    console.error(`no file marks the region ${region}`);
  if (!process.argv.includes('--no-images')) await drawImages(join(ROOT, 'docs'), (p) => console.log(p));
  process.exit(0);
}
