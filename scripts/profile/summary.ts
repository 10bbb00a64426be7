import { readFileSync } from 'node:fs';

/**
 * The top frames of a V8 .cpuprofile (`node --cpu-prof`): self time per function and
 * location, and the share of the sampled time, the flame graph's widest leaves in text.
 * `node --import tsx scripts/profile/summary.ts FILE.cpuprofile [rows]`
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: summary.ts FILE.cpuprofile [rows]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

function labelOf(node: ProfileNode): string {
  const frame = node.callFrame;
  const where = frame.url
    .replace(/^.*\/node_modules\//, '~/')
    .replace(/^file:\/\/.*\/(src|bench|scripts)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
}

const selfUs = new Map<string, number>();
// inclusive: a frame counts once per sample in which it is anywhere on the stack
const totalUs = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id);
  if (!node) return;
  selfUs.set(labelOf(node), (selfUs.get(labelOf(node)) ?? 0) + delta);
  total += delta;
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const label = labelOf(byId.get(at) as ProfileNode);
    if (seen.has(label)) continue;
    seen.add(label);
    totalUs.set(label, (totalUs.get(label) ?? 0) + delta);
  }
});
const limit = Number(rowsArg ?? 25);
const top = (map: Map<string, number>, column: string) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([frame, us]) => ({ [column]: ((100 * us) / total).toFixed(1), frame }));
console.log(`${(total / 1e6).toFixed(1)} s sampled; widest leaves (self time):`);
console.table(top(selfUs, 'self %'));
console.log('widest frames (time with everything they call), the flame graph from the top:');
console.table(top(totalUs, 'total %'));
