import { parentPort, workerData } from 'node:worker_threads';
import { ModelUnavailableError } from '../../../domain/errors/failures.ts';
import type { DomainId, TimedLayer } from '../../../domain/grid/model-data.ts';
import { buildingTileWindow, encodeBuildingSquares } from '../../../domain/map/building-tile.ts';
import { encodeLayerTile, layerTileCut } from '../../../domain/map/layer-tile.ts';
import { type TileAddress, tileAt } from '../../../domain/map/mercator.ts';
import { threadFailure } from '../../../runtime/thread-failure.ts';
import { ModelEngine } from '../compute/engine.ts';
import type { HourSpec } from '../compute/hour-tables.ts';
import { attachMorphology, type Morphology } from '../morphology/morphology.ts';
import { DomainFootprints } from '../spatial/domain-footprints.ts';
import type { ReplyMessage, Task, TaskMessage, WorkerInit } from './protocol.ts';

/**
 * A compute worker: attaches the shared morphology buffers (no copy, no regeneration),
 * then answers tasks one at a time. Result arrays are transferred, not copied.
 */
const init = workerData as WorkerInit;
const domains = new Map<DomainId, Morphology>();
for (const t of init.morphologies) domains.set(t.info.id, attachMorphology(t));
const engine = new ModelEngine(domains, init.seed);
const footprints = new DomainFootprints(domains);
for (const transfer of init.warmed ?? []) engine.adopt(transfer);
if (init.live) engine.setLive(init.live);
if (init.reference) engine.setReference(init.reference);
/** set by an `injectBug` task (tests): the next task fails as a programming error would */
let bugInjected = false;

function layerTile(
  domain: DomainId,
  layer: TimedLayer,
  hour: HourSpec,
  tile: TileAddress,
): Uint8Array | null {
  const grid = engine.morphology(domain).info.grid;
  const cut = layerTileCut(grid, tile);
  if (cut === null) return null;
  return encodeLayerTile(layer, grid, cut, engine.layerWindow(domain, layer, hour, cut.window), tile);
}

function buildingsTile(domain: DomainId, tile: TileAddress): Uint8Array | null {
  return encodeBuildingSquares(footprints.tileSquares(domain, buildingTileWindow(tile), tile));
}

/** a tile's bytes go back in their own buffer, moved rather than copied */
function tileReply(bytes: Uint8Array | null): { result: unknown; transfer: ArrayBuffer[] } {
  return { result: bytes, transfer: bytes === null ? [] : [bytes.buffer as ArrayBuffer] };
}

function run(task: Task): { result: unknown; transfer: ArrayBuffer[] } {
  if (task.method === 'injectBug') {
    bugInjected = true;
    return { result: null, transfer: [] };
  }
  if (bugInjected) {
    bugInjected = false;
    injectedBug();
  }
  if (task.method === 'warm') {
    // the reference-year tables, so that the first request does not pay for them
    const ids = [...(task.domains ?? domains.keys())];
    if (task.share) return { result: ids.map((id) => engine.warmShared(id)), transfer: [] };
    for (const id of ids) engine.warm(id);
    return { result: null, transfer: [] };
  }
  if (task.method === 'exercise') {
    engine.exercise([...domains.keys()]);
    // and the buildings layer's projection and encoder, on one z15 tile per city centre
    for (const m of domains.values())
      if (m.info.hasBuildings) buildingsTile(m.info.id, tileAt(m.centre.lon, m.centre.lat, 15));
    return { result: null, transfer: [] };
  }
  if (task.method === 'adopt') {
    for (const transfer of task.transfers) engine.adopt(transfer);
    return { result: null, transfer: [] };
  }
  if (task.method === 'attach') {
    for (const t of task.morphologies) domains.set(t.info.id, attachMorphology(t));
    return { result: null, transfer: [] };
  }
  if (task.method === 'reference') {
    engine.setReference(task.years);
    return { result: null, transfer: [] };
  }
  if (task.method === 'live') {
    engine.setLive(task.inputs);
    return { result: null, transfer: [] };
  }
  if (task.method === 'detach') {
    for (const id of task.domains) domains.delete(id);
    return { result: null, transfer: [] };
  }
  if (task.method === 'series') {
    const result = engine.series(task.domain, task.cells, task.span, task.slice);
    // columns share buffers (engine.ts, seriesOutput): each buffer is listed once
    const transfer = new Set<ArrayBuffer>();
    for (const s of result) {
      for (const v of Object.values(s)) if (ArrayBuffer.isView(v)) transfer.add(v.buffer as ArrayBuffer);
    }
    return { result, transfer: [...transfer] };
  }
  if (task.method === 'layerTile') return tileReply(layerTile(task.domain, task.layer, task.hour, task.tile));
  if (task.method === 'buildingsTile') return tileReply(buildingsTile(task.domain, task.tile));
  if (task.method === 'layerWindow') {
    const result = engine.layerWindow(task.domain, task.layer, task.hour, task.window);
    return { result, transfer: Object.values(result.fields).map((f) => f.buffer as ArrayBuffer) };
  }
  return { result: engine.layerRanges(task.domain, task.layers, task.hours), transfer: [] };
}

/** a TypeError thrown from model code, the way a real bug throws (its own frame in the stack) */
function injectedBug(): never {
  throw new TypeError(`injected bug: cannot read properties of undefined (reading 'cells')`);
}

parentPort!.on('message', (message: TaskMessage) => {
  let reply: ReplyMessage;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = run(message.task);
    reply = { id: message.id, ok: true, result: done.result };
    transfer = done.transfer;
  } catch (error) {
    // a domain gone meanwhile is the model being unavailable; anything else is a bug
    reply = {
      id: message.id,
      ok: false,
      error: threadFailure(error, (e) => e instanceof ModelUnavailableError),
    };
  }
  parentPort!.postMessage(reply, transfer);
});
