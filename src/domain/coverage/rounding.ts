/**
 * Rounds a coordinate to 5 decimals the way a person reading the decimal digits would
 * (half away from zero on the written digits): shifting through the exponent avoids the
 * binary artefacts of `Math.round(x * 1e5) / 1e5` (4.352505 → 4.35251, not 4.3525).
 */
export function roundCoordinate(value: number): number {
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e5`));
  const rounded = sign * Number(`${shifted}e-5`);
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Formats a rounded coordinate pair as the spec's fallback label 'lat, lon'. */
export function coordinateLabel(lat: number, lon: number): string {
  return `${roundCoordinate(lat).toFixed(5)}, ${roundCoordinate(lon).toFixed(5)}`;
}
