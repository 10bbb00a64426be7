import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The report's font (Inter, variable weight, Latin subset, SIL Open Font License) read
 * from its npm package and turned into a data URL, so the page embeds it and never
 * fetches anything. Undefined when the package is missing: the page then falls back to
 * the system's fonts.
 */
export function loadReportFontDataUrl(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const path = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
    return `data:font/woff2;base64,${readFileSync(path).toString('base64')}`;
  } catch {
    return undefined;
  }
}
