import type { Worker } from 'node:worker_threads';
import type { PackageFiles } from '../../domain/coverage/city-package/package.ts';
import type { TileAddress } from '../../domain/map/mercator.ts';
import { startModuleThread } from '../../runtime/module-thread.ts';
import type { BasemapReply, BasemapTask } from './protocol.ts';

/**
 * The service's side of the basemap thread (worker.ts). One thread: a city's features
 * are held once, and basemap tiles are cheap next to the model's; glyphs are drawn once
 * per range and cached by the service. A thread that dies is started again at the next
 * request, which reads its city again.
 */
export interface BasemapCutter {
  tile(
    city: { id: string; revision: string; files(): Promise<PackageFiles> },
    tile: TileAddress,
  ): Promise<Uint8Array | null>;
  glyphs(stack: string, start: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

type Pending = { resolve: (r: BasemapReply) => void; reject: (e: Error) => void };
type TaskBody = BasemapTask extends infer T ? (T extends BasemapTask ? Omit<T, 'id'> : never) : never;

export function createBasemapThread(): BasemapCutter {
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  function thread(): Worker {
    if (worker) return worker;
    const started = startModuleThread(import.meta.url, 'worker', {
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    started.unref();
    started.on('message', (r: BasemapReply) => {
      const waiter = pending.get(r.id);
      pending.delete(r.id);
      waiter?.resolve(r);
    });
    const fail = (error: Error) => {
      if (worker === started) worker = null;
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(error);
      }
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the basemap thread stopped (${code})`)));
    worker = started;
    return started;
  }

  function ask(task: TaskBody): Promise<BasemapReply> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread().postMessage({ ...task, id });
    });
  }

  function bytesOf(r: BasemapReply): Uint8Array | null {
    if (r.ok) return r.bytes;
    throw new Error(`basemap thread: ${r.error ?? 'no answer'}`);
  }

  return {
    async tile(city, tile) {
      const base = { method: 'tile' as const, city: city.id, revision: city.revision, tile };
      const first = await ask(base);
      if (first.ok || !first.needFiles) return bytesOf(first);
      return bytesOf(await ask({ ...base, files: await city.files() }));
    },
    async glyphs(stack, start) {
      return bytesOf(await ask({ method: 'glyphs', stack, start })) ?? new Uint8Array();
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
