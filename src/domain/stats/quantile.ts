/**
 * The q-quantile of a sample, interpolating linearly between order statistics (the
 * definition of R's type 7 and NumPy's default). Found by selection rather than a sort: a
 * year of hours is 8,760 values, and a block needs one quantile of them, so selecting the
 * two order statistics around the position costs O(n) against the sort's O(n log n).
 */

/** Rearranges `values[from..to]` so that `values[k]` holds the k-th smallest and everything before it is ≤ it. */
function select(values: Float64Array, k: number, from: number, to: number): void {
  let left = from;
  let right = to;
  while (right > left) {
    // median of three as the pivot: a sorted or reversed input stays linear
    const middle = (left + right) >>> 1;
    const pivot = medianOfThree(values[left]!, values[middle]!, values[right]!);
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i++;
        j--;
      }
    }
    // [left..j] ≤ pivot ≤ [i..right]; between them, values equal to the pivot
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

function medianOfThree(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}

/**
 * The q-quantile (0 ≤ q ≤ 1) of `values`, which must hold no NaN; `values` is reordered in
 * the process. NaN for an empty sample.
 */
export function quantileInPlace(values: Float64Array, q: number): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const position = (n - 1) * q;
  const below = Math.floor(position);
  select(values, below, 0, n - 1);
  const low = values[below]!;
  if (below + 1 >= n || position === below) return low;
  // the next order statistic is the smallest value after `below`
  let high = values[below + 1]!;
  for (let i = below + 2; i < n; i++) if (values[i]! < high) high = values[i]!;
  return low + (position - below) * (high - low);
}
