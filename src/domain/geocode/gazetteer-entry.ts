/**
 * One searchable row of the embedded gazetteer. A place known in several languages is
 * several entries sharing `groupKey`, each with its label wholly in one language.
 */
export type EntryKind = 'place' | 'street' | 'locality' | 'address';

export interface GazetteerEntry {
  /** identity at the origin: '<place>:<lang>' in the starter set, 'oa:<HASH>' for an address */
  key: string;
  groupKey: string;
  kind: EntryKind;
  /** 'starter', or 'import:<file name>': re-importing a file replaces what it brought */
  source: string;
  /** 0 for the primary language */
  variant: number;
  /** street and number, or the place's name; for a locality, its name */
  name: string;
  /** what a user reads: 'Rue de la Loi 16, 1000 Bruxelles' */
  label: string;
  /** normalised words the full-text index holds */
  search: string;
  lat: number;
  lon: number;
  /** prominence, 0 to 1, to order equally good matches */
  importance: number;
  /** an address's normalised house number ('12a'); its street is `groupKey` */
  houseNumber: string | null;
}

/** 'name, postcode municipality[, country]', or 'postcode municipality' for a locality. */
export function formatLabel(parts: {
  kind: EntryKind;
  name: string;
  postcode: string;
  municipality: string;
  country?: string | undefined;
}): string {
  const place = [parts.postcode, parts.municipality].filter((part) => part !== '').join(' ');
  const head = parts.kind === 'locality' ? [place] : [parts.name, place];
  if (parts.country) head.push(parts.country);
  return head.filter((part) => part !== '').join(', ');
}
