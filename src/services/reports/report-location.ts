import { DATA_METRICS } from '../../domain/coverage/cities.ts';
import type { Coverage } from '../../domain/coverage/classify.ts';
import { swappedCoordinatesHint } from '../../domain/coverage/swapped-hint.ts';
import { assertCityInScope, entitledMetrics } from '../../domain/data/entitlement.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import type { ReportRequest } from './request.ts';
import type { ReportServiceDeps, SubmitInput } from './types.ts';

/** Where a report is for: the covered point (rounded), its coverage, and the address's label. */
export interface ReportLocation {
  lat: number;
  lon: number;
  coverage: Exclude<Coverage, { covered: false }>;
  /** the resolved address's label; null for coordinates */
  label: string | null;
}

/**
 * Resolves the address (or takes the coordinates) and classifies the point: a location
 * outside every covered area is a 422 before anything is counted or started, with the
 * hint for swapped coordinates where it applies.
 */
export async function locateReport(
  request: ReportRequest,
  resolveAddress: ReportServiceDeps['resolveAddress'],
  classify: (lat: number, lon: number) => Coverage,
): Promise<ReportLocation> {
  if (request.address !== null) {
    const resolved = await resolveAddress(request.address, request.lang);
    const coverage = classify(resolved.lat, resolved.lon);
    if (coverage.covered === false)
      throw apiError('outside_coverage', 'This address is outside the area the service covers.');
    return { lat: coverage.lat, lon: coverage.lon, coverage, label: resolved.label };
  }
  const [lat, lon] = [request.lat as number, request.lon as number];
  const coverage = classify(lat, lon);
  if (coverage.covered === false) {
    throw apiError(
      'outside_coverage',
      `This location is outside the area the service covers.${swappedCoordinatesHint(lat, lon)}`,
    );
  }
  return { lat: coverage.lat, lon: coverage.lon, coverage, label: null };
}

/**
 * What a key may read in a report at a covered location, decided before anything is
 * counted: like the historical statistics the report explains, a location in a city's
 * high-resolution zone needs that city in the key's scope (else 403); elsewhere the
 * nationwide dataset answers. The report shows the metrics the key holds that the
 * location models; an empty metric scope reads nothing (403).
 */
export function reportMetrics(scope: SubmitInput['scope'], coverage: Coverage): string[] {
  const city = coverage.covered === 'high_res' && coverage.city.products.reports ? coverage.city : null;
  if (city) assertCityInScope(scope, city);
  return entitledMetrics(
    scope,
    undefined,
    city ? city.metrics : DATA_METRICS,
    city ? `in ${city.name}` : 'nationwide',
  );
}
