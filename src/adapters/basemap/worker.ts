import { parentPort } from 'node:worker_threads';
import { type BasemapFeature, basemapFeatures } from '../../domain/map/basemap/features.ts';
import { encodeBasemapTile } from '../../domain/map/basemap/tile.ts';
import { glyphRange } from './glyphs.ts';
import type { BasemapReply, BasemapTask } from './protocol.ts';

/**
 * The basemap thread: reads each city package's features once per revision and cuts
 * tiles from them, and draws glyph ranges; the event loop only caches and sends bytes.
 */
const cities = new Map<string, { revision: string; features: BasemapFeature[] }>();

function reply(message: BasemapReply): void {
  const transfer = message.ok && message.bytes ? [message.bytes.buffer as ArrayBuffer] : [];
  parentPort!.postMessage(message, transfer);
}

parentPort!.on('message', (task: BasemapTask) => {
  try {
    if (task.method === 'glyphs') {
      reply({ id: task.id, ok: true, bytes: glyphRange(task.stack, task.start) });
      return;
    }
    let city = cities.get(task.city);
    if (city?.revision !== task.revision) {
      if (!task.files) {
        reply({ id: task.id, ok: false, needFiles: true });
        return;
      }
      city = { revision: task.revision, features: basemapFeatures(task.files) };
      cities.set(task.city, city);
    }
    reply({ id: task.id, ok: true, bytes: encodeBasemapTile(city.features, task.tile) });
  } catch (error) {
    reply({ id: task.id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
