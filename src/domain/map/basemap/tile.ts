import { TILE_BUFFER, TILE_EXTENT } from '../cell-squares.ts';
import { latToTileY, lonToTileX, type TileAddress, tileBounds } from '../mercator.ts';
import { encodeTile, type MvtLayer } from '../mvt.ts';
import type { VtFeature } from '../vt-feature.ts';
import { type Box, clipLine, clipRing, type Point } from './clip.ts';
import type { BasemapFeature, BasemapLayer } from './features.ts';

/** the basemap's tile pyramid: cut from z10, overzoomed by the renderer past z16 */
export const BASEMAP_MINZOOM = 10;
export const BASEMAP_MAXZOOM = 16;
/** layer order in the tile: the style draws in its own order, this one is only stable */
export const BASEMAP_LAYERS: readonly BasemapLayer[] = [
  'landuse',
  'green',
  'water',
  'buildings',
  'roads',
  'boundary',
  'places',
];

const BOX: Box = { min: -TILE_BUFFER, max: TILE_EXTENT + TILE_BUFFER };

function project(part: readonly [number, number][], tile: TileAddress): Point[] {
  return part.map(([lon, lat]) => [
    (lonToTileX(lon, tile.z) - tile.x) * TILE_EXTENT,
    (latToTileY(lat, tile.z) - tile.y) * TILE_EXTENT,
  ]);
}

/** whole tile pixels, repeated points dropped (what collapses at this zoom goes) */
function rounded(points: readonly Point[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [x, y] of points) {
    const p: [number, number] = [Math.round(x), Math.round(y)];
    const last = out[out.length - 1];
    if (last && last[0] === p[0] && last[1] === p[1]) continue;
    out.push(p);
  }
  return out;
}

/** twice the area in tile pixels; positive = clockwise on screen (y down) */
function area(ring: ReadonlyArray<[number, number]>): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

function polygonGeometry(f: BasemapFeature, tile: TileAddress): Array<Array<[number, number]>> {
  const rings: Array<Array<[number, number]>> = [];
  let at = 0;
  for (const count of f.ringCounts ?? [f.parts.length]) {
    for (let r = 0; r < count; r++) {
      const source = f.parts[at + r]!;
      // GeoJSON rings repeat their first point; the clipper takes them open
      let ring = rounded(clipRing(project(source.slice(0, -1), tile), BOX));
      if (ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1]) ring.pop();
      const a = ring.length < 3 ? 0 : area(ring);
      // a polygon whose exterior collapsed drops its holes with it
      if (a === 0) {
        if (r === 0) break;
        continue;
      }
      // MVT: exteriors clockwise on screen, holes counterclockwise
      if ((r === 0) !== a > 0) ring = ring.reverse();
      ring.push([ring[0]![0], ring[0]![1]]);
      rings.push(ring);
    }
    at += count;
  }
  return rings;
}

function lineGeometry(f: BasemapFeature, tile: TileAddress): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = [];
  for (const part of f.parts)
    for (const piece of clipLine(project(part, tile), BOX)) {
      const line = rounded(piece);
      if (line.length > 1) out.push(line);
    }
  return out;
}

function pointGeometry(f: BasemapFeature, tile: TileAddress): Array<Array<[number, number]>> {
  const [p] = rounded(project(f.parts[0]!, tile));
  // a label belongs to the one tile that holds it: not repeated in the neighbours' buffers
  if (!p || p[0] < 0 || p[1] < 0 || p[0] >= TILE_EXTENT || p[1] >= TILE_EXTENT) return [];
  return [[p]];
}

/** the features drawn in one tile, by layer, in tile pixels */
export function basemapTileLayers(features: readonly BasemapFeature[], tile: TileAddress): MvtLayer[] {
  const b = tileBounds(tile);
  const padLon = ((b.east - b.west) * TILE_BUFFER) / TILE_EXTENT;
  const padLat = ((b.north - b.south) * TILE_BUFFER) / TILE_EXTENT;
  const byLayer = new Map<BasemapLayer, VtFeature[]>(BASEMAP_LAYERS.map((l) => [l, []]));
  for (const f of features) {
    if (tile.z < f.minzoom) continue;
    const [w, s, e, n] = f.bbox;
    if (e < b.west - padLon || w > b.east + padLon || n < b.south - padLat || s > b.north + padLat) continue;
    const geometry =
      f.type === 3 ? polygonGeometry(f, tile) : f.type === 2 ? lineGeometry(f, tile) : pointGeometry(f, tile);
    if (geometry.length === 0) continue;
    byLayer.get(f.layer)!.push({ type: f.type, geometry, tags: f.tags });
  }
  return BASEMAP_LAYERS.map((name) => ({ name, features: byLayer.get(name)! }));
}

/** one basemap tile as MVT bytes, null when nothing is drawn in it */
export function encodeBasemapTile(features: readonly BasemapFeature[], tile: TileAddress): Uint8Array | null {
  return encodeTile(basemapTileLayers(features, tile));
}
