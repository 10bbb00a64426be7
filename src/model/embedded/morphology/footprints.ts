/**
 * Building footprints for the map: building cells merged into grid-aligned rectangles
 * of equal height (runs along a row, extended down while the run below is identical).
 * Sorted by first row, so a window's footprints are a contiguous scan.
 */
export interface Rectangles {
  rects: Int32Array;
  heights: Float32Array;
}

export function footprintRectangles(
  heightM: Float32Array,
  isBuilding: Uint8Array,
  cols: number,
  rows: number,
): Rectangles {
  const rects: number[] = [];
  const heights: number[] = [];
  // open rectangles keyed by "col0:col1:height", extended while rows keep matching
  let open = new Map<string, number>();
  for (let r = 0; r < rows; r++) {
    const next = new Map<string, number>();
    let col = 0;
    while (col < cols) {
      const cell = r * cols + col;
      if (!isBuilding[cell]) {
        col++;
        continue;
      }
      const h = heightM[cell]!;
      let end = col;
      while (end + 1 < cols && isBuilding[cell + end + 1 - col] && heightM[cell + end + 1 - col] === h) end++;
      const key = `${col}:${end}:${h}`;
      const existing = open.get(key);
      if (existing !== undefined) {
        rects[existing * 4 + 3] = r;
        next.set(key, existing);
      } else {
        const id = heights.length;
        rects.push(col, r, end, r);
        heights.push(h);
        next.set(key, id);
      }
      col = end + 1;
    }
    open = next;
  }
  return { rects: Int32Array.from(rects), heights: Float32Array.from(heights) };
}
