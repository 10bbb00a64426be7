/**
 * The `{slug}` of `SVC_Report_{slug}.html|pdf`: safe in a Content-Disposition header and
 * on every file system. Accents are transliterated (Liège → Liege), letters without a
 * decomposition get their usual ASCII spelling, everything else that is not a letter or
 * digit becomes one underscore.
 */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

export const SLUG_MAX_LENGTH = 60;
const FALLBACK = 'report';

export function reportSlug(address: string | null | undefined): string {
  const ascii = (address ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^ -~]/g, (char) => SPECIAL[char] ?? ' ');
  const slug = ascii
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/_+$/, '');
  return slug === '' ? FALLBACK : slug;
}

export function reportFilename(address: string | null | undefined, format: 'html' | 'pdf'): string {
  return `SVC_Report_${reportSlug(address)}.${format}`;
}
