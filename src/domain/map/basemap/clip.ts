/**
 * Clipping in tile pixels to the tile and its buffer: MapLibre stores tile geometry in
 * 16-bit integers and distorts what lies far outside, so a long road or a large park is
 * cut to the box. Lines with Cohen–Sutherland per segment (a line leaving and coming back
 * becomes two), polygon rings with Sutherland–Hodgman (the box is convex).
 */
export type Point = [number, number];
export interface Box {
  min: number;
  max: number;
}

function code([x, y]: Point, b: Box): number {
  return (x < b.min ? 1 : x > b.max ? 2 : 0) | (y < b.min ? 4 : y > b.max ? 8 : 0);
}

function intersect(a: Point, c: Point, edge: number, b: Box): Point {
  const [x1, y1] = a;
  const [x2, y2] = c;
  if (edge & 1) return [b.min, y1 + ((y2 - y1) * (b.min - x1)) / (x2 - x1)];
  if (edge & 2) return [b.max, y1 + ((y2 - y1) * (b.max - x1)) / (x2 - x1)];
  if (edge & 4) return [x1 + ((x2 - x1) * (b.min - y1)) / (y2 - y1), b.min];
  return [x1 + ((x2 - x1) * (b.max - y1)) / (y2 - y1), b.max];
}

/** a segment clipped to the box, or null when it lies outside */
function clipSegment(p: Point, q: Point, b: Box): [Point, Point] | null {
  let a = p;
  let c = q;
  let ca = code(a, b);
  let cc = code(c, b);
  for (;;) {
    if ((ca | cc) === 0) return [a, c];
    if (ca & cc) return null;
    const out = ca || cc;
    const cut = intersect(a, c, out & 1 ? 1 : out & 2 ? 2 : out & 4 ? 4 : 8, b);
    if (out === ca) {
      a = cut;
      ca = code(a, b);
    } else {
      c = cut;
      cc = code(c, b);
    }
  }
}

export function clipLine(line: readonly Point[], b: Box): Point[][] {
  const out: Point[][] = [];
  let current: Point[] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const seg = clipSegment(line[i]!, line[i + 1]!, b);
    if (seg === null) {
      if (current.length > 1) out.push(current);
      current = [];
      continue;
    }
    const last = current[current.length - 1];
    if (!last || last[0] !== seg[0][0] || last[1] !== seg[0][1]) {
      if (current.length > 1) out.push(current);
      current = [seg[0]];
    }
    current.push(seg[1]);
    // the segment's end was cut: the line leaves the box here
    if (seg[1] !== line[i + 1]) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 1) out.push(current);
  return out;
}

const EDGES: Array<{ inside: (p: Point, b: Box) => boolean; bit: number }> = [
  { inside: (p, b) => p[0] >= b.min, bit: 1 },
  { inside: (p, b) => p[0] <= b.max, bit: 2 },
  { inside: (p, b) => p[1] >= b.min, bit: 4 },
  { inside: (p, b) => p[1] <= b.max, bit: 8 },
];

/** an open ring (no repeated closing point) clipped to the box; fewer than 3 points means gone */
export function clipRing(ring: readonly Point[], b: Box): Point[] {
  let points: Point[] = ring.slice();
  for (const { inside, bit } of EDGES) {
    if (points.length === 0) break;
    const input = points;
    points = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!;
      const prev = input[(i + input.length - 1) % input.length]!;
      const curIn = inside(cur, b);
      const prevIn = inside(prev, b);
      if (curIn) {
        if (!prevIn) points.push(intersect(prev, cur, bit, b));
        points.push(cur);
      } else if (prevIn) points.push(intersect(prev, cur, bit, b));
    }
  }
  return points;
}
