import type { CityPackage } from '../../domain/coverage/city-package/package.ts';
import { runOneShotProcess } from '../../runtime/one-shot-process.ts';

/** what the registry and the model's domain need of a package, without its geometry */
export type PackageOutline =
  | ({ ok: true } & Pick<CityPackage, 'manifest' | 'boundary' | 'plannedBoundary' | 'weatherEpw'>)
  | { ok: false; problems: string };

/** a package's outline is read in well under a second even for 95 MB; this only ends a hung process */
const OUTLINE_DEADLINE_MS = 120_000;
/** background work: on a busy machine it yields the cores to the server's own threads */
const OUTLINE_NICENESS = 10;

/**
 * A stored package's outline, read from its archive in a child process
 * (package-outline-child.ts): a large package is long seconds of unzipping and parsing, which an
 * instance's event loop used to spend on every city change, for every stored package.
 * On a thread of the server's process the same work still cost the event loop: while it
 * ran the loop's own heap was collected several times as often, each collection a stall
 * (docs/cities.md). A process shares
 * nothing with the server, and the parsed files end with it.
 */
export function readPackageOutline(archive: Uint8Array, what: string): Promise<PackageOutline> {
  return runOneShotProcess<PackageOutline>(import.meta.url, 'package-outline-child', {
    what: `the outline of ${what}`,
    input: { archive },
    deadlineMs: OUTLINE_DEADLINE_MS,
    nice: OUTLINE_NICENESS,
  });
}
