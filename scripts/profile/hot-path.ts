import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOAD_GENERATOR, loadFor } from '../../bench/load-generator.ts';
import { serviceInProcess } from '../../bench/service-in-process.ts';
import { tileAt } from '../../src/domain/map/mercator.ts';

/**
 * Profiles one hot path of the service: `node --import tsx scripts/profile/hot-path.ts
 * <path> [seconds] [out.cpuprofile]`. The service runs in this process and the V8 profiler
 * samples only the load window (start-up and warm-up excluded); the load comes from
 * another process (bench/load-generator.ts: wrk or autocannon), 16 connections over loopback. Open the profile in Chrome
 * DevTools or speedscope for the flame graph, or summarise it with scripts/profile/summary.ts.
 */
const PATHS: Record<string, string> = {
  health: '/v1/health',
  key: '/v1/key',
  realtime: '/v1/realtime?lat=50.8467&lon=4.3525',
  forecast: '/v1/forecast?lat=50.8467&lon=4.3525',
  historical: '/v1/historical/stats?lat=50.8467&lon=4.3525',
  /** a cached z15 tile of the real-time thermal layer, gzip as a browser asks; signed at run time */
  tile: 'tile',
};
const name = process.argv[2] ?? 'realtime';
const seconds = Number(process.argv[3] ?? 8);
const out = process.argv[4] ?? join(tmpdir(), `svc-${name}.cpuprofile`);
const path = PATHS[name];
if (!path) throw new Error(`unknown path ${name}; one of ${Object.keys(PATHS).join(', ')}`);

const service = await serviceInProcess('profile');
const { address, secret } = service;
const url = path === 'tile' ? await cachedTileUrl() : `${address}${path}`;
const headers = { 'x-api-key': secret, 'accept-encoding': 'gzip' };
const warm = await fetch(url, { headers });
if (warm.status !== 200) throw new Error(`${url}: ${warm.status}`);
await warm.arrayBuffer();

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const load = await loadFor(url, { headers, seconds, connections: 16 });
console.log(`${Math.round(load.rps)} req/s (${LOAD_GENERATOR}), ${load.failures} failed`);
const { profile } = await session.post('Profiler.stop');
writeFileSync(out, JSON.stringify(profile));
console.log(`profile: ${out}`);
session.disconnect();
await service.close();

/** the signed URL of the Grand-Place's z15 tile in the catalog's real-time thermal layer */
async function cachedTileUrl(): Promise<string> {
  const catalog = (await (
    await fetch(`${address}/v1/map/brussels`, { headers: { 'x-api-key': secret } })
  ).json()) as { realtime: { layers: Record<string, { tilejson: string }> } };
  const tilejson = (await (await fetch(`${address}${catalog.realtime.layers.thermal!.tilejson}`)).json()) as {
    tiles: string[];
  };
  const centre = tileAt(4.3525, 50.8467, 15);
  return `${address}${tilejson.tiles[0]!.replace('{z}/{x}/{y}', `15/${centre.x}/${centre.y}`)}`;
}
