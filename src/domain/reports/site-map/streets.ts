import { escapeHtml } from '../html.ts';
import type { ReportLang } from '../i18n/index.ts';
import type { SiteStreet } from './types.ts';

/**
 * The streets of the location map and their names (issue #49: the map drew buildings with
 * no street or name to find the address by). The streets are thin centre lines, so the
 * felt temperature of the street's cells still shows under them; a name follows its
 * street's longest piece inside the frame, where it fits, without covering the address
 * or another name.
 */
type Px = [number, number];

const STREET_STROKE: Record<SiteStreet['kind'], number> = { main: 2.6, street: 1.7, path: 0.9 };
const LABEL_SIZE_PX = 8;
/** an average glyph's advance at that size (Inter-like sans), to tell whether a name fits its street */
const GLYPH_PX = LABEL_SIZE_PX * 0.56;
const FRAME_MARGIN_PX = 4;
const MAX_LABELS = 9;
const KIND_ORDER: Record<SiteStreet['kind'], number> = { main: 0, street: 1, path: 2 };

/**
 * The name as the report's reader calls the street: Brussels writes each street in French
 * and Dutch ("Rue Neuve - Nieuwstraat"); a Dutch report shows the Dutch half, the others the
 * French one. A name without that form is shown as it is.
 */
export function streetNameFor(name: string, lang: ReportLang): string {
  const halves = name.split(' - ');
  if (halves.length !== 2 || !halves[0]?.trim() || !halves[1]?.trim()) return name;
  return (lang === 'nl' ? halves[1] : halves[0]).trim();
}

const n = (value: number) => (Math.round(value * 10) / 10).toString();

function lengthOf(run: readonly Px[]): number {
  let total = 0;
  for (let i = 1; i < run.length; i++)
    total += Math.hypot(run[i]![0] - run[i - 1]![0], run[i]![1] - run[i - 1]![1]);
  return total;
}

/** the point halfway along a run */
function middleOf(run: readonly Px[]): Px {
  let left = lengthOf(run) / 2;
  for (let i = 1; i < run.length; i++) {
    const [ax, ay] = run[i - 1]!;
    const [bx, by] = run[i]!;
    const step = Math.hypot(bx - ax, by - ay);
    if (step >= left && step > 0) return [ax + ((bx - ax) * left) / step, ay + ((by - ay) * left) / step];
    left -= step;
  }
  return run[0]!;
}

/** the runs of consecutive points of a line inside the frame */
function runsInside(line: readonly Px[], width: number, height: number): Px[][] {
  const inside = ([x, y]: Px) =>
    x >= FRAME_MARGIN_PX &&
    x <= width - FRAME_MARGIN_PX &&
    y >= FRAME_MARGIN_PX &&
    y <= height - FRAME_MARGIN_PX;
  const runs: Px[][] = [];
  let current: Px[] = [];
  for (const point of line) {
    if (inside(point)) current.push(point);
    else {
      if (current.length > 1) runs.push(current);
      current = [];
    }
  }
  if (current.length > 1) runs.push(current);
  return runs;
}

const JOIN_PX = 0.8;
const near = (a: Px, b: Px) => Math.abs(a[0] - b[0]) <= JOIN_PX && Math.abs(a[1] - b[1]) <= JOIN_PX;

/**
 * The lines of one name joined end to end: OpenStreetMap cuts a street into many short
 * ways (at every junction, every change of tag), too short each to carry its name.
 */
export function joinedLines(lines: readonly Px[][]): Px[][] {
  const open = lines.filter((line) => line.length > 1).map((line) => [...line]);
  const joined: Px[][] = [];
  while (open.length > 0) {
    let chain = open.pop()!;
    for (let grown = true; grown; ) {
      grown = false;
      for (let i = 0; i < open.length; i++) {
        const line = open[i]!;
        const head = chain[0]!;
        const tail = chain.at(-1)!;
        if (near(tail, line[0]!)) chain = [...chain, ...line.slice(1)];
        else if (near(tail, line.at(-1)!)) chain = [...chain, ...[...line].reverse().slice(1)];
        else if (near(head, line.at(-1)!)) chain = [...line.slice(0, -1), ...chain];
        else if (near(head, line[0]!)) chain = [...[...line].reverse().slice(0, -1), ...chain];
        else continue;
        open.splice(i, 1);
        grown = true;
        break;
      }
    }
    joined.push(chain);
  }
  return joined;
}

/** the SVG of the streets (under the buildings) and of their names (over them) */
export function streetsSvg(
  streets: readonly SiteStreet[],
  px: (point: readonly [number, number]) => Px,
  /** `keepClear`: what no name may cover (the address, the north arrow, the scale bar) */
  frame: { width: number; height: number; keepClear: Array<{ at: Px; radius: number }> },
  lang: ReportLang,
): { lines: string; names: string } {
  const byKind = new Map<SiteStreet['kind'], string[]>();
  const candidates: Array<{ name: string; run: Px[]; kind: SiteStreet['kind']; length: number }> = [];
  const byName = new Map<string, { kind: SiteStreet['kind']; lines: Px[][] }>();
  for (const street of streets) {
    const projected = street.lines.map((line) => line.map(px));
    const subpaths = byKind.get(street.kind) ?? [];
    for (const line of projected) subpaths.push(`M${line.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}`);
    byKind.set(street.kind, subpaths);
    if (!street.name) continue;
    const name = streetNameFor(street.name, lang);
    const entry = byName.get(name) ?? { kind: street.kind, lines: [] };
    if (KIND_ORDER[street.kind] < KIND_ORDER[entry.kind]) entry.kind = street.kind;
    entry.lines.push(...projected);
    byName.set(name, entry);
  }
  for (const [name, { kind, lines }] of byName)
    for (const line of joinedLines(lines))
      for (const run of runsInside(line, frame.width, frame.height))
        candidates.push({ name, run, kind, length: lengthOf(run) });
  const lines = (['path', 'street', 'main'] as const)
    .filter((kind) => byKind.has(kind))
    .map(
      (kind) =>
        `<path class="streets ${kind}" d="${byKind.get(kind)!.join('')}" fill="none" stroke="#ffffff" stroke-opacity="0.9" stroke-width="${STREET_STROKE[kind]}" stroke-linecap="round" stroke-linejoin="round"${kind === 'path' ? ' stroke-dasharray="2 1.5"' : ''}/>`,
    )
    .join('');

  // names: main roads first, then the longest pieces; one label per name
  candidates.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.length - a.length);
  const placed: Array<{ at: Px; radius: number }> = [...frame.keepClear];
  const named = new Set<string>();
  const labels: string[] = [];
  for (const candidate of candidates) {
    if (labels.length >= MAX_LABELS) break;
    if (named.has(candidate.name)) continue;
    const textPx = candidate.name.length * GLYPH_PX;
    if (candidate.length < textPx + 6) continue;
    const at = middleOf(candidate.run);
    const radius = textPx / 2;
    if (
      placed.some(
        (other) => Math.hypot(other.at[0] - at[0], other.at[1] - at[1]) < (other.radius + radius) * 0.8,
      )
    )
      continue;
    placed.push({ at, radius });
    named.add(candidate.name);
    // read left to right: a street drawn westwards is written along its reverse
    const run =
      candidate.run[0]![0] <= candidate.run.at(-1)![0] ? candidate.run : [...candidate.run].reverse();
    const id = `street-${labels.length}`;
    // the name's plate: a light ribbon along the middle of its street, as long as the name.
    // Not a stroke on the text: Chromium prints stroked text as Type 3 glyphs, not as the font
    const plate = textPx + 6;
    const before = Math.max(0, (candidate.length - plate) / 2);
    labels.push(
      `<path id="${id}" d="M${run.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="${LABEL_SIZE_PX + 2.5}" stroke-linecap="round" stroke-dasharray="0 ${n(before)} ${n(plate)} ${n(candidate.length)}"/>` +
        `<text font-size="${LABEL_SIZE_PX}" fill="#1f2d3d" dy="2.8"><textPath href="#${id}" startOffset="50%" text-anchor="middle">${escapeHtml(candidate.name)}</textPath></text>`,
    );
  }
  return { lines, names: labels.length > 0 ? `<g class="street-names">${labels.join('')}</g>` : '' };
}
