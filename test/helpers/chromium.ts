import { readdirSync, readFileSync } from 'node:fs';

/**
 * The Chromium browser processes this test process started (`/usr/bin/chromium` execs
 * the browser, so it is our child; its renderers are the browser's children, not ours).
 */
export function chromiumChildren(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // fields after "(comm) ": state, ppid, …
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return stat.includes('(chromium)') && Number(fields[1]) === process.pid ? [Number(name)] : [];
      } catch {
        return []; // gone between the listing and the read
      }
    });
}
