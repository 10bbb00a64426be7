import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ReportFont } from '../../domain/reports/styles.ts';

/**
 * The report's fonts: Inter (SIL Open Font License) in four static weights, Latin subset,
 * from the @fontsource/inter package, each turned into a data URL so the page embeds them
 * and never fetches anything. Static files, not the variable font: Chromium prints a
 * variable font as Type 3 glyphs (poorly searchable, blurry in some viewers), a static
 * TrueType-flavoured one as an embedded CID TrueType font. Undefined when the package is
 * missing: the page then falls back to the system's fonts.
 */
export const REPORT_FONT_WEIGHTS = [400, 500, 600, 700] as const;

export function loadReportFonts(): ReportFont[] | undefined {
  try {
    const require = createRequire(import.meta.url);
    return REPORT_FONT_WEIGHTS.map((weight) => {
      const path = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`);
      return { weight, dataUrl: `data:font/woff2;base64,${readFileSync(path).toString('base64')}` };
    });
  } catch {
    return undefined;
  }
}
