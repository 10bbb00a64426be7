import type { StationYearMeans } from '../../live/station-year.ts';
import { scoreLabel } from '../../stats/score-label.ts';
import type { StatsEnvelope } from '../../stats/stats-envelope.ts';
import { contrastInk } from '../charts.ts';
import type { Formatter } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import type { MessageKey, Translator } from '../i18n/index.ts';
import { scoreLabelColor } from '../palette.ts';

/**
 * What every section reads: the statistics, the language's text and number formats. A
 * metric's section reads the envelope and is handed its own block; the report's own
 * sections (cover, glance, method) read the whole resource (`ReportContext<HistoricalStats>`).
 */
export interface ReportContext<Stats extends StatsEnvelope = StatsEnvelope> {
  stats: Stats;
  tr: Translator;
  f: Formatter;
  /** the grid cell size of the city's model, metres (its package's resolution_m) */
  cellSizeM: number;
  /** the nearest station's measured annual means in the reference year, when it is a backfilled one */
  stationYear?: StationYearMeans;
}

/**
 * The `{city}` and `{cell}` of the messages about a city's high-resolution model: the
 * city the statistics came from, by its package's name, so a report about an imported
 * town never says Brussels.
 */
export function modelParams(context: ReportContext): { city: string; cell: string } {
  const { stats, tr, f } = context;
  return { city: stats.city ? tr.label(stats.city.name) : '', cell: f.measure(context.cellSizeM, 0, 'm') };
}

/** the best score a theme can have */
export const TOP_SCORE = 10;

/**
 * Whether something holds a theme's score back (a pollutant, a season): at the top score
 * nothing does, and the report must not name a "limiting" pollutant or season (issue #49).
 */
export function scoreHeldBack(block: { score: number }): boolean {
  return block.score < TOP_SCORE;
}

export type LifeBand = 'high' | 'good' | 'fair' | 'poor';

/** the daily-life paragraph follows the score: ≥ 8, ≥ 6, ≥ 4, below */
export function lifeBand(score: number): LifeBand {
  if (score >= 8) return 'high';
  if (score >= 6) return 'good';
  if (score >= 4) return 'fair';
  return 'poor';
}

/** the daily-life message of a theme whose messages are `<prefix>_high`, `_good`, `_fair` and `_poor` */
export function lifeKey(prefix: string, score: number): MessageKey {
  return `${prefix}_${lifeBand(score)}` as MessageKey;
}

/** "1 day", "3 days": a count with the noun in the plural form the language asks for */
export function counted(context: ReportContext, noun: 'cells' | 'days' | 'nights', count: number): string {
  const { tr, f } = context;
  return tr.t(`${noun}_${f.plural(count)}` as MessageKey, { count: f.integer(count) });
}

export function chip(text: string, color: string | undefined, ink: string): SafeHtml {
  const style = color ? `background:${color};color:${ink}` : 'background:#eef2f6;color:#1f2d3d';
  return html`<span class="chip" style="${style}">${text}</span>`;
}

/** a score's consumer label in the colour it has on every theme */
export function labelChip(context: ReportContext, label: string): SafeHtml {
  const colour = scoreLabelColor(label);
  return chip(context.tr.label(label), colour, colour ? contrastInk(colour) : '#1f2d3d');
}

/**
 * The label shown next to a score: the band of the score as printed (one decimal), so the
 * chip always matches the key of score labels printed with it, whatever the statistics'
 * own rounding did.
 */
export function shownLabel(block: { score: number }): string {
  return scoreLabel(Math.round(block.score * 10) / 10);
}

/**
 * The one headline figure of a theme: its score out of 10 with the label of its band, the
 * figure the label and its colour describe. The rating, the other 0–10 figure, is never
 * set beside it as a second big number (two numbers on one card read as a contradiction,
 * issue #39): each card and theme page explains it in a sentence under the headline.
 */
export function headlineScore(
  context: ReportContext,
  block: { score: number },
  className = 'figures',
): SafeHtml {
  const { tr, f } = context;
  // a label and its value on one line (a definition list): read aloud, copied or
  // extracted, the number follows its name
  return html`<dl class="${className}">
    <div><dt>${tr.t('score')}</dt> <dd><span class="big">${f.number(block.score, 1)}</span> / 10</dd> <dd>${labelChip(context, shownLabel(block))}</dd></div>
  </dl>`;
}

/** the box at the head of a theme page: the headline score; the rating is explained beside it */
export function scoreBox(context: ReportContext, block: { score: number }) {
  return headlineScore(context, block, 'figures scorebox');
}

export function stat(value: string, caption: string): SafeHtml {
  return html`<div class="stat"><b>${value}</b><span>${caption}</span></div>`;
}

/** the twelve monthly values of a block, January first */
export function monthly(values: Record<string, number | null>): Array<number | null> {
  return Array.from({ length: 12 }, (_, index) => {
    const value = values[String(index + 1)];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  });
}
