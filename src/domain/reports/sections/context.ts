import type { Formatter } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import type { MessageKey, Translator } from '../i18n/index.ts';
import type { HistoricalStats } from '../stats.ts';

/** What every section reads: the statistics, the language's text and number formats. */
export interface ReportContext {
  stats: HistoricalStats;
  tr: Translator;
  f: Formatter;
}

export type LifeBand = 'high' | 'good' | 'fair' | 'poor';

/** the daily-life paragraph follows the score: ≥ 8, ≥ 6, ≥ 4, below */
export function lifeBand(score: number): LifeBand {
  if (score >= 8) return 'high';
  if (score >= 6) return 'good';
  if (score >= 4) return 'fair';
  return 'poor';
}

export function lifeKey(prefix: 'airLife' | 'windLife' | 'thermalLife', score: number): MessageKey {
  return `${prefix}_${lifeBand(score)}` as MessageKey;
}

export function chip(text: string, color: string | undefined, ink: string): SafeHtml {
  const style = color ? `background:${color};color:${ink}` : 'background:#eef2f6;color:#1f2d3d';
  return html`<span class="chip" style="${style}">${text}</span>`;
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
