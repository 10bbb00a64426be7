import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (clock ticks) used so far by `pid`, every thread, and its descendants: Linux /proc */
export function treeCpuTicks(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0; // gone meanwhile
  }
  // after the command's closing parenthesis: state is field 0, utime 11 and stime 12
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let ticks = Number(fields[11]) + Number(fields[12]);
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {}
    for (const child of children.split(' ').filter(Boolean)) ticks += treeCpuTicks(Number(child));
  }
  return ticks;
}

/** CPU time (clock ticks) the whole machine has spent busy so far, every core: /proc/stat */
export function machineBusyTicks(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // user nice system idle iowait irq softirq steal …: all but idle and iowait are busy
  return fields.slice(0, 8).reduce((sum, ticks, i) => (i === 3 || i === 4 ? sum : sum + ticks), 0);
}

/** microseconds in one clock tick (USER_HZ is 100 on Linux) */
export const MICROSECONDS_PER_TICK = 10_000;

/**
 * Waits until the process tree of `pid` (a started server, its cluster workers) has used
 * less than `share` of one core over `windowMs`, or `limitMs` has passed: a server answers
 * as soon as it listens, but its start-up work (warm-up, the compute threads' exercises)
 * goes on for seconds after, and a benchmark measures the server, not its start.
 */
export async function untilIdle(
  pid: number,
  share = 0.05,
  windowMs = 1_000,
  limitMs = 60_000,
): Promise<void> {
  const ticksPerMs = 1000 / MICROSECONDS_PER_TICK;
  const started = Date.now();
  let before = treeCpuTicks(pid);
  while (Date.now() - started < limitMs) {
    await new Promise((done) => setTimeout(done, windowMs));
    const now = treeCpuTicks(pid);
    if (now - before <= share * windowMs * ticksPerMs) return;
    before = now;
  }
}
