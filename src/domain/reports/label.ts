import { escapeHtml, raw, type SafeHtml } from './html.ts';

/**
 * The address label as a report shows it. The label is user or geocoder text: any
 * length, any script, any bidirectional control characters. So it is
 *  - bounded where it is a title: at most TITLE_MAX_GRAPHEMES user-perceived characters
 *    (grapheme clusters, so an emoji or an accented letter is never cut in half), then
 *    an ellipsis; a 6,000-character label must not push the report past its five pages;
 *  - isolated: in <bdi dir="auto">, so a right-to-left label cannot reorder the text
 *    around it. Its own embeddings and overrides (U+202A–U+202E) become isolating markup
 *    too: under the Unicode bidirectional algorithm an embedding is not an isolate, and
 *    the number after `Rue ‮evil‬` joins the right-to-left run (`Rue 1000 ,live`). As
 *    <bdo>/<bdi> the override still applies to its own text and ends where it ends.
 */
export const TITLE_MAX_GRAPHEMES = 140;
const ELLIPSIS = '…';
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** the label cut to `max` grapheme clusters with an ellipsis, or as is when it is short enough */
export function truncateLabel(label: string, max = TITLE_MAX_GRAPHEMES): string {
  const graphemes: string[] = [];
  for (const { segment } of segmenter.segment(label)) {
    if (graphemes.length === max) {
      // cut at the last space when one is near, so a word is not split
      const kept = graphemes.join('');
      const space = kept.lastIndexOf(' ');
      const cut = space >= kept.length * 0.8 ? kept.slice(0, space) : kept;
      return `${cut.replace(/[\s,;:.\-–]+$/u, '')}${ELLIPSIS}`;
    }
    graphemes.push(segment);
  }
  return label;
}

/** the elements that stand for each bidirectional control character that opens a scope */
const OPENERS: Record<string, { tag: 'bdi' | 'bdo'; dir: 'ltr' | 'rtl' | 'auto' }> = {
  '\u202a': { tag: 'bdi', dir: 'ltr' }, // LEFT-TO-RIGHT EMBEDDING
  '\u202b': { tag: 'bdi', dir: 'rtl' }, // RIGHT-TO-LEFT EMBEDDING
  '\u202d': { tag: 'bdo', dir: 'ltr' }, // LEFT-TO-RIGHT OVERRIDE
  '\u202e': { tag: 'bdo', dir: 'rtl' }, // RIGHT-TO-LEFT OVERRIDE
  '\u2066': { tag: 'bdi', dir: 'ltr' }, // LEFT-TO-RIGHT ISOLATE
  '\u2067': { tag: 'bdi', dir: 'rtl' }, // RIGHT-TO-LEFT ISOLATE
  '\u2068': { tag: 'bdi', dir: 'auto' }, // FIRST STRONG ISOLATE
};
const POP_DIRECTIONAL_FORMATTING = '\u202c';
const POP_DIRECTIONAL_ISOLATE = '\u2069';
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The label's text as markup in which every bidirectional scope is an element: the
 * control characters become <bdi>/<bdo> opened and closed in pairs (UAX #9 X6a: a
 * PDI closes the embeddings opened since its isolate; a PDF or PDI with nothing to
 * close is dropped; whatever is still open at the end is closed).
 */
function bidiMarkup(text: string): string {
  const open: Array<{ tag: 'bdi' | 'bdo'; isolate: boolean }> = [];
  let out = '';
  let from = 0;
  for (const match of text.matchAll(BIDI_CONTROLS)) {
    out += escapeHtml(text.slice(from, match.index));
    from = match.index + match[0].length;
    const char = match[0];
    const opener = OPENERS[char];
    if (opener) {
      open.push({ tag: opener.tag, isolate: char >= '\u2066' });
      out += `<${opener.tag} dir="${opener.dir}">`;
    } else if (char === POP_DIRECTIONAL_FORMATTING) {
      const top = open.at(-1);
      if (top && !top.isolate) out += `</${open.pop()?.tag}>`;
    } else if (char === POP_DIRECTIONAL_ISOLATE && open.some((scope) => scope.isolate)) {
      for (let scope = open.pop(); scope; scope = scope.isolate ? undefined : open.pop())
        out += `</${scope.tag}>`;
    }
  }
  out += escapeHtml(text.slice(from));
  while (open.length > 0) out += `</${open.pop()?.tag}>`;
  return out;
}

/** the label as the title of a page: bounded and isolated, as markup */
export function titleLabel(label: string): SafeHtml {
  return raw(`<bdi dir="auto">${bidiMarkup(truncateLabel(label))}</bdi>`);
}

/** right-to-left scripts: a label with none of them needs no isolate in plain text */
const RIGHT_TO_LEFT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/**
 * The label inside plain text (the document's <title>, which becomes the PDF's title):
 * bounded, its control characters dropped (plain text has no elements to scope them),
 * and, when it holds right-to-left letters, between FIRST STRONG ISOLATE and POP
 * DIRECTIONAL ISOLATE (left out otherwise, as viewers show a title's controls raw).
 */
export function plainTitleLabel(label: string): string {
  const text = truncateLabel(label).replace(BIDI_CONTROLS, '');
  return RIGHT_TO_LEFT.test(text) ? `\u2068${text}\u2069` : text;
}
