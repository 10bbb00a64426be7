import type { Formatter } from './format.ts';
import { escapeHtml, html, raw, type SafeHtml } from './html.ts';

/**
 * Inline SVG charts for the report: drawn here, as text, so the page needs no script and
 * no network, prints crisply at any size, and looks the same in a browser and in the PDF.
 * Every label that reaches the SVG is escaped.
 */
const INK = '#1f2d3d';
const MUTED = '#6b7a8a';
const GRID = '#e3e8ee';

function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

function text(x: number, y: number, content: string, attrs = ''): string {
  return `<text x="${n(x)}" y="${n(y)}" ${attrs}>${escapeHtml(content)}</text>`;
}

/**
 * A value printed on a bar: bold, on an opaque white plate so that a grid or reference
 * line never crosses it (a translucent plate left the 80 % line striking through "73 %").
 * A plate rather than a stroked halo: Chromium prints stroked text as Type 3 glyphs,
 * which PDF readers search and select poorly. The plate's width is estimated from the
 * character count (11 px Inter, tabular figures: about 6.6 px a character).
 */
function valueLabel(x: number, y: number, content: string, size = 11): string {
  const width = content.length * size * 0.6 + 6;
  const plate = `<rect x="${n(x - width / 2)}" y="${n(y - size + 1)}" width="${n(width)}" height="${n(size + 2)}" rx="2" fill="#ffffff"/>`;
  return (
    plate + text(x, y, content, `text-anchor="middle" font-size="${size}" font-weight="600" fill="${INK}"`)
  );
}

export interface Segment {
  label: string;
  pct: number;
  color: string;
  /** text shown inside the segment when it is wide enough */
  caption: string;
}

/** one horizontal bar split into shares (a distribution of hours) */
export function stackedBar(segments: readonly Segment[], title: string): SafeHtml {
  const width = 640;
  const height = 34;
  const total = segments.reduce((sum, segment) => sum + Math.max(0, segment.pct), 0) || 1;
  let x = 0;
  const parts: string[] = [];
  for (const segment of segments) {
    const w = (Math.max(0, segment.pct) / total) * width;
    if (w <= 0) continue;
    parts.push(
      `<rect x="${n(x)}" y="0" width="${n(w)}" height="${height}" fill="${escapeHtml(segment.color)}"><title>${escapeHtml(segment.label)} (${escapeHtml(segment.caption)})</title></rect>`,
    );
    if (w >= 44) {
      parts.push(
        text(
          x + w / 2,
          height / 2 + 5,
          segment.caption,
          `text-anchor="middle" font-size="13" font-weight="600" fill="${contrastInk(segment.color)}"`,
        ),
      );
    }
    x += w;
  }
  return raw(
    `<svg class="chart chart-stacked" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}" preserveAspectRatio="none">${parts.join('')}</svg>`,
  );
}

export interface MonthlyBarsOptions {
  /** twelve values, January first; null for a month without data */
  values: ReadonlyArray<number | null>;
  labels: readonly string[];
  title: string;
  format: (value: number) => string;
  color: (value: number, index: number) => string;
  /** axis range; the minimum may be negative (felt temperatures in winter) */
  min: number;
  max: number;
  /** months drawn with an outline, e.g. best and worst */
  highlight?: readonly number[];
  /** what the outline means, shown in the key above the plot */
  highlightCaption?: string;
  /** height of the drawing in viewBox units (the width is 640) */
  height?: number;
  /** horizontal reference lines with a caption */
  references?: ReadonlyArray<{ value: number; caption: string }>;
  ticks?: readonly number[];
  tickFormat?: (value: number) => string;
}

/**
 * The drawing of a monthly chart at a given width. The page carries two: the wide one
 * (640 units, A4 and screens) and a compact one (360 units) that replaces it on a phone,
 * where the wide one, scaled to the screen, shrank its 11-unit labels to about 5 px.
 */
interface MonthlyGeometry {
  width: number;
  className: string;
  /** value labels above the bars */
  valueSize: number;
  /** the key's entries one under the other rather than side by side */
  stackedKey: boolean;
}
const WIDE: MonthlyGeometry = { width: 640, className: 'chart-wide', valueSize: 11, stackedKey: false };
const COMPACT: MonthlyGeometry = { width: 360, className: 'chart-compact', valueSize: 8.5, stackedKey: true };

export function monthlyBars(options: MonthlyBarsOptions): SafeHtml {
  return raw(`${drawMonthly(options, WIDE)}${drawMonthly(options, COMPACT)}`);
}

/**
 * A metric's figure of monthly means: the caption, then the bars labelled with the
 * report's month names, their values with one decimal and the axis in whole numbers, and
 * the figure's key after them when it has one.
 */
export function monthlyMeansFigure(
  f: Formatter,
  title: string,
  bars: Omit<MonthlyBarsOptions, 'labels' | 'title' | 'format' | 'tickFormat'>,
  key?: SafeHtml,
): SafeHtml {
  const drawn = monthlyBars({
    ...bars,
    labels: Array.from({ length: 12 }, (_, index) => f.monthLabel(index + 1)),
    title,
    format: (value) => f.number(value, 1),
    tickFormat: (value) => f.integer(value),
  });
  return html`<figure>
    <figcaption>${title}</figcaption>
    ${drawn}${key}
  </figure>`;
}

function drawMonthly(options: MonthlyBarsOptions, geometry: MonthlyGeometry): string {
  const { width } = geometry;
  const keyed = (options.references?.length ?? 0) > 0 || options.highlightCaption !== undefined;
  const keyRows =
    (options.references?.length ?? 0) +
    (geometry.stackedKey && options.highlightCaption !== undefined ? 1 : 0);
  const keyHeight = keyed ? Math.max(1, keyRows) * 14 + 1 : 0;
  const height = (options.height ?? 190) + keyHeight;
  const tickLabels = (options.ticks ?? []).map((tick) => (options.tickFormat ?? options.format)(tick));
  // room for the longest tick label (about 0.6 em a character at 11 units), else "100 %"
  // began left of the drawing and lost its first digit on a phone
  const labelRoom = 8 + Math.ceil(Math.max(0, ...tickLabels.map((label) => label.length)) * 6.6);
  const left = Math.max(geometry.stackedKey ? 30 : 40, labelRoom);
  const right = 8;
  // reference lines and outlines are explained in a key above the plot, never over the bars
  const top = keyed ? 21 + keyHeight : 20;
  const bottom = 28;
  const valueLabels: string[] = [];
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const span = options.max - options.min || 1;
  const y = (value: number) => top + plotH - ((value - options.min) / span) * plotH;
  const zero = y(Math.max(options.min, Math.min(options.max, 0)));
  const slot = plotW / 12;
  const barW = slot * 0.62;
  const out: string[] = [];
  for (const [index, tick] of (options.ticks ?? []).entries()) {
    out.push(
      `<line x1="${left}" x2="${width - right}" y1="${n(y(tick))}" y2="${n(y(tick))}" stroke="${GRID}" stroke-width="1"/>`,
    );
    out.push(
      text(
        left - 6,
        y(tick) + 4,
        tickLabels[index] ?? '',
        `text-anchor="end" font-size="11" fill="${MUTED}"`,
      ),
    );
  }
  out.push(
    `<line x1="${left}" x2="${width - right}" y1="${n(zero)}" y2="${n(zero)}" stroke="${MUTED}" stroke-width="1"/>`,
  );
  options.values.forEach((value, index) => {
    const cx = left + slot * index + slot / 2;
    out.push(
      text(
        cx,
        height - 8,
        options.labels[index] ?? '',
        `text-anchor="middle" font-size="11" fill="${MUTED}"`,
      ),
    );
    if (value === null || !Number.isFinite(value)) {
      out.push(text(cx, zero - 4, '–', `text-anchor="middle" font-size="12" fill="${MUTED}"`));
      return;
    }
    const clamped = Math.max(options.min, Math.min(options.max, value));
    const yv = y(clamped);
    const barTop = Math.min(yv, zero);
    const barH = Math.max(1, Math.abs(zero - yv));
    const outline = options.highlight?.includes(index) ? ` stroke="${INK}" stroke-width="2"` : '';
    out.push(
      `<rect x="${n(cx - barW / 2)}" y="${n(barTop)}" width="${n(barW)}" height="${n(barH)}" rx="2" fill="${escapeHtml(options.color(value, index))}"${outline}/>`,
    );
    const labelY = value >= 0 ? barTop - 5 : barTop + barH + 13;
    valueLabels.push(valueLabel(cx, labelY, options.format(value), geometry.valueSize));
  });
  (options.references ?? []).forEach((reference, index) => {
    const ry = y(reference.value);
    const dash = `stroke="${INK}" stroke-width="1.2" stroke-dasharray="5 4"`;
    out.push(`<line x1="${left}" x2="${width - right}" y1="${n(ry)}" y2="${n(ry)}" ${dash}/>`);
    const ky = 8 + index * 14;
    out.push(`<line x1="${left}" x2="${left + 26}" y1="${ky}" y2="${ky}" ${dash}/>`);
    out.push(text(left + 32, ky + 4, reference.caption, `font-size="11" fill="${INK}"`));
  });
  if (options.highlightCaption !== undefined) {
    // beside the reference key when there is one (under it when narrow), else where it would be
    const references = options.references?.length ?? 0;
    const kx = references && !geometry.stackedKey ? width / 2 + 20 : left;
    const ky = geometry.stackedKey ? 2 + references * 14 : 2;
    out.push(
      `<rect x="${kx}" y="${ky}" width="14" height="12" rx="2" fill="none" stroke="${INK}" stroke-width="2"/>`,
    );
    out.push(text(kx + 20, ky + 10, options.highlightCaption, `font-size="11" fill="${INK}"`));
  }
  // the labels last, on their plates, so that no reference line crosses a value
  out.push(...valueLabels);
  return `<svg class="chart chart-monthly ${geometry.className}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(options.title)}">${out.join('')}</svg>`;
}

export interface Group {
  label: string;
  values: ReadonlyArray<{ value: number | null; color: string; caption: string }>;
}

/** bars side by side per group (seasons: comfortable vs acceptable shares) */
export function groupedBars(groups: readonly Group[], title: string, height = 200, max = 100): SafeHtml {
  const width = 640;
  const top = 18;
  const bottom = 26;
  const left = 8;
  const plotH = height - top - bottom;
  const slot = (width - left * 2) / groups.length;
  const out: string[] = [];
  out.push(
    `<line x1="${left}" x2="${width - left}" y1="${top + plotH}" y2="${top + plotH}" stroke="${MUTED}"/>`,
  );
  groups.forEach((group, gi) => {
    const count = group.values.length || 1;
    const barW = Math.min(54, (slot * 0.78) / count);
    const start = left + slot * gi + (slot - barW * count) / 2;
    group.values.forEach((entry, vi) => {
      const x = start + vi * barW;
      if (entry.value === null) {
        out.push(
          text(x + barW / 2, top + plotH - 4, '–', `text-anchor="middle" font-size="12" fill="${MUTED}"`),
        );
        return;
      }
      const h = (Math.max(0, Math.min(max, entry.value)) / max) * plotH;
      out.push(
        `<rect x="${n(x + 2)}" y="${n(top + plotH - h)}" width="${n(barW - 4)}" height="${n(Math.max(1, h))}" rx="2" fill="${escapeHtml(entry.color)}"/>`,
      );
      out.push(valueLabel(x + barW / 2, top + plotH - h - 5, entry.caption));
    });
    out.push(
      text(
        left + slot * gi + slot / 2,
        height - 8,
        group.label,
        `text-anchor="middle" font-size="12" fill="${INK}"`,
      ),
    );
  });
  return raw(
    `<svg class="chart chart-grouped" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}">${out.join('')}</svg>`,
  );
}

/** a 0–10 bar for a rating or score */
export function gauge(value: number, color: string, title: string): SafeHtml {
  const width = 200;
  const height = 10;
  const w = (Math.max(0, Math.min(10, value)) / 10) * width;
  return raw(
    `<svg class="gauge" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}" preserveAspectRatio="none"><rect x="0" y="0" width="${width}" height="${height}" rx="5" fill="${GRID}"/><rect x="0" y="0" width="${n(w)}" height="${height}" rx="5" fill="${escapeHtml(color)}"/></svg>`,
  );
}

/** black or white text, whichever reads better on `hex` (WCAG relative luminance) */
export function contrastInk(hex: string): string {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return INK;
  let digits = match[1] as string;
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const channel = (offset: number) => {
    const c = Number.parseInt(digits.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.4 ? INK : '#ffffff';
}
