/**
 * Exact Euclidean distance transform on a grid (Felzenszwalb & Huttenlocher 2012,
 * lower envelope of parabolas, separable in rows and columns). Distances are in cells,
 * measured between cell centres; `nearest` receives the index of the closest feature.
 */
export function distanceTransform(
  isFeature: (cell: number) => boolean,
  cols: number,
  rows: number,
  nearest?: Int32Array,
): Float32Array {
  const INF = 1e20;
  const n = cols * rows;
  const d2 = new Float64Array(n);
  const owner = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (isFeature(i)) {
      d2[i] = 0;
      owner[i] = i;
    } else d2[i] = INF;
  }
  const size = Math.max(cols, rows);
  const f = new Float64Array(size);
  const fo = new Int32Array(size);
  const v = new Int32Array(size);
  const z = new Float64Array(size + 1);
  const out = new Float64Array(size);
  const outOwner = new Int32Array(size);

  const pass = (length: number, get: (k: number) => number, set: (k: number) => void) => {
    let any = false;
    for (let q = 0; q < length; q++) {
      const idx = get(q);
      f[q] = d2[idx]!;
      fo[q] = owner[idx]!;
      if (f[q]! < INF) any = true;
    }
    if (!any) return;
    let k = 0;
    v[0] = 0;
    z[0] = -Infinity;
    z[1] = Infinity;
    for (let q = 1; q < length; q++) {
      if (f[q]! >= INF) continue;
      if (f[v[0]!]! >= INF) {
        v[0] = q;
        continue;
      }
      let s: number;
      for (;;) {
        const p = v[k]!;
        s = (f[q]! + q * q - (f[p]! + p * p)) / (2 * q - 2 * p);
        if (s <= z[k]! && k > 0) k--;
        else break;
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = Infinity;
    }
    let j = 0;
    for (let q = 0; q < length; q++) {
      while (z[j + 1]! < q) j++;
      const p = v[j]!;
      out[q] = (q - p) * (q - p) + f[p]!;
      outOwner[q] = fo[p]!;
    }
    for (let q = 0; q < length; q++) set(q);
  };

  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    pass(
      cols,
      (q) => base + q,
      (q) => {
        d2[base + q] = out[q]!;
        owner[base + q] = outOwner[q]!;
      },
    );
  }
  for (let c = 0; c < cols; c++) {
    pass(
      rows,
      (q) => q * cols + c,
      (q) => {
        d2[q * cols + c] = out[q]!;
        owner[q * cols + c] = outOwner[q]!;
      },
    );
  }
  const result = new Float32Array(n);
  for (let i = 0; i < n; i++) result[i] = d2[i]! >= INF ? Number.POSITIVE_INFINITY : Math.sqrt(d2[i]!);
  if (nearest) nearest.set(owner);
  return result;
}
