import { bareTwin } from '../../bench/http-throughput.ts';
import { loadFor } from '../../bench/load-generator.ts';
import { serviceInProcess } from '../../bench/service-in-process.ts';
import { signedTilePath } from './tile-url.ts';

/**
 * CPU time the service spends per request, next to its bare twin (same bytes and headers):
 * `node --import tsx scripts/profile/cpu-per-request.ts '/v1/key,!/v1/scales'` (a leading
 * `!` sends no key; `tile` is a signed z15 tile). The server runs in this process and is measured with
 * process.cpuUsage() over 2 s of load from another process (bench/load-generator.ts), so
 * the load generator's own work is not counted; steadier than throughput on a busy machine.
 * Each side's figure is the least of ROUNDS interleaved rounds (default 3; more on a noisy
 * machine: noise only ever adds CPU).
 */
const SECONDS = 2;
const service = await serviceInProcess('cpu');
const { address, secret } = service;

async function cpuPerRequest(url: string, headers: Record<string, string>): Promise<number> {
  const before = process.cpuUsage();
  const load = await loadFor(url, { headers, seconds: SECONDS, connections: 16 });
  const used = process.cpuUsage(before);
  if (load.failures > 0) console.log(`${url}: ${load.failures} failed answers`);
  return (used.user + used.system) / load.requests;
}

for (const spec of (process.argv[2] ?? '/v1/realtime?lat=50.8467&lon=4.3525').split(',')) {
  // `tile`: a signed z15 tile, asked for with gzip as browsers do (the URL carries the key)
  const tile = spec === 'tile';
  const path = tile ? await signedTilePath(address, secret) : spec.replace(/^!/, '');
  const headers: Record<string, string> = tile
    ? { 'accept-encoding': 'gzip' }
    : spec.startsWith('!')
      ? {}
      : { 'x-api-key': secret };
  const url = `${address}${path}`;
  const twin = await bareTwin(url, headers);
  await cpuPerRequest(url, headers);
  await cpuPerRequest(twin.url, headers);
  const service: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
    service.push(await cpuPerRequest(url, headers));
    bare.push(await cpuPerRequest(twin.url, headers));
  }
  const s = Math.min(...service);
  const b = Math.min(...bare);
  console.log(
    `${spec}: service ${s.toFixed(1)} µs CPU/request, bare ${b.toFixed(1)} µs, ratio ${(b / s).toFixed(2)}`,
  );
  await twin.close();
}
await service.close();
