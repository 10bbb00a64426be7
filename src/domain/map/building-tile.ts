import type { BuildingFootprint, LonLatWindow } from '../grid/model-data.ts';
import { buildingFeatures } from './building-features.ts';
import { type Squares, TILE_BUFFER, TILE_EXTENT } from './cell-squares.ts';
import { LAYERS } from './layers.ts';
import { type TileAddress, tileBounds } from './mercator.ts';
import { encodeTile } from './mvt.ts';

/** The lon/lat window a buildings tile draws its footprints from: the tile and its buffer. */
export function buildingTileWindow(tile: TileAddress): LonLatWindow {
  const b = tileBounds(tile);
  const padLon = ((b.east - b.west) * TILE_BUFFER) / TILE_EXTENT;
  const padLat = ((b.north - b.south) * TILE_BUFFER) / TILE_EXTENT;
  return { west: b.west - padLon, east: b.east + padLon, south: b.south - padLat, north: b.north + padLat };
}

/**
 * The buildings layer of one tile as MVT bytes, or null when no footprint is drawn in it:
 * footprints of any shape (a model whose buildings are real polygons; the embedded one's
 * are grid rectangles and take `encodeBuildingSquares`, which gives the same bytes).
 */
export function encodeBuildingTile(
  footprints: readonly BuildingFootprint[],
  tile: TileAddress,
): Uint8Array | null {
  return encodeTile([{ name: LAYERS.buildings.id, polygons: buildingFeatures(footprints, tile) }]);
}

/** The same layer from footprints already projected as squares (grid-aligned rectangles: a faster path). */
export function encodeBuildingSquares(squares: Squares): Uint8Array | null {
  return encodeTile([{ name: LAYERS.buildings.id, squares }]);
}
