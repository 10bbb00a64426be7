import type { GridGeometry, LayerWindow, LonLatWindow } from '../grid/model-data.ts';
import { type BlockRange, blocksInTile, blockWindow, cellSquares, strideFor } from './cell-squares.ts';
import type { TileAddress } from './mercator.ts';
import { encodeTile } from './mvt.ts';

/** What a timed layer's tile needs of the grid: its blocks of cells and the window covering them. */
export interface LayerTileCut {
  blocks: BlockRange;
  window: LonLatWindow;
}

/** The cut of a tile, or null when the tile misses the grid (no tile: the route answers 204). */
export function layerTileCut(grid: GridGeometry, tile: TileAddress): LayerTileCut | null {
  const blocks = blocksInTile(grid, tile, strideFor(grid, tile));
  return blocks === null ? null : { blocks, window: blockWindow(grid, blocks) };
}

/** A timed layer's tile as MVT bytes from the layer's values over the cut's window; null when no block holds a value. */
export function encodeLayerTile(
  layer: string,
  grid: GridGeometry,
  cut: LayerTileCut,
  values: LayerWindow,
  tile: TileAddress,
): Uint8Array | null {
  return encodeTile([{ name: layer, squares: cellSquares(grid, values, tile, cut.blocks) }]);
}
