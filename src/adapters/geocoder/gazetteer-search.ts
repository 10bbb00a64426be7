import type { Kysely } from 'kysely';
import { allowedTypos, boundedEditDistance } from '../../domain/geocode/edit-distance.ts';
import type { GeocodeMatch } from '../../domain/geocode/geocode-result.ts';
import { isNumberToken, isStopWord, searchTokens } from '../../domain/geocode/normalise.ts';
import {
  type CandidateWords,
  createRelevanceScorer,
  type QueryToken,
  queryTokens,
  wordMatch,
} from '../../domain/geocode/relevance.ts';
import type { GeocodeCandidate } from '../../services/geocoder-port.ts';
import type { Database } from '../store/schema.ts';
import { addressesOnStreets, interpolatedOnStreet } from './gazetteer-addresses.ts';
import type { GazetteerFullText, GazetteerRow, WordAlternatives } from './gazetteer-full-text.ts';
import { namedRowCount, termFrequencies, typoCandidates } from './gazetteer-vocabulary.ts';

/**
 * Forward search over the embedded gazetteer, the same on both dialects: plan which
 * indexed words each typed word may stand for (itself, a prefix while typing, typo
 * corrections from the vocabulary), let the full-text index find named candidates (every
 * word first; any rare word when that finds nothing), look the house number up on the
 * best streets, then rank with the pure relevance function and keep one language
 * variant per place.
 */
const CANDIDATES_PER_PASS = 200;
/** the localities holding every word, looked for apart (FullTextQuery.localities) */
const LOCALITIES_PER_PASS = 10;
const TYPO_CANDIDATES = 100;
const CORRECTIONS_PER_WORD = 5;
/** below this, a candidate is noise rather than a match */
export const MIN_RELEVANCE = 0.6;
/** a word in more than this share of named rows is too common to retrieve by alone */
const COMMON_SHARE = 0.02;
const COMMON_FLOOR = 500;

export interface PlannedWord {
  token: QueryToken;
  alternatives: WordAlternatives;
  known: boolean;
  docs: number;
}

export async function planWords(db: Kysely<Database>, tokens: QueryToken[]): Promise<PlannedWord[]> {
  const words = tokens.filter((token) => !isStopWord(token.text));
  const frequencies = await termFrequencies(
    db,
    words.map((word) => word.text),
  );
  const planned: PlannedWord[] = [];
  for (const token of words) {
    const docs = frequencies.get(token.text) ?? 0;
    const known = docs > 0;
    const terms = known || isNumberToken(token.text) ? [token.text] : [];
    const prefixes: string[] = [];
    if (!isNumberToken(token.text) && token.text.length >= 3 && (token.last || !known))
      prefixes.push(token.text);
    if (!known && !isNumberToken(token.text)) terms.push(...(await corrections(db, token.text)));
    planned.push({
      token,
      alternatives: { terms: prefixes.length > 0 ? terms.filter((t) => t !== token.text) : terms, prefixes },
      known,
      docs,
    });
  }
  return planned;
}

/** Vocabulary words within the allowed number of typos, closest first. */
async function corrections(db: Kysely<Database>, word: string): Promise<string[]> {
  const max = allowedTypos(word.length);
  if (max === 0) return [];
  const candidates = await typoCandidates(db, word, max, TYPO_CANDIDATES);
  return candidates
    .map((term) => ({ term, distance: boundedEditDistance(word, term, max) }))
    .filter((candidate) => candidate.distance <= max)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, CORRECTIONS_PER_WORD)
    .map((candidate) => candidate.term);
}

function hasAlternatives(word: PlannedWord): boolean {
  return word.alternatives.terms.length + word.alternatives.prefixes.length > 0;
}

/**
 * House numbers the query may name: numbers the vocabulary does not know (postcodes it
 * does), with a following single letter glued on ('12 b' → '12b' or '12').
 */
export function houseNumbers(tokens: QueryToken[], words: PlannedWord[]): string[] {
  const out: string[] = [];
  tokens.forEach((token, i) => {
    const word = words.find((candidate) => candidate.token === token);
    if (!word || word.known || !isNumberToken(token.text)) return;
    out.push(token.text);
    const next = tokens[i + 1]?.text;
    if (next && /^[a-z]$/.test(next)) out.push(token.text + next);
    const digits = /^\d+/.exec(token.text)?.[0];
    if (digits && digits !== token.text) out.push(digits);
  });
  return out;
}

/** How many of the best streets found are searched for the house number. */
const STREETS_FOR_NUMBERS = 5;
/** and how many, when none holds it, for its neighbours (the starter set and a package may both name a street) */
const STREETS_FOR_INTERPOLATION = 3;

export async function searchGazetteer(
  db: Kysely<Database>,
  fullText: GazetteerFullText,
  q: string,
  limit: number,
): Promise<GeocodeCandidate[]> {
  const tokens = queryTokens(q);
  const words = await planWords(db, tokens);
  // nothing but articles and prepositions ('de', 'la') names no place
  if (words.length === 0) return [];
  const found = new Map<number, GazetteerRow>();
  const collect = (rows: GazetteerRow[]) => {
    for (const row of rows) found.set(row.id, row);
  };

  const numbers = houseNumbers(tokens, words);
  // house numbers are not in the full-text index; postcodes are
  const named = words.filter(
    (word) => hasAlternatives(word) && !(isNumberToken(word.token.text) && !word.known),
  );
  if (named.length > 0) {
    const groups = named.map((word) => word.alternatives);
    collect(
      await fullText.match({ mode: 'all', groups, localities: LOCALITIES_PER_PASS }, CANDIDATES_PER_PASS),
    );
  }
  // every word together found nothing: any of the rarer words, for the ranking to sort out
  if (found.size === 0 && named.length > 1) {
    const common = Math.max(COMMON_FLOOR, COMMON_SHARE * (await namedRowCount(db)));
    const rare = named.filter((word) => word.docs <= common);
    if (rare.length > 0) {
      collect(
        await fullText.match(
          { mode: 'any', groups: rare.map((word) => word.alternatives) },
          CANDIDATES_PER_PASS,
        ),
      );
    }
  }
  const numbered = numbers.length > 0;
  // a street is scored on the words that name it: the house number is the door's to explain
  const scorer = {
    door: createRelevanceScorer(tokens),
    named: createRelevanceScorer(numbered ? tokens.filter((t) => !numbers.includes(t.text)) : tokens),
  };
  let ranked = rank(tokens, scorer, [...found.values()], numbered);
  if (numbered) {
    const streets = ranked
      .filter((candidate) => candidate.row.kind === 'street')
      .slice(0, STREETS_FOR_NUMBERS)
      .map((candidate) => candidate.row);
    const addresses = await addressesOnStreets(db, streets, numbers);
    // no door on the best streets: between the known neighbours on the first that has them
    if (addresses.length === 0) {
      for (const street of streets.slice(0, STREETS_FOR_INTERPOLATION)) {
        const between = await interpolatedOnStreet(db, street, numbers[0]!);
        if (between) {
          addresses.push(between);
          break;
        }
      }
    }
    if (addresses.length > 0) ranked = rank(tokens, scorer, [...found.values(), ...addresses], numbered);
  }
  return present(ranked, limit);
}

/**
 * How far below its textual score a candidate is placed: an interpolated door is less
 * sure than a known one, and a street answering a query with a house number did not
 * place the number (its label says so by leaving the number out).
 */
const MATCH_CONFIDENCE: Readonly<Record<GeocodeMatch, number>> = {
  address: 1,
  interpolated: 0.95,
  estimated: 0.85,
  street: 1,
  place: 1,
  municipality: 1,
};
const STREET_WITHOUT_NUMBER = 0.8;

export function matchOfRow(row: GazetteerRow): GeocodeMatch {
  if (row.match) return row.match;
  if (row.kind === 'address') return 'address';
  if (row.kind === 'locality') return 'municipality';
  return row.kind;
}

function confidence(row: GazetteerRow, numbered: boolean): number {
  const match = matchOfRow(row);
  return (
    MATCH_CONFIDENCE[match] *
    (numbered && (match === 'street' || match === 'place') ? STREET_WITHOUT_NUMBER : 1)
  );
}

interface Ranked {
  row: GazetteerRow;
  relevance: number;
}

/**
 * Scores every row and keeps one row per place, best first. A place's relevance is its
 * best variant's; the variant shown is the one whose label repeats most of the typed
 * words (the query's language: 'Grand Place Brussels' is answered in English), else the
 * primary one.
 */
function rank(
  tokens: QueryToken[],
  scorer: { door: (words: CandidateWords) => number; named: (words: CandidateWords) => number },
  rows: GazetteerRow[],
  numbered: boolean,
): Ranked[] {
  const places = new Map<string, { relevance: number; variants: GazetteerRow[] }>();
  for (const row of rows) {
    const address = row.kind === 'address';
    let relevance = (address ? scorer.door : scorer.named)({
      // imported addresses are ranked by their label; a package's carry their own words
      search: address && row.search === '' ? searchTokens(row.label) : row.search.split(' '),
      name: searchTokens(row.name),
      importance: row.importance,
    });
    if (relevance < MIN_RELEVANCE) continue;
    relevance *= confidence(row, numbered);
    // an address shares its street's group key, yet is a place of its own
    const key = address ? `address:${row.id}` : row.group_key;
    const place = places.get(key);
    if (!place) places.set(key, { relevance, variants: [row] });
    else {
      place.relevance = Math.max(place.relevance, relevance);
      place.variants.push(row);
    }
  }
  const ranked = [...places.values()].map(({ relevance, variants }) => ({
    relevance,
    row: variants.length === 1 ? variants[0]! : inQueryLanguage(tokens, variants),
  }));
  return ranked.sort(
    (a, b) =>
      b.relevance - a.relevance ||
      b.row.importance - a.row.importance ||
      a.row.variant - b.row.variant ||
      a.row.label.localeCompare(b.row.label),
  );
}

function inQueryLanguage(tokens: QueryToken[], variants: GazetteerRow[]): GazetteerRow {
  const typed = tokens.filter((token) => !isStopWord(token.text));
  const echoes = (row: GazetteerRow) => {
    const words = searchTokens(row.label);
    return typed.filter((token) => words.some((word) => wordMatch(token.text, token.last, word) >= 0.8))
      .length;
  };
  let best = variants[0]!;
  let bestEchoes = echoes(best);
  for (const row of variants.slice(1)) {
    const count = echoes(row);
    if (count > bestEchoes || (count === bestEchoes && row.variant < best.variant)) {
      best = row;
      bestEchoes = count;
    }
  }
  return best;
}

function present(ranked: Ranked[], limit: number): GeocodeCandidate[] {
  // the starter set and an import may both know a street: show it once
  const labels = new Set<string>();
  const out: GeocodeCandidate[] = [];
  for (const { row, relevance } of ranked) {
    const labelKey = row.label.toLowerCase();
    if (labels.has(labelKey)) continue;
    labels.add(labelKey);
    out.push({ address: row.label, lat: row.lat, lon: row.lon, relevance, match: matchOfRow(row) });
    if (out.length === limit) break;
  }
  return out;
}
