import {
  DUTCH_GLUED_GENERICS,
  STOP_WORDS,
  SUFFIX_ABBREVIATIONS,
  WORD_ABBREVIATIONS,
} from './abbreviations.ts';

/**
 * The one normalisation of the gazetteer, applied identically to the text it indexes and
 * to the queries it answers: accents and case dropped, punctuation turned into word
 * breaks, abbreviations expanded, Dutch generics glued. Because both sides go through
 * the same function, the index never needs to know how a user spelled a word.
 */

// letters that NFD does not decompose into a base letter plus a combining mark
const LIGATURES: Readonly<Record<string, string>> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ı: 'i',
};

/** Lower case, no accents, only [a-z0-9] words separated by single spaces. */
export function foldText(text: string): string {
  let folded = text.toLowerCase();
  // most imported names are plain printable ASCII: only the others need the Unicode work
  if (/[^ -~]/.test(folded)) {
    folded = folded
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .replace(/[œæßøłđı]/g, (ch) => LIGATURES[ch] ?? ch);
  }
  return folded.replace(/[^a-z0-9]+/g, ' ').trim();
}

function expand(word: string): string {
  const whole = WORD_ABBREVIATIONS[word];
  if (whole !== undefined) return whole;
  for (const [suffix, full] of SUFFIX_ABBREVIATIONS) {
    if (word.length > suffix.length + 1 && word.endsWith(suffix) && /^[a-z]+$/.test(word)) {
      return word.slice(0, -suffix.length) + full;
    }
  }
  return word;
}

/** The searchable words of a text, in order (duplicates kept). */
export function searchTokens(text: string): string[] {
  const folded = foldText(text);
  if (folded === '') return [];
  const out: string[] = [];
  for (const raw of folded.split(' ')) {
    const word = expand(raw);
    const previous = out[out.length - 1];
    if (
      DUTCH_GLUED_GENERICS.has(word) &&
      previous !== undefined &&
      /^[a-z]+$/.test(previous) &&
      !STOP_WORDS.has(previous) &&
      !previous.endsWith(word)
    ) {
      out[out.length - 1] = previous + word;
    } else {
      out.push(word);
    }
  }
  return out;
}

/** The normalised text stored for the full-text index. */
export function searchText(...parts: Array<string | null | undefined>): string {
  return searchTokens(parts.filter((part) => part).join(' ')).join(' ');
}

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}

/** The form house numbers are stored and looked up in: '12 A' → '12a'. */
export function houseNumberKey(text: string): string {
  return foldText(text).replaceAll(' ', '');
}

/** House numbers ('16', '16a', '120b'): they match exactly, never fuzzily. */
export function isNumberToken(token: string): boolean {
  return /^\d/.test(token);
}
