import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module next to `from` named `name`: `name.js` from the built
 * code, `name.ts` from the sources. Under tsx on Node 20 the `--import` loader does not
 * reach worker threads, so a TypeScript worker first registers tsx's hooks itself.
 */
export function startModuleWorker(from: string, name: string, options: WorkerOptions = {}): Worker {
  const fromSource = from.endsWith('.ts');
  const url = new URL(`./${name}${fromSource ? '.ts' : '.js'}`, from);
  if (!fromSource) return new Worker(url, options);
  const api = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`,
    { ...options, eval: true },
  );
}
