/**
 * Runs `run` on contiguous parts of `items` side by side, at most one part per thread and
 * at least `minPerPart` items in each (below that a thread hop costs more than it saves),
 * and joins the parts' results in the items' order. One part runs alone, unsplit.
 */
export async function spreadOverThreads<Item, Result>(
  items: readonly Item[],
  threads: number,
  minPerPart: number,
  run: (part: Item[]) => Promise<Result[]>,
): Promise<Result[]> {
  const parts = Math.min(threads, Math.ceil(items.length / minPerPart));
  if (parts <= 1) return run([...items]);
  const per = Math.ceil(items.length / parts);
  const results = await Promise.all(
    Array.from({ length: parts }, (_, k) => run(items.slice(k * per, (k + 1) * per))),
  );
  return results.flat();
}
