// Bundles the browser side of the map product with esbuild:
//   src/web/client/index.ts -> dist/web/sdk/map/v1/svc-map.js  (published client, ESM)
//   src/web/demo/demo.ts    -> dist/web/demo/demo.js, plus index.html copied next to it
// The client is versioned by product and major version in its path; a breaking change
// goes to /sdk/map/v2/ while v1 keeps being built and served.
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'web');

const common = {
  bundle: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  sourcemap: true,
  minify: true,
  logLevel: 'warning',
  legalComments: 'none',
};

await build({
  ...common,
  entryPoints: [join(root, 'src/web/client/index.ts')],
  outfile: join(out, 'sdk/map/v1/svc-map.js'),
});
await build({
  ...common,
  entryPoints: [join(root, 'src/web/demo/demo.ts')],
  outfile: join(out, 'demo/demo.js'),
  // loaded by URL at run time from the service, exactly as a customer page would
  external: ['/vendor/*', '/sdk/*'],
});
await mkdir(join(out, 'demo'), { recursive: true });
await copyFile(join(root, 'src/web/demo/index.html'), join(out, 'demo/index.html'));
