import { Session } from 'node:inspector/promises';
import { bareTwin } from '../../bench/http-throughput.ts';
import { loadFor } from '../../bench/load-generator.ts';
import { serviceInProcess } from '../../bench/service-in-process.ts';
import { signedTilePath } from './tile-url.ts';

/**
 * Where a route's CPU goes beyond its bare twin's, frame by frame: the service and its
 * twin (the same bytes and headers, bench/http-throughput.ts) are each profiled under the
 * same load from another process, and every frame's self time is divided by the answers
 * served, so the two sides read in µs per request and their difference is what the route
 * costs over bare Fastify, kernel frames (`writev`) included.
 *
 *   node --import tsx scripts/profile/twin-diff.ts ['/v1/realtime?lat=…&lon=…' | tile | '!/v1/scales'] [seconds]
 *
 * A leading `!` sends no key; `tile` is a signed z15 tile asked for with gzip. The profiler
 * samples every 100 µs and adds its own cost to both sides alike.
 */
const spec = process.argv[2] ?? '/v1/realtime?lat=50.8467&lon=4.3525';
const seconds = Number(process.argv[3] ?? 6);
const service = await serviceInProcess('twin-diff');
const tile = spec === 'tile';
const path = tile ? await signedTilePath(service.address, service.secret) : spec.replace(/^!/, '');
const headers: Record<string, string> = tile
  ? { 'accept-encoding': 'gzip' }
  : spec.startsWith('!')
    ? {}
    : { 'x-api-key': service.secret };
const url = `${service.address}${path}`;
const twin = await bareTwin(url, headers);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Sampled {
  /** µs of self time per answer, by frame */
  perAnswer: Map<string, number>;
  cpuPerAnswer: number;
  rps: number;
}

function frameLabel({ callFrame: f }: ProfileNode): string {
  const where = f.url.replace(/^.*node_modules\//, '~/').replace(/^file:.*?\/(src|bench|scripts)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
}

async function sample(target: string): Promise<Sampled> {
  await loadFor(target, { headers, seconds: 1, connections: 16 }); // warm-up
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const before = process.cpuUsage();
  const load = await loadFor(target, { headers, seconds, connections: 16 });
  const used = process.cpuUsage(before);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
  const selfUs = new Map<string, number>();
  profile.samples?.forEach((id, i) => {
    const label = frameLabel(nodes.get(id)!);
    selfUs.set(label, (selfUs.get(label) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
  });
  return {
    perAnswer: new Map([...selfUs].map(([label, us]) => [label, us / load.requests])),
    cpuPerAnswer: (used.user + used.system) / load.requests,
    rps: load.rps,
  };
}

const ours = await sample(url);
const bare = await sample(twin.url);
console.log(
  `${spec}: service ${ours.cpuPerAnswer.toFixed(1)} µs CPU per answer at ${Math.round(ours.rps)} req/s, ` +
    `bare twin ${bare.cpuPerAnswer.toFixed(1)} µs at ${Math.round(bare.rps)} req/s`,
);
const rows = [...new Set([...ours.perAnswer.keys(), ...bare.perAnswer.keys()])]
  .filter((label) => !label.startsWith('(idle)'))
  .map((label) => {
    const service = ours.perAnswer.get(label) ?? 0;
    const twinUs = bare.perAnswer.get(label) ?? 0;
    return { frame: label.slice(0, 90), service, bare: twinUs, more: service - twinUs };
  })
  .sort((a, b) => b.more - a.more);
const shown = (list: typeof rows) =>
  list.map((r) => ({
    frame: r.frame,
    'service µs': r.service.toFixed(2),
    'twin µs': r.bare.toFixed(2),
    'more µs': r.more.toFixed(2),
  }));
console.log('frames the service spends more in, µs of self time per answer:');
console.table(shown(rows.slice(0, Number(process.env.ROWS ?? 30))));
console.log('and less:');
console.table(shown(rows.slice(-5)));
await twin.close();
await service.close();
