import { IGNORED_QUERY_WORDS } from './abbreviations.ts';
import { allowedTypos, boundedEditDistance } from './edit-distance.ts';
import { isNumberToken, isStopWord, searchTokens } from './normalise.ts';

/**
 * Relevance of a candidate to a query, 0 to 1, from the words alone: how much of the
 * query the candidate explains (most of the weight), how much of the candidate's own
 * name the query named (so 'Grand-Place' beats 'Rue du Grand Hospice' for 'grand
 * place'), and a small share of the candidate's prominence to order equals.
 */
export interface QueryToken {
  text: string;
  /** articles and prepositions count lightly */
  weight: number;
  /** the word being typed: may still be a prefix */
  last: boolean;
}

export interface CandidateWords {
  /** normalised words the candidate is found by (name, number, postcode, municipality names) */
  search: readonly string[];
  /** normalised words of its own name (street and number, or place name) */
  name: readonly string[];
  /** 0 to 1 */
  importance: number;
}

const QUERY_SHARE = 0.7;
const NAME_SHARE = 0.2;
const IMPORTANCE_SHARE = 0.1;
const STOP_WORD_WEIGHT = 0.25;

export function queryTokens(query: string): QueryToken[] {
  const words = searchTokens(query).filter((word) => !IGNORED_QUERY_WORDS.has(word));
  return words.map((text, index) => ({
    text,
    weight: isStopWord(text) ? STOP_WORD_WEIGHT : 1,
    last: index === words.length - 1,
  }));
}

/** How well one typed word matches one candidate word: 1 exact, less for a prefix or a typo, 0 none. */
export function wordMatch(typed: string, last: boolean, word: string): number {
  if (typed === word) return 1;
  if (isNumberToken(typed) || isNumberToken(word)) {
    // '12' typed, '12a' stored: most likely the house meant
    return isNumberToken(typed) && word.startsWith(typed) && /^[a-z]+$/.test(word.slice(typed.length))
      ? 0.8
      : 0;
  }
  if ((last ? typed.length >= 2 : typed.length >= 4) && word.startsWith(typed)) {
    return 0.6 + 0.3 * (typed.length / word.length);
  }
  const max = allowedTypos(typed.length);
  if (max === 0) return 0;
  const distance = boundedEditDistance(typed, word, max);
  if (distance > max) return 0;
  return Math.max(0.5, 1 - (1.5 * distance) / Math.max(typed.length, word.length));
}

/**
 * Scores many candidates against one query. Each distinct candidate word is compared with
 * the typed words once (a few hundred candidates share their municipality names, 'rue',
 * postcodes), so ranking costs little more than reading the candidates.
 */
export function createRelevanceScorer(query: readonly QueryToken[]): (candidate: CandidateWords) => number {
  const total = query.reduce((sum, token) => sum + token.weight, 0);
  const matches = new Map<string, Float64Array>();
  const matchesOf = (word: string): Float64Array => {
    let vector = matches.get(word);
    if (!vector) {
      vector = new Float64Array(query.length);
      query.forEach((token, i) => {
        vector![i] = wordMatch(token.text, token.last, word);
      });
      matches.set(word, vector);
    }
    return vector;
  };
  const best = new Float64Array(query.length);
  return (candidate) => {
    if (query.length === 0) return 0;
    best.fill(0);
    for (const word of candidate.search) {
      const vector = matchesOf(word);
      for (let i = 0; i < vector.length; i++) if (vector[i]! > best[i]!) best[i] = vector[i]!;
    }
    let explained = 0;
    query.forEach((token, i) => {
      explained += token.weight * best[i]!;
    });
    const queryCoverage = explained / total;
    if (queryCoverage === 0) return 0;
    // an article in the name counts lightly: 'Rue Termon' names 'Rue Termon' better than 'Rue de Termon'
    let named = 0;
    let nameWeight = 0;
    for (const word of candidate.name) {
      const weight = isStopWord(word) ? STOP_WORD_WEIGHT : 1;
      let best = 0;
      for (const value of matchesOf(word)) if (value > best) best = value;
      named += weight * best;
      nameWeight += weight;
    }
    const nameCoverage = nameWeight > 0 ? named / nameWeight : 0;
    const score =
      QUERY_SHARE * queryCoverage +
      NAME_SHARE * nameCoverage +
      IMPORTANCE_SHARE * Math.min(1, Math.max(0, candidate.importance));
    return Math.round(Math.min(1, score) * 1000) / 1000;
  };
}

/** The relevance of one candidate (see createRelevanceScorer for many). */
export function relevance(query: readonly QueryToken[], candidate: CandidateWords): number {
  return createRelevanceScorer(query)(candidate);
}
