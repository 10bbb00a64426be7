import type { CityDefinition } from '../../domain/coverage/cities.ts';
import { classifyPoint } from '../../domain/coverage/classify.ts';
import type { Cities, CityRegistry } from '../../domain/coverage/registry.ts';
import { swappedCoordinatesHint } from '../../domain/coverage/swapped-hint.ts';
import type { DataMetric } from '../../domain/coverage/vocabulary.ts';
import { assertCityInScope, entitledMetrics } from '../../domain/data/entitlement.ts';
import {
  parseLocationInput,
  parseRadius,
  RECORDS_DEFAULT_RADIUS_M,
} from '../../domain/data/location-input.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import type { KeyRecord } from '../../domain/keys/key-record.ts';
import type { ResolvedLocation } from './resolve-location.ts';

export type RecordsProduct = 'realtime' | 'forecast';

export type RecordsQuery = { address?: string; lat?: string; lon?: string; radius?: string };

/** Where a real-time or forecast request lands, for one key: its location, city and the metrics it reads. */
export interface Placement {
  location: ResolvedLocation;
  radius: number;
  city: CityDefinition;
  held: DataMetric[];
}

/** The city a real-time or forecast request falls in, checked before any work. */
function coveringCity(
  registry: CityRegistry,
  lat: number,
  lon: number,
  product: RecordsProduct,
): CityDefinition {
  const coverage = classifyPoint(registry, lat, lon);
  if (coverage.covered !== 'high_res') {
    throw apiError(
      'outside_coverage',
      coverage.covered === 'high_res_in_development'
        ? `High-resolution ${product} data for this part of ${coverage.city.name} is not published yet.`
        : `This location is outside every city covered by the ${product} product.${swappedCoordinatesHint(lat, lon)}`,
    );
  }
  if (!coverage.city.products[product]) {
    throw apiError('product_unavailable', `${coverage.city.name} does not offer the ${product} product.`);
  }
  return coverage.city;
}

/** The checks in the order that reveals least: coverage and product, then the key's city and metric scopes. */
export function place(
  registry: CityRegistry,
  product: RecordsProduct,
  key: KeyRecord,
  location: ResolvedLocation,
  radius: number,
): Placement {
  const city = coveringCity(registry, location.lat, location.lon, product);
  assertCityInScope(key, city);
  // what a key reads is its metric scope intersected with what the city models
  const held = entitledMetrics(key, undefined, city.metrics, `in ${city.name}`);
  return { location, radius, city, held };
}

const MAX_ENTRIES = 4096;

type Remembered = { key: KeyRecord; generation: number; placement: Placement };
/** radius (as asked, or absent) → placement */
type ByRadius = Map<string | undefined, Remembered>;

/**
 * Placements of coordinate queries already answered, so that a client polling one place
 * costs a look-up instead of parsing, rounding, point-in-polygon and entitlement. An
 * entry answers only for the same key record (the key cache hands out a new record
 * when it reads the key again, so scope changes apply within its 2 s) and the same city
 * registry (an import or removal of a city renews every placement). Refusals are never
 * remembered: they are thrown before anything is stored.
 *
 * Nested maps (key id → product → lat → lon → radius) rather than one map under a
 * joined string: a key joined per request is a concatenated string that the Map must
 * flatten and hash on every hit (docs/history/performance-2026-11-28.md, "Look-up keys built per request"), where
 * each level here is the id the record holds or a short parameter string. At most MAX_ENTRIES
 * placements are held; past that the memo starts again empty.
 */
export class PlacementMemo {
  private readonly byKey = new Map<
    string,
    Map<string, Map<string | undefined, Map<string | undefined, ByRadius>>>
  >();
  private held = 0;

  /** `cities`: the live registry, whose generation every remembered placement is checked against */
  constructor(private readonly cities: Cities) {}

  /** placements held */
  get size(): number {
    return this.held;
  }

  /** the placement of a coordinate query (`address` absent), from the memo or worked out now */
  ofPoint(product: RecordsProduct, key: KeyRecord, query: RecordsQuery): Placement {
    const registry = this.cities();
    const generation = registry.generation;
    const known = this.byKey.get(key.id)?.get(product)?.get(query.lat)?.get(query.lon)?.get(query.radius);
    if (known !== undefined && known.key === key && known.generation === generation) return known.placement;
    const radius = parseRadius(query.radius, RECORDS_DEFAULT_RADIUS_M)!;
    const input = parseLocationInput(query);
    if (input.kind !== 'point') throw new Error('ofPoint is for coordinate queries');
    const placement = place(
      registry,
      product,
      key,
      { address: null, lat: input.lat, lon: input.lon },
      radius,
    );
    this.remember(product, query, { key, generation, placement });
    return placement;
  }

  private remember(product: RecordsProduct, query: RecordsQuery, entry: Remembered): void {
    if (this.held >= MAX_ENTRIES) {
      this.byKey.clear();
      this.held = 0;
    }
    const byProduct = getOrAdd(this.byKey, entry.key.id, () => new Map());
    const byLat = getOrAdd(byProduct, product, () => new Map());
    const byLon = getOrAdd(byLat, query.lat, () => new Map());
    const byRadius = getOrAdd(byLon, query.lon, (): ByRadius => new Map());
    if (!byRadius.has(query.radius)) this.held++;
    byRadius.set(query.radius, entry);
  }
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
