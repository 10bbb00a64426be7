import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A thread running the module `name` next to `from` (an import.meta.url): `name.js` in the
 * built code, `name.ts` from the sources. Under tsx the loader registered by `--import tsx`
 * does not reach worker threads on Node 20, so a TypeScript thread first registers tsx's
 * ESM hooks itself.
 */
export function startModuleThread(from: string, name: string, options: WorkerOptions = {}): Worker {
  const fromSource = from.endsWith('.ts');
  const url = new URL(`./${name}${fromSource ? '.ts' : '.js'}`, from);
  if (!fromSource) return new Worker(url, options);
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
