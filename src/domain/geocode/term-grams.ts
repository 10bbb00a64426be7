/**
 * Trigrams of a vocabulary word, padded with '^' and '$' so that short words with a typo
 * in the middle still share their first and last grams with the right word
 * ('plce' and 'place' share '^pl' and 'ce$'). The gazetteer looks typo candidates up
 * by these grams, then confirms them with the edit distance.
 */
export function termGrams(term: string): string[] {
  const padded = `^${term}$`;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return [...grams];
}
