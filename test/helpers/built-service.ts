import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The server and the operator CLI as `npm start` runs them: the built JavaScript in
 * `dist/`, not the sources under tsx. Faster to start (tsx hooks every one of the ~1,300
 * modules a server loads, in each of its threads: a spawned server took 38–41 s of CPU
 * from source against 26 s built, on the same machine), and it is what operators run.
 * The tests of `npm run svc` itself (test/cli/keys-cli.integration.test.ts) keep npm.
 *
 * `npm run test:integration` builds once before its files start (five run at a time, so
 * they must not each build); a file run on its own builds here when `dist/` is older than
 * a source (scripts/build-if-needed.mjs, as `npm start` does).
 */
const ROOT = resolve(import.meta.dirname, '..', '..');

execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: ROOT });

/** `node SERVER_ENTRY` starts the server (relative to the repository root) */
export const SERVER_ENTRY = 'dist/src/start/server.js';

/** `node CLI_ENTRY …` is `npm run svc -- …`, built */
export const CLI_ENTRY = 'dist/src/cli/main.js';
