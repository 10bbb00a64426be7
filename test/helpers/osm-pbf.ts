import { deflateSync } from 'node:zlib';
import { PbfWriter } from 'pbf';

/**
 * A tiny OpenStreetMap PBF encoder for test fixtures (the OSM PBF format: a sequence of
 * BlobHeader + zlib Blob, an OSMHeader block then OSMData primitive blocks). Plain
 * (non-dense) nodes, ways with delta-coded refs, relations with delta-coded members.
 */
export interface OsmNode {
  id: number;
  lon: number;
  lat: number;
  tags?: Record<string, string>;
}
export interface OsmWay {
  id: number;
  refs: number[];
  tags?: Record<string, string>;
}
export interface OsmRelation {
  id: number;
  members: Array<{ type: 'node' | 'way' | 'relation'; ref: number; role: string }>;
  tags?: Record<string, string>;
}

class Strings {
  private readonly index = new Map<string, number>([['', 0]]);
  readonly list: string[] = [''];
  id(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }
}

const deltas = (values: number[]) => values.map((v, i) => v - (i === 0 ? 0 : values[i - 1]!));

function blob(type: 'OSMHeader' | 'OSMData', payload: Uint8Array): Buffer {
  const body = new PbfWriter();
  body.writeVarintField(2, payload.length);
  body.writeBytesField(3, deflateSync(payload));
  const data = body.finish();
  const header = new PbfWriter();
  header.writeStringField(1, type);
  header.writeVarintField(3, data.length);
  const head = header.finish();
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, data]);
}

export function encodeOsmPbf(data: { nodes: OsmNode[]; ways: OsmWay[]; relations?: OsmRelation[] }): Buffer {
  const header = new PbfWriter();
  header.writeStringField(4, 'OsmSchema-V0.6');
  header.writeStringField(16, 'svc-api test fixture');

  const strings = new Strings();
  const keysVals = (tags: Record<string, string> = {}) => ({
    keys: Object.keys(tags).map((k) => strings.id(k)),
    vals: Object.values(tags).map((v) => strings.id(v)),
  });
  const nodeGroup = new PbfWriter();
  for (const n of data.nodes) {
    nodeGroup.writeMessage(
      1,
      (node: OsmNode, pbf: PbfWriter) => {
        const { keys, vals } = keysVals(node.tags);
        pbf.writeSVarintField(1, node.id);
        pbf.writePackedVarint(2, keys);
        pbf.writePackedVarint(3, vals);
        pbf.writeSVarintField(8, Math.round(node.lat * 1e7));
        pbf.writeSVarintField(9, Math.round(node.lon * 1e7));
      },
      n,
    );
  }
  const wayGroup = new PbfWriter();
  for (const w of data.ways) {
    wayGroup.writeMessage(
      3,
      (way: OsmWay, pbf: PbfWriter) => {
        const { keys, vals } = keysVals(way.tags);
        pbf.writeVarintField(1, way.id);
        pbf.writePackedVarint(2, keys);
        pbf.writePackedVarint(3, vals);
        pbf.writePackedSVarint(8, deltas(way.refs));
      },
      w,
    );
  }
  const relationGroup = new PbfWriter();
  const TYPES = { node: 0, way: 1, relation: 2 } as const;
  for (const r of data.relations ?? []) {
    relationGroup.writeMessage(
      4,
      (rel: OsmRelation, pbf: PbfWriter) => {
        const { keys, vals } = keysVals(rel.tags);
        pbf.writeVarintField(1, rel.id);
        pbf.writePackedVarint(2, keys);
        pbf.writePackedVarint(3, vals);
        pbf.writePackedVarint(
          8,
          rel.members.map((m) => strings.id(m.role)),
        );
        pbf.writePackedSVarint(9, deltas(rel.members.map((m) => m.ref)));
        pbf.writePackedVarint(
          10,
          rel.members.map((m) => TYPES[m.type]),
        );
      },
      r,
    );
  }
  const block = new PbfWriter();
  const table = new PbfWriter();
  for (const s of strings.list) table.writeBytesField(1, Buffer.from(s, 'utf8'));
  block.writeBytesField(1, table.finish());
  for (const group of [nodeGroup, wayGroup, relationGroup]) {
    const bytes = group.finish();
    if (bytes.length > 0) block.writeBytesField(2, bytes);
  }
  return Buffer.concat([blob('OSMHeader', header.finish()), blob('OSMData', block.finish())]);
}
