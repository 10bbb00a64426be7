import { readdirSync, readFileSync } from 'node:fs';

/** the processes under `pid`, by pid, whichever of their threads started them, and theirs (Linux) */
export function descendants(pid: number): number[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return []; // gone meanwhile
  }
  const children = tids.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return []; // a thread that ended meanwhile
    }
  });
  return children.flatMap((child) => [child, ...descendants(child)]);
}
