import type { BuildingFootprint } from '../grid/model-data.ts';
import { TILE_EXTENT } from './cell-squares.ts';
import { latToTileY, lonToTileX, type TileAddress } from './mercator.ts';
import type { VtFeature } from './vt-feature.ts';

/**
 * Building footprints as tile polygons carrying `Height` (metres). Footprints are a
 * few dozen metres across, so they are kept whole rather than clipped: renderers clip
 * to the tile themselves and a footprint straddling two tiles draws the same in both.
 */
export function buildingFeatures(footprints: readonly BuildingFootprint[], tile: TileAddress): VtFeature[] {
  const features: VtFeature[] = [];
  for (const footprint of footprints) {
    const ring = projectRing(footprint.ring, tile);
    if (ring === null) continue;
    features.push({ type: 3, geometry: [ring], tags: { Height: Math.round(footprint.heightM * 10) / 10 } });
  }
  return features;
}

/** A closed ring in integer tile pixels, clockwise (y down), or null when it collapses at this zoom. */
function projectRing(
  lonLat: ReadonlyArray<[number, number]>,
  tile: TileAddress,
): Array<[number, number]> | null {
  const out: Array<[number, number]> = [];
  for (const [lon, lat] of lonLat) {
    const px = Math.round((lonToTileX(lon, tile.z) - tile.x) * TILE_EXTENT);
    const py = Math.round((latToTileY(lat, tile.z) - tile.y) * TILE_EXTENT);
    const last = out[out.length - 1];
    if (last && last[0] === px && last[1] === py) continue;
    out.push([px, py]);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && out.length > 1 && first[0] === last[0] && first[1] === last[1]) out.pop();
  if (out.length < 3) return null;
  const area = signedArea(out);
  if (area === 0) return null;
  if (area < 0) out.reverse();
  out.push([out[0]![0], out[0]![1]]);
  return out;
}

/** Shoelace sum in tile pixels; positive means clockwise on screen. */
export function signedArea(ring: ReadonlyArray<[number, number]>): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}
