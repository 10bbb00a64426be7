/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions and adjacent
 * transpositions each cost 1), giving up as soon as the distance must exceed `max`:
 * typo tolerance only ever asks "within 1 or 2?", and the early exit keeps it cheap.
 * Returns max + 1 when the distance is larger than max.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  let previousRowMin = 0;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // a transposition can still reach back two rows, hence the previous row's minimum + 1
    if (Math.min(rowMin, previousRowMin + 1) > max) return max + 1;
    previousRowMin = rowMin;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[b.length]!;
  return distance > max ? max + 1 : distance;
}

/** How many typos a word of this length may carry and still be recognised. */
export function allowedTypos(length: number): number {
  if (length <= 3) return 0;
  if (length <= 7) return 1;
  return 2;
}
