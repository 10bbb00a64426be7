import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import opentype, { type PathCommand } from 'opentype.js';
import { PbfWriter } from 'pbf';

/**
 * Glyph ranges for MapLibre text (256 code points per PBF, signed distance fields at
 * 24 px with a 3 px border, as MapLibre reads them), made from the Inter font files the
 * service already ships for its reports (@fontsource/inter): no font server, no network.
 * Outlines come from opentype.js; each pixel's distance is measured to the flattened
 * outline and signed by the nonzero winding rule (the fontnik method).
 */
const SIZE = 24;
const BORDER = 3;
/** distance range, pixels, and where the edge sits in it (MapLibre reads the edge at 192/255) */
const RADIUS = 8;
const CUTOFF = 0.25;
/** the distance past which the field saturates both ways */
const REACH = RADIUS * (1 - CUTOFF);

type Font = ReturnType<typeof opentype.parse>;

const FONT_FILES: Record<string, string[]> = {
  'Inter Regular': ['inter-latin-400-normal.woff', 'inter-latin-ext-400-normal.woff'],
  'Inter SemiBold': ['inter-latin-600-normal.woff', 'inter-latin-ext-600-normal.woff'],
};
export const FONT_STACKS = Object.keys(FONT_FILES);

const loaded = new Map<string, Font[]>();
function fonts(stack: string): Font[] {
  let list = loaded.get(stack);
  if (!list) {
    const dir = join(
      dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json')),
      'files',
    );
    list = FONT_FILES[stack]!.map((file) => {
      const bytes = readFileSync(join(dir, file));
      return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    });
    loaded.set(stack, list);
  }
  return list;
}

type Segment = [number, number, number, number];

/** the glyph's outline as straight segments, in pixels, y up */
function segments(path: { commands: PathCommand[] }): Segment[] {
  const out: Segment[] = [];
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  const to = (nx: number, ny: number) => {
    out.push([x, y, nx, ny]);
    x = nx;
    y = ny;
  };
  const STEPS = 6;
  for (const c of path.commands) {
    if (c.type === 'M') {
      x = sx = c.x!;
      y = sy = c.y!;
    } else if (c.type === 'L') to(c.x!, c.y!);
    else if (c.type === 'Q') {
      const [x0, y0] = [x, y];
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        to(u * u * x0 + 2 * u * t * c.x1! + t * t * c.x!, u * u * y0 + 2 * u * t * c.y1! + t * t * c.y!);
      }
    } else if (c.type === 'C') {
      const [x0, y0] = [x, y];
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        to(
          u * u * u * x0 + 3 * u * u * t * c.x1! + 3 * u * t * t * c.x2! + t * t * t * c.x!,
          u * u * u * y0 + 3 * u * u * t * c.y1! + 3 * u * t * t * c.y2! + t * t * t * c.y!,
        );
      }
    } else if (c.type === 'Z') to(sx, sy);
  }
  return out;
}

function distanceToSegment(px: number, py: number, [x1, y1, x2, y2]: Segment): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len));
  const ex = x1 + t * dx - px;
  const ey = y1 + t * dy - py;
  return Math.sqrt(ex * ex + ey * ey);
}

/** whether a point of the row at `py` is inside the outline (nonzero winding), from the row's crossings */
function insideSpans(py: number, segs: readonly Segment[]): (px: number) => boolean {
  const crossings: Array<[number, number]> = [];
  for (const [x1, y1, x2, y2] of segs) {
    if (y1 <= py === y2 <= py) continue;
    crossings.push([x1 + ((py - y1) * (x2 - x1)) / (y2 - y1), y2 > y1 ? 1 : -1]);
  }
  crossings.sort((a, b) => a[0] - b[0]);
  return (px) => {
    let w = 0;
    for (const [x, dir] of crossings) {
      if (x > px) break;
      w += dir;
    }
    return w !== 0;
  };
}

interface Glyph {
  id: number;
  bitmap: Uint8Array | null;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

function drawGlyph(font: Font, code: number): Glyph | null {
  const glyph = font.charToGlyph(String.fromCodePoint(code));
  if (!glyph || glyph.index === 0) return null;
  const scale = SIZE / font.unitsPerEm;
  const advance = Math.round((glyph.advanceWidth ?? 0) * scale);
  // opentype.js paths are y down; flip to y up for the metrics
  const path = glyph.getPath(0, 0, SIZE);
  const segs = segments(path).map(([a, b, c, d]) => [a, -b, c, -d] as Segment);
  if (segs.length === 0) return { id: code, bitmap: null, width: 0, height: 0, left: 0, top: -26, advance };
  let xMin = Infinity;
  let xMax = -Infinity;
  let yMin = Infinity;
  let yMax = -Infinity;
  for (const [x1, y1, x2, y2] of segs) {
    xMin = Math.min(xMin, x1, x2);
    xMax = Math.max(xMax, x1, x2);
    yMin = Math.min(yMin, y1, y2);
    yMax = Math.max(yMax, y1, y2);
  }
  const left = Math.floor(xMin);
  const top = Math.ceil(yMax);
  const width = Math.ceil(xMax) - left;
  const height = top - Math.floor(yMin);
  const w = width + 2 * BORDER;
  const h = height + 2 * BORDER;
  // distances beyond REACH saturate the field: each segment only touches pixels that near
  const dist = new Float64Array(w * h).fill(REACH);
  for (const seg of segs) {
    const [x1, y1, x2, y2] = seg;
    const i0 = Math.max(0, Math.floor(Math.min(x1, x2) - REACH - left + BORDER));
    const i1 = Math.min(w - 1, Math.ceil(Math.max(x1, x2) + REACH - left + BORDER));
    const j0 = Math.max(0, Math.floor(top + BORDER - Math.max(y1, y2) - REACH));
    const j1 = Math.min(h - 1, Math.ceil(top + BORDER - Math.min(y1, y2) + REACH));
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) {
        const d = distanceToSegment(left - BORDER + i + 0.5, top + BORDER - j - 0.5, seg);
        if (d < dist[j * w + i]!) dist[j * w + i] = d;
      }
  }
  const bitmap = new Uint8Array(w * h);
  for (let j = 0; j < h; j++) {
    const py = top + BORDER - j - 0.5;
    const inside = insideSpans(py, segs);
    for (let i = 0; i < w; i++) {
      const px = left - BORDER + i + 0.5;
      const d = dist[j * w + i]!;
      const signed = inside(px) ? -d : d;
      bitmap[j * w + i] = Math.max(0, Math.min(255, Math.round(255 - 255 * (signed / RADIUS + CUTOFF))));
    }
  }
  // MapLibre places a glyph's top relative to a line box 24 px high, baseline offset as its own glyphs are
  return { id: code, bitmap, width, height, left, top: top - 26, advance };
}

/** the PBF of code points start … start + 255 in `stack`; code points the font lacks are left out */
export function glyphRange(stack: string, start: number): Uint8Array {
  const list = fonts(stack);
  const glyphs: Glyph[] = [];
  for (let code = start; code < start + 256; code++) {
    for (const font of list) {
      const g = drawGlyph(font, code);
      if (g) {
        glyphs.push(g);
        break;
      }
    }
  }
  const pbf = new PbfWriter();
  pbf.writeMessage(
    1,
    (_: unknown, p: PbfWriter) => {
      p.writeStringField(1, stack);
      p.writeStringField(2, `${start}-${start + 255}`);
      for (const g of glyphs)
        p.writeMessage(
          3,
          (glyph: Glyph, q: PbfWriter) => {
            q.writeVarintField(1, glyph.id);
            if (glyph.bitmap) q.writeBytesField(2, glyph.bitmap);
            q.writeVarintField(3, glyph.width);
            q.writeVarintField(4, glyph.height);
            q.writeSVarintField(5, glyph.left);
            q.writeSVarintField(6, glyph.top);
            q.writeVarintField(7, glyph.advance);
          },
          g,
        );
    },
    null,
  );
  return pbf.finish();
}
