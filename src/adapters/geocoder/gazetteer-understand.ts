import type { Kysely } from 'kysely';
import { foldText, houseNumberKey, isNumberToken, searchTokens } from '../../domain/geocode/normalise.ts';
import { queryTokens } from '../../domain/geocode/relevance.ts';
import type { AddressUnderstanding } from '../../services/geocoder-port.ts';
import type { Database } from '../store/schema.ts';
import type { GazetteerFullText } from './gazetteer-full-text.ts';
import { houseNumbers, planWords } from './gazetteer-search.ts';

/**
 * How a query the gazetteer could not resolve reads, for a refusal that says what was
 * understood: its house number (a number the vocabulary does not know), its postcode (a
 * number it does), the municipality whose every word it names (the last one named, as
 * addresses end with it), and the street: the words that are left, as typed.
 */
const LOCALITY_CANDIDATES = 200;

export async function understandQuery(
  db: Kysely<Database>,
  fullText: GazetteerFullText,
  q: string,
): Promise<AddressUnderstanding> {
  const tokens = queryTokens(q);
  const words = await planWords(db, tokens);
  const number = houseNumbers(tokens, words)[0] ?? null;
  const postcode = words.find((word) => word.known && /^\d{4}$/.test(word.token.text))?.token.text ?? null;
  const typed = tokens.map((token) => token.text);
  const named = words.filter((word) => word.known && !isNumberToken(word.token.text));
  let municipality: AddressUnderstanding['municipality'] = null;
  let municipalityWords: string[] = [];
  if (named.length > 0) {
    const rows = await fullText.match(
      { mode: 'any', groups: named.map((word) => ({ terms: [word.token.text], prefixes: [] })) },
      LOCALITY_CANDIDATES,
    );
    let lastAt = -1;
    for (const row of rows) {
      if (row.kind !== 'locality') continue;
      const own = searchTokens(row.name);
      if (own.length === 0 || !own.every((word) => typed.includes(word))) continue;
      const at = Math.max(...own.map((word) => typed.lastIndexOf(word)));
      if (at > lastAt) {
        lastAt = at;
        municipality = { name: row.name, lat: row.lat, lon: row.lon };
        municipalityWords = own;
      }
    }
  }
  // the street as typed: the parts that are not the number, the postcode or the municipality
  const parts = q.split(/[\s,]+/).filter((part) => part !== '');
  const leftOut = new Set(municipalityWords);
  const street = parts
    .filter((part) => {
      const folded = foldText(part);
      if (folded === '') return false;
      if (number !== null && houseNumberKey(part) === number) return false;
      if (postcode !== null && folded === postcode) return false;
      return !searchTokens(part).every((word) => leftOut.has(word));
    })
    .join(' ');
  return { street: street === '' ? null : street, number, postcode, municipality };
}
