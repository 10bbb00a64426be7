/**
 * Web Mercator (EPSG:3857) and the XYZ tile scheme: y = 0 at the north edge, n = 2^z
 * tiles per axis. Kept as plain numbers so the tile cutter can use the fractional
 * positions directly as MVT pixel coordinates.
 */

export const EARTH_RADIUS_M = 6378137;
export const MAX_LATITUDE = 85.0511287798066;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

export interface LonLatBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Fractional tile column of a longitude at zoom z. */
export function lonToTileX(lon: number, z: number): number {
  return ((lon + 180) / 360) * 2 ** z;
}

/** Fractional tile row of a latitude at zoom z (clamped to the projection's limits). */
export function latToTileY(lat: number, z: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const phi = (clamped * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 2 ** z;
}

export function tileXToLon(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

export function tileYToLat(y: number, z: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
}

/** The tile containing a point. */
export function tileAt(lon: number, lat: number, z: number): TileAddress {
  const n = 2 ** z;
  const x = Math.min(n - 1, Math.max(0, Math.floor(lonToTileX(lon, z))));
  const y = Math.min(n - 1, Math.max(0, Math.floor(latToTileY(lat, z))));
  return { z, x, y };
}

/** The lon/lat rectangle a tile covers. */
export function tileBounds({ z, x, y }: TileAddress): LonLatBounds {
  return {
    west: tileXToLon(x, z),
    east: tileXToLon(x + 1, z),
    north: tileYToLat(y, z),
    south: tileYToLat(y + 1, z),
  };
}

/** Whether z/x/y names a tile that exists in the scheme. */
export function isValidTile({ z, x, y }: TileAddress): boolean {
  if (!Number.isInteger(z) || !Number.isInteger(x) || !Number.isInteger(y)) return false;
  if (z < 0 || z > 30) return false;
  const n = 2 ** z;
  return x >= 0 && x < n && y >= 0 && y < n;
}

/** Projected metres in EPSG:3857. */
export function toMercatorMetres(lon: number, lat: number): [number, number] {
  const phi = (lat * Math.PI) / 180;
  return [(EARTH_RADIUS_M * lon * Math.PI) / 180, EARTH_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + phi / 2))];
}

/** Ground metres per 256-pixel tile width at a latitude and zoom. */
export function tileWidthMetres(lat: number, z: number): number {
  return ((2 * Math.PI * EARTH_RADIUS_M) / 2 ** z) * Math.cos((lat * Math.PI) / 180);
}

export function boundsIntersect(a: LonLatBounds, b: LonLatBounds): boolean {
  return a.west < b.east && b.west < a.east && a.south < b.north && b.south < a.north;
}
