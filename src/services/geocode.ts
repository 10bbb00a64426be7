import { type Coverage, classifyPoint } from '../domain/coverage/classify.ts';
import type { Cities, CityRegistry } from '../domain/coverage/registry.ts';
import { coordinateLabel, roundCoordinate } from '../domain/coverage/rounding.ts';
import { apiError } from '../domain/errors/catalogue.ts';
import {
  GEOCODE_MAX_LIMIT,
  type GeocodeResponse,
  type GeocodeResult,
} from '../domain/geocode/geocode-result.ts';
import { withMemoryCache } from './geocode-cache.ts';
import type { GeocodeCandidate, Geocoder } from './geocoder-port.ts';
import type { CacheProbe } from './ports/telemetry-port.ts';
import { unresolvedAddressDetail } from './unresolved-address.ts';

/**
 * Geocoding as the service uses it: the address helper (GET /geocode), the address input
 * of data endpoints and reports (top result, inside the service area), and labels for
 * reports posted with coordinates. Results are only used to answer the request at hand
 * (spec rule 8): nothing is stored, beyond a short in-memory cache.
 */
export interface ResolvedAddress {
  label: string;
  /** rounded to 5 decimals */
  lat: number;
  lon: number;
  coverage: Exclude<Coverage, { covered: false }>;
}

export interface GeocodeService {
  geocode(q: string, limit: number): Promise<GeocodeResponse>;
  /**
   * the top result, labelled in `lang` where the place has a name in it (reports);
   * `outside_coverage` when there is none or it lies outside the service area
   */
  resolveAddress(address: string, lang?: string): Promise<ResolvedAddress>;
  /** the nearest known address (in `lang` where it has one), else 'lat, lon' with 5 decimals */
  reverseLabel(lat: number, lon: number, lang?: string): Promise<string>;
  close(): Promise<void>;
}

export interface GeocodeServiceOptions {
  /** how long answers are remembered (default 5 minutes) */
  cacheTtlMs?: number;
  /** how many answers at most (default 1000) */
  cacheSize?: number;
  clock?: () => number;
  onCache?: CacheProbe | undefined;
}

export function geocodeResult(registry: CityRegistry, candidate: GeocodeCandidate): GeocodeResult {
  const coverage = classifyPoint(registry, candidate.lat, candidate.lon);
  if (coverage.covered === false) return { address: candidate.address, covered: false };
  const relevance = Math.round(Math.min(1, Math.max(0, candidate.relevance)) * 1000) / 1000;
  const placed = {
    address: candidate.address,
    lat: coverage.lat,
    lon: coverage.lon,
    relevance,
    ...(candidate.match ? { match: candidate.match } : {}),
  };
  if (coverage.covered === 'national_low_res') return { ...placed, covered: 'national_low_res' };
  return { ...placed, covered: coverage.covered, city: coverage.city.id };
}

/** `cities`: the live registry, which classifies every place found */
export function createGeocodeService(
  geocoder: Geocoder,
  cities: Cities,
  options: GeocodeServiceOptions = {},
): GeocodeService {
  const cached = withMemoryCache(geocoder, {
    ttlMs: options.cacheTtlMs ?? 5 * 60_000,
    maxEntries: options.cacheSize ?? 1000,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.onCache ? { onCache: options.onCache } : {}),
  });
  // always ask for the most candidates: one cached answer then serves every limit
  const candidates = (q: string, lang?: string) =>
    q.trim() === '' ? Promise.resolve([]) : cached.search(q.trim(), GEOCODE_MAX_LIMIT, lang);

  return {
    async geocode(q, limit) {
      const found = await candidates(q);
      return {
        query: q,
        results: found.slice(0, limit).map((candidate) => geocodeResult(cities(), candidate)),
      };
    },
    async resolveAddress(address, lang) {
      const [top] = await candidates(address, lang);
      if (!top) {
        const understood = cached.understand ? await cached.understand(address.trim()) : null;
        throw apiError('outside_coverage', unresolvedAddressDetail(cities(), address, understood));
      }
      const coverage = classifyPoint(cities(), top.lat, top.lon);
      if (coverage.covered === false) {
        throw apiError('outside_coverage', `'${top.address}' lies outside the service area.`);
      }
      return { label: top.address, lat: coverage.lat, lon: coverage.lon, coverage };
    },
    async reverseLabel(lat, lon, lang) {
      const roundedLat = roundCoordinate(lat);
      const roundedLon = roundCoordinate(lon);
      try {
        return (
          (await cached.reverse(roundedLat, roundedLon, lang)) ?? coordinateLabel(roundedLat, roundedLon)
        );
      } catch {
        // a label is a courtesy: the spec's fallback serves when the geocoder cannot answer
        return coordinateLabel(roundedLat, roundedLon);
      }
    },
    async close() {
      await cached.close?.();
    },
  };
}
