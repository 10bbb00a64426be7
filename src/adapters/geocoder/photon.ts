import { GeocoderError } from '../../domain/errors/failures.ts';
import type { GeocodeMatch } from '../../domain/geocode/geocode-result.ts';
import { searchTokens } from '../../domain/geocode/normalise.ts';
import { createRelevanceScorer, queryTokens } from '../../domain/geocode/relevance.ts';
import { type GeocodeCandidate, type Geocoder, REVERSE_RADIUS_M } from '../../services/geocoder-port.ts';
import { distanceMetres } from './gazetteer-reverse.ts';

/**
 * Adapter for a self-hosted Photon server (https://github.com/komoot/photon): forward
 * search on `/api`, reverse on `/reverse`, both GeoJSON FeatureCollections. Photon ranks
 * but does not score, so relevance comes from the same word matching the embedded
 * gazetteer uses, kept in Photon's order. Any failure (unreachable, timeout, non-2xx,
 * unreadable body) throws a GeocoderError, which the API answers as `502 upstream_error`.
 */
export interface PhotonOptions {
  /** base URL, e.g. http://photon:2322 */
  url: string;
  timeoutMs: number;
  /** Photon's `lang` parameter; unset: names as mapped locally */
  lang?: string;
  fetch?: typeof fetch;
}

interface PhotonProperties {
  name?: string;
  housenumber?: string;
  street?: string;
  postcode?: string;
  city?: string;
  locality?: string;
  district?: string;
  county?: string;
  country?: string;
  countrycode?: string;
  type?: string;
}

interface PhotonFeature {
  geometry?: { type?: string; coordinates?: unknown };
  properties?: PhotonProperties;
}

const SETTLEMENTS = new Set(['city', 'town', 'village', 'hamlet', 'suburb', 'locality', 'district']);

/** How a Photon result matched, from its OSM type: a door, a street, a settlement, or a named place. */
export function photonMatch(p: PhotonProperties): GeocodeMatch {
  if (p.housenumber) return 'address';
  if (p.type === 'street') return 'street';
  if (p.type !== undefined && SETTLEMENTS.has(p.type)) return 'municipality';
  return 'place';
}

/** 'street number, postcode municipality[, country]', like the gazetteer's labels. */
export function photonLabel(p: PhotonProperties): { label: string; head: string } | null {
  const settlement = p.type !== undefined && SETTLEMENTS.has(p.type);
  const municipality =
    p.city ?? p.locality ?? p.district ?? (settlement ? p.name : undefined) ?? p.county ?? '';
  const place = [p.postcode, municipality].filter((part) => part).join(' ');
  let head = '';
  if (p.street && p.housenumber) head = `${p.street} ${p.housenumber}`;
  else if (p.name && !(settlement && p.name === municipality)) head = p.name;
  else if (p.street) head = p.street;
  const parts = [head, place].filter((part) => part !== '');
  if (parts.length === 0) return null;
  if (p.countrycode && p.countrycode.toUpperCase() !== 'BE' && p.country) parts.push(p.country);
  return { label: parts.join(', '), head: head || municipality };
}

function point(feature: PhotonFeature): { lat: number; lon: number } | null {
  const coordinates = feature.geometry?.coordinates;
  if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
  const [lon, lat] = coordinates as unknown[];
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return null;
  }
  return { lat, lon };
}

export function createPhotonGeocoder(options: PhotonOptions): Geocoder {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function features(path: string, params: Record<string, string>): Promise<PhotonFeature[]> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    let text: string;
    try {
      const response = await doFetch(url, {
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new GeocoderError(`The geocoder answered HTTP ${response.status}.`);
      text = await response.text();
    } catch (error) {
      if (error instanceof GeocoderError) throw error;
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GeocoderError(
        timedOut
          ? `The geocoder did not answer within ${options.timeoutMs} ms.`
          : 'The geocoder could not be reached.',
        { cause: error },
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new GeocoderError('The geocoder answered something other than JSON.', { cause: error });
    }
    const list = (body as { features?: unknown } | null)?.features;
    if (!Array.isArray(list)) throw new GeocoderError('The geocoder answered JSON that is not GeoJSON.');
    return list as PhotonFeature[];
  }

  return {
    async search(q, limit, lang) {
      const params: Record<string, string> = { q, limit: String(limit) };
      // a report asks for its own language; otherwise the configured one, else local names
      if (lang ?? options.lang) params.lang = (lang ?? options.lang) as string;
      const found = await features('/api', params);
      const score = createRelevanceScorer(queryTokens(q));
      const out: GeocodeCandidate[] = [];
      let ceiling = 1;
      for (const [index, feature] of found.entries()) {
        const at = point(feature);
        const named = photonLabel(feature.properties ?? {});
        if (!at || !named) continue;
        const relevance = score({
          search: searchTokens(named.label),
          name: searchTokens(named.head),
          importance: 1 - index / Math.max(1, found.length),
        });
        // Photon's order is kept, so confidence never rises down the list
        ceiling = Math.min(ceiling, relevance);
        out.push({
          address: named.label,
          lat: at.lat,
          lon: at.lon,
          relevance: ceiling,
          match: photonMatch(feature.properties ?? {}),
        });
        if (out.length === limit) break;
      }
      return out;
    },
    async reverse(lat, lon, lang) {
      const params: Record<string, string> = { lat: String(lat), lon: String(lon), limit: '1' };
      if (lang ?? options.lang) params.lang = (lang ?? options.lang) as string;
      const found = await features('/reverse', params);
      for (const feature of found) {
        const at = point(feature);
        const named = photonLabel(feature.properties ?? {});
        if (at && named && distanceMetres(lat, lon, at.lat, at.lon) <= REVERSE_RADIUS_M) return named.label;
      }
      return null;
    },
  };
}
