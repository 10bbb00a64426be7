/**
 * The geocode response (spec: Geocode result, GET /geocode) as the geocode service
 * builds it; http/schemas/geocode.ts describes the same shape for validation and
 * OpenAPI, and http/schema-agreement.ts makes the compiler hold the two together.
 */

/** At most this many results per query (the spec's `limit` ceiling). */
export const GEOCODE_MAX_LIMIT = 5;

interface Located {
  address: string;
  lat: number;
  lon: number;
  /** 0 to 1 */
  relevance: number;
}

export type GeocodeResult =
  | (Located & { covered: 'high_res' | 'high_res_in_development'; city: string })
  | (Located & { covered: 'national_low_res' })
  /** outside the service area: its label and nothing else */
  | { address: string; covered: false };

export interface GeocodeResponse {
  /** the q parameter as received */
  query: string;
  results: GeocodeResult[];
}
