import { ModelUnavailableError } from '../../../domain/errors/failures.ts';
import type { BuildingFootprint, DomainId, LonLatWindow } from '../../../domain/grid/model-data.ts';
import { type Squares, TILE_EXTENT } from '../../../domain/map/cell-squares.ts';
import { latToTileY, lonToTileX, type TileAddress } from '../../../domain/map/mercator.ts';
import { windowToCells } from '../compute/window.ts';
import type { Morphology } from '../morphology/morphology.ts';

/**
 * Building footprints by domain, for the main thread and the compute threads alike.
 * A morphology's footprints are rectangles of grid cells sorted by first row; a window
 * is answered by a binary search and a scan bounded by the tallest rectangle, measured
 * once per morphology (a city replaced while running is measured again).
 */
export class DomainFootprints {
  private readonly rowSpans = new WeakMap<Morphology, number>();

  constructor(private readonly domains: ReadonlyMap<DomainId, Morphology>) {}

  /** the footprints a window shows, as rings */
  inWindow(id: DomainId, window: LonLatWindow): BuildingFootprint[] {
    const { m, span } = this.get(id);
    return buildingsIn(m, window, span);
  }

  /**
   * The same footprints as squares in a tile's pixels carrying `Height`: a rectangle
   * of cells projects to an axis-aligned box, so a z13 tile's ~20,000 footprints need
   * two projections each and no per-vertex objects. The squares, their order and their
   * rounding are those building-features.ts makes of the rings (tested byte for byte).
   */
  tileSquares(id: DomainId, window: LonLatWindow, tile: TileAddress): Squares {
    const { m, span } = this.get(id);
    const g = m.info.grid;
    const heights = m.footprints.rectHeightM;
    const x = (col: number) => Math.round((lonToTileX(g.west + col * g.dLon, tile.z) - tile.x) * TILE_EXTENT);
    const y = (row: number) =>
      Math.round((latToTileY(g.north - row * g.dLat, tile.z) - tile.y) * TILE_EXTENT);
    const found: number[] = [];
    scanRects(m, window, span, (i) => found.push(i));
    const squares: Squares = {
      count: 0,
      x0: new Int32Array(found.length),
      y0: new Int32Array(found.length),
      x1: new Int32Array(found.length),
      y1: new Int32Array(found.length),
      values: { Height: new Float64Array(found.length) },
    };
    const rects = m.footprints.rects;
    for (const i of found) {
      const x0 = x(rects[i * 4]!);
      const x1 = x(rects[i * 4 + 2]! + 1);
      const y0 = y(rects[i * 4 + 1]!);
      const y1 = y(rects[i * 4 + 3]! + 1);
      // collapsed at this zoom: the ring would have had no area
      if (x1 <= x0 || y1 <= y0) continue;
      const k = squares.count++;
      squares.x0[k] = x0;
      squares.x1[k] = x1;
      squares.y0[k] = y0;
      squares.y1[k] = y1;
      squares.values.Height![k] = Math.round(heights[i]! * 10) / 10;
    }
    return squares;
  }

  private get(id: DomainId): { m: Morphology; span: number } {
    const m = this.domains.get(id);
    if (!m) throw new ModelUnavailableError(`unknown model domain ${id}`);
    let span = this.rowSpans.get(m);
    if (span === undefined) {
      span = maxRectRowSpan(m);
      this.rowSpans.set(m, span);
    }
    return { m, span };
  }
}

/** Each rectangle (by index) that intersects the window, in the morphology's order. */
function scanRects(m: Morphology, w: LonLatWindow, maxRowSpan: number, visit: (rect: number) => void): void {
  const sub = windowToCells(m.info.grid, w);
  if (sub.cols === 0 || sub.rows === 0) return;
  const rects = m.footprints.rects;
  const c0 = sub.col0;
  const c1 = sub.col0 + sub.cols - 1;
  const r0 = sub.row0;
  const r1 = sub.row0 + sub.rows - 1;
  // rectangles are sorted by first row: binary-search the first that could reach r0
  let lo = 0;
  let hi = m.rectCount;
  const startRow = r0 - maxRowSpan;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rects[mid * 4 + 1]! < startRow) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < m.rectCount; i++) {
    const rc0 = rects[i * 4]!;
    const rr0 = rects[i * 4 + 1]!;
    const rc1 = rects[i * 4 + 2]!;
    const rr1 = rects[i * 4 + 3]!;
    if (rr0 > r1) break;
    if (rr1 < r0 || rc1 < c0 || rc0 > c1) continue;
    visit(i);
  }
}

export function buildingsIn(m: Morphology, w: LonLatWindow, maxRowSpan: number): BuildingFootprint[] {
  const g = m.info.grid;
  const { rects, rectHeightM } = m.footprints;
  const out: BuildingFootprint[] = [];
  scanRects(m, w, maxRowSpan, (i) => {
    const west = g.west + rects[i * 4]! * g.dLon;
    const east = g.west + (rects[i * 4 + 2]! + 1) * g.dLon;
    const north = g.north - rects[i * 4 + 1]! * g.dLat;
    const south = g.north - (rects[i * 4 + 3]! + 1) * g.dLat;
    out.push({
      ring: [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
      heightM: rectHeightM[i]!,
    });
  });
  return out;
}

/** the tallest north–south extent of any rectangle, in rows (bounds the window scan) */
export function maxRectRowSpan(m: Morphology): number {
  let span = 0;
  for (let i = 0; i < m.rectCount; i++)
    span = Math.max(span, m.footprints.rects[i * 4 + 3]! - m.footprints.rects[i * 4 + 1]!);
  return span;
}
