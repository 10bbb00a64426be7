import { PbfWriter } from 'pbf';
import { type Squares, TILE_EXTENT } from './cell-squares.ts';
import type { VtFeature } from './vt-feature.ts';

/**
 * Mapbox Vector Tile 2.1 writer (extent 4096). Grid squares are written straight from
 * their columns with a fixed command sequence (MoveTo, three LineTo, ClosePath); other
 * polygons from their rings. A general-purpose encoder (vt-pbf) spends most of a cold
 * z15 tile building and walking per-vertex objects; this one does not.
 * Returns null when no layer has a feature: the route answers 204.
 */
export interface MvtLayer {
  name: string;
  squares?: Squares;
  polygons?: readonly VtFeature[];
  /** points, lines and polygons as their `type` says (the basemap) */
  features?: readonly VtFeature[];
}

const MOVE_TO_1 = 9; // command 1, count 1
const LINE_TO_3 = 26; // command 2, count 3
const CLOSE_PATH = 15; // command 7, count 1

function zigzag(n: number): number {
  return (n << 1) ^ (n >> 31);
}

class LayerContext {
  readonly keys: string[] = [];
  private readonly keyIndex = new Map<string, number>();
  readonly values: Array<number | string | boolean> = [];
  private readonly valueIndex = new Map<number | string | boolean, number>();
  readonly tags: number[] = [];
  readonly geometry: number[] = [];
  type = 3;

  key(name: string): number {
    let i = this.keyIndex.get(name);
    if (i === undefined) {
      i = this.keys.push(name) - 1;
      this.keyIndex.set(name, i);
    }
    return i;
  }

  value(v: number | string | boolean): number {
    let i = this.valueIndex.get(v);
    if (i === undefined) {
      i = this.values.push(v) - 1;
      this.valueIndex.set(v, i);
    }
    return i;
  }
}

function writeFeature(ctx: LayerContext, pbf: PbfWriter): void {
  pbf.writePackedVarint(2, ctx.tags);
  pbf.writeVarintField(3, ctx.type);
  pbf.writePackedVarint(4, ctx.geometry);
}

function writeValue(v: number | string | boolean, pbf: PbfWriter): void {
  if (typeof v === 'string') pbf.writeStringField(1, v);
  else if (typeof v === 'boolean') pbf.writeBooleanField(7, v);
  else if (!Number.isInteger(v)) pbf.writeDoubleField(3, v);
  else if (v < 0) pbf.writeSVarintField(6, v);
  else pbf.writeVarintField(5, v);
}

function writeLayer(layer: MvtLayer, pbf: PbfWriter): void {
  pbf.writeVarintField(15, 2);
  pbf.writeStringField(1, layer.name);
  pbf.writeVarintField(5, TILE_EXTENT);
  const ctx = new LayerContext();
  const squares = layer.squares;
  if (squares) {
    const fields = Object.entries(squares.values).map(([name, column]) => ({ key: ctx.key(name), column }));
    for (let i = 0; i < squares.count; i++) {
      ctx.tags.length = 0;
      for (const { key, column } of fields) {
        const v = column[i]!;
        if (!Number.isNaN(v)) ctx.tags.push(key, ctx.value(v));
      }
      const x0 = squares.x0[i]!;
      const y0 = squares.y0[i]!;
      const x1 = squares.x1[i]!;
      const y1 = squares.y1[i]!;
      // the cursor starts at the origin for every feature: MVT geometry is per feature
      ctx.geometry.length = 0;
      ctx.geometry.push(MOVE_TO_1, zigzag(x0), zigzag(y0), LINE_TO_3);
      ctx.geometry.push(zigzag(x1 - x0), 0, 0, zigzag(y1 - y0), zigzag(x0 - x1), 0, CLOSE_PATH);
      pbf.writeMessage(2, writeFeature, ctx);
    }
  }
  for (const feature of layer.polygons ?? []) writeGeometryFeature(ctx, pbf, feature, 3);
  for (const feature of layer.features ?? []) writeGeometryFeature(ctx, pbf, feature, feature.type);
  for (const key of ctx.keys) pbf.writeStringField(3, key);
  for (const value of ctx.values) pbf.writeMessage(4, writeValue, value);
}

function writeGeometryFeature(ctx: LayerContext, pbf: PbfWriter, feature: VtFeature, type: 1 | 2 | 3): void {
  ctx.tags.length = 0;
  for (const [name, v] of Object.entries(feature.tags)) ctx.tags.push(ctx.key(name), ctx.value(v));
  ctx.geometry.length = 0;
  ctx.type = type;
  let cx = 0;
  let cy = 0;
  if (type === 1) {
    const points = feature.geometry.flat();
    ctx.geometry.push(1 | (points.length << 3));
    for (const [x, y] of points) {
      ctx.geometry.push(zigzag(x - cx), zigzag(y - cy));
      cx = x;
      cy = y;
    }
  } else {
    for (const part of feature.geometry) {
      // polygon rings arrive closed; MVT leaves the closing point to ClosePath
      const n = type === 3 ? part.length - 1 : part.length;
      for (let j = 0; j < n; j++) {
        const [x, y] = part[j]!;
        if (j === 0) ctx.geometry.push(MOVE_TO_1);
        else if (j === 1) ctx.geometry.push(2 | ((n - 1) << 3));
        ctx.geometry.push(zigzag(x - cx), zigzag(y - cy));
        cx = x;
        cy = y;
      }
      if (type === 3) ctx.geometry.push(CLOSE_PATH);
    }
  }
  pbf.writeMessage(2, writeFeature, ctx);
}

export function encodeTile(layers: readonly MvtLayer[]): Uint8Array | null {
  const present = layers.filter(
    (l) => (l.squares?.count ?? 0) + (l.polygons?.length ?? 0) + (l.features?.length ?? 0) > 0,
  );
  if (present.length === 0) return null;
  const pbf = new PbfWriter();
  for (const layer of present) pbf.writeMessage(3, writeLayer, layer);
  return pbf.finish();
}
