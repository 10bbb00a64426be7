import { DATA_METRICS, type DataMetric } from '../coverage/cities.ts';
import { roundCoordinate } from '../coverage/rounding.ts';
import { apiError } from '../errors/catalogue.ts';

export type LocationInput =
  | { kind: 'address'; address: string }
  | { kind: 'point'; lat: number; lon: number };

/** The common input rules: `address` or both `lat` and `lon`, never both; coordinates in range, rounded to 5 decimals. */
export function parseLocationInput(query: {
  address?: string | undefined;
  lat?: string | undefined;
  lon?: string | undefined;
}): LocationInput {
  const hasAddress = query.address !== undefined;
  const hasLat = query.lat !== undefined;
  const hasLon = query.lon !== undefined;
  if (hasAddress && (hasLat || hasLon)) {
    throw apiError('validation_error', "Give either 'address' or both 'lat' and 'lon', not both.");
  }
  if (hasAddress) {
    const address = query.address!.trim();
    if (address === '') throw apiError('validation_error', "'address' must not be blank.");
    return { kind: 'address', address };
  }
  if (!hasLat && !hasLon)
    throw apiError('validation_error', "Give either 'address' or both 'lat' and 'lon'.");
  if (!hasLat) throw apiError('validation_error', "'lat' is required together with 'lon'.");
  if (!hasLon) throw apiError('validation_error', "'lon' is required together with 'lat'.");
  const lat = Number(query.lat);
  const lon = Number(query.lon);
  if (!Number.isFinite(lat) || lat < -90 || lat > 90)
    throw apiError('validation_error', "'lat' must be a number of degrees from -90 to 90, e.g. lat=50.8467.");
  if (!Number.isFinite(lon) || lon < -180 || lon > 180) {
    throw apiError(
      'validation_error',
      "'lon' must be a number of degrees from -180 to 180, e.g. lon=4.3525.",
    );
  }
  return { kind: 'point', lat: roundCoordinate(lat), lon: roundCoordinate(lon) };
}

/**
 * The real-time and forecast records' radius when the query gives none: also the
 * footprint a measuring station is compared over (its answer is the same average).
 */
export const RECORDS_DEFAULT_RADIUS_M = 10;

/** `radius` in metres, 5 to 50; `fallback` when absent (undefined: no default). */
export function parseRadius(raw: string | undefined, fallback: number | undefined): number | undefined {
  if (raw === undefined) return fallback;
  const radius = Number(raw);
  if (!Number.isFinite(radius) || radius < 5 || radius > 50) {
    throw apiError('validation_error', "'radius' must be a number of metres from 5 to 50.");
  }
  return radius;
}

/** `metrics`: one to three of air, wind, thermal, comma-separated, any order, no repeats. */
export function parseMetrics(raw: string | undefined): DataMetric[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw.split(',').map((item) => item.trim());
  if (items.length < 1 || items.length > 3 || items.some((item) => item === '')) {
    throw apiError(
      'validation_error',
      "'metrics' must list one to three of air, wind, thermal, separated by commas.",
    );
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (!(DATA_METRICS as readonly string[]).includes(item)) {
      throw apiError(
        'validation_error',
        `'metrics' has an unknown value '${item}'; use air, wind or thermal.`,
      );
    }
    if (seen.has(item)) throw apiError('validation_error', `'metrics' names '${item}' twice.`);
    seen.add(item);
  }
  return items as DataMetric[];
}
