/**
 * Abbreviations people type in Belgian addresses, in French, Dutch and English, mapped to
 * the word the gazetteer indexes. Applied to both indexed text and queries, so a mapping
 * only has to be consistent, not linguistically perfect: 'saint', 'sint' and 'st' all
 * become 'st', which lets 'Saint-Gilles' find 'Sint-Gillis' streets' bilingual rows too.
 */
export const WORD_ABBREVIATIONS: Readonly<Record<string, string>> = {
  // French
  av: 'avenue',
  ave: 'avenue',
  avn: 'avenue',
  bd: 'boulevard',
  bld: 'boulevard',
  blvd: 'boulevard',
  boul: 'boulevard',
  bvd: 'boulevard',
  ch: 'chaussee',
  chee: 'chaussee',
  chss: 'chaussee',
  chau: 'chaussee',
  chem: 'chemin',
  pl: 'place',
  sq: 'square',
  r: 'rue',
  gal: 'galerie',
  imp: 'impasse',
  qu: 'quai',
  rte: 'route',
  pte: 'porte',
  gd: 'grand',
  gde: 'grande',
  saint: 'st',
  sainte: 'ste',
  // Dutch
  sint: 'st',
  str: 'straat',
  stwg: 'steenweg',
  stw: 'steenweg',
  ln: 'laan',
  pln: 'plein',
};

/**
 * Dutch street names glue the generic part to the specific one ('Wetstraat',
 * 'Waversesteenweg'); people also abbreviate the glued part ('Wetstr.', 'Waversestwg.').
 * Suffix rewrites, longest first.
 */
export const SUFFIX_ABBREVIATIONS: ReadonlyArray<readonly [string, string]> = [
  ['stwg', 'steenweg'],
  ['stw', 'steenweg'],
  ['str', 'straat'],
];

/**
 * Dutch generic words that, typed as a separate word ('Wet straat'), belong glued to the
 * word before ('wetstraat').
 */
export const DUTCH_GLUED_GENERICS: ReadonlySet<string> = new Set([
  'straat',
  'steenweg',
  'laan',
  'plein',
  'dreef',
  'kaai',
  'lei',
  'weg',
  'baan',
  'singel',
  'vest',
]);

/** Words too common to retrieve by; they still count, lightly, in the relevance. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'de',
  'la',
  'le',
  'les',
  'du',
  'des',
  'd',
  'l',
  'au',
  'aux',
  'et',
  'en',
  'a',
  'van',
  'het',
  'den',
  'der',
  'ter',
  'te',
  'op',
  'aan',
  'of',
  'the',
  'an',
  'and',
  's',
  'b',
]);

/** Country names that add nothing inside Belgium; dropped from queries. */
export const IGNORED_QUERY_WORDS: ReadonlySet<string> = new Set(['belgique', 'belgie', 'belgium', 'belgien']);
