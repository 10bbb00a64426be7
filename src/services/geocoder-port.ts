import type { GeocodeMatch } from '../domain/geocode/geocode-result.ts';

/**
 * The geocoder port: forward search for the address helper and address inputs, reverse
 * lookup for reports posted with coordinates. Adapters: the embedded gazetteer (SQLite
 * or PostgreSQL, the service's own database) and a self-hosted Photon server.
 */
export interface GeocodeCandidate {
  /** one language: 'Rue de la Loi 16, 1000 Bruxelles' */
  address: string;
  lat: number;
  lon: number;
  /** 0 to 1, match confidence */
  relevance: number;
  /** how it matched, when the geocoder can tell */
  match?: GeocodeMatch;
}

/** What a geocoder made of a query it could not resolve, for a refusal that says so. */
export interface AddressUnderstanding {
  /** the words left for the street once number, postcode and municipality are taken out */
  street: string | null;
  number: string | null;
  postcode: string | null;
  /** the municipality the query names, where it lies */
  municipality: { name: string; lat: number; lon: number } | null;
}

export interface Geocoder {
  /**
   * candidates for a free-text query, best first, at most `limit`; with `lang` (en, fr,
   * nl) each label is in that language where the place has a name in it (reports), else
   * in the query's language
   */
  search(q: string, limit: number, lang?: string): Promise<GeocodeCandidate[]>;
  /** label of the nearest known address within a short distance (in `lang` where it has one), or null */
  reverse(lat: number, lon: number, lang?: string): Promise<string | null>;
  /** how the query reads (street, number, municipality), when nothing matched it */
  understand?(q: string): Promise<AddressUnderstanding>;
  close?(): Promise<void>;
}

/** How far a reverse lookup may look for a known address before giving up. */
export const REVERSE_RADIUS_M = 250;
