/** A [lon, lat] position, as GeoJSON writes it. */
type Position = readonly [number, number];

/**
 * [west, south, east, north] of every position of the given rings or lines (a loop, not
 * Math.min over a spread: rings of 100,000+ vertices overflowed the stack that way).
 */
export function boundsOf(parts: Iterable<Iterable<Position>>): [number, number, number, number] {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const part of parts) {
    for (const [lon, lat] of part) {
      if (lon < west) west = lon;
      if (lon > east) east = lon;
      if (lat < south) south = lat;
      if (lat > north) north = lat;
    }
  }
  return [west, south, east, north];
}
