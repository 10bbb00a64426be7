import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../../../domain/errors/catalogue.ts';

/**
 * The browser side of the map product, served by the service itself so a page needs
 * nothing from elsewhere: the published client under a path versioned by product and
 * major version (/sdk/map/v1/), the demo page (/demo/) and MapLibre GL JS from its npm
 * package (/vendor/maplibre-gl/). Registered at the root, not under /v1: the client's
 * version is its own. Files are read once and kept in memory with their gzip.
 */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The directory holding package.json above a module, so source and built code agree. */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('no package.json above the map asset routes');
    dir = parent;
  }
  return dir;
}

export interface MapAssetOptions {
  /** where scripts/build-web.mjs wrote the bundles; default <package>/dist/web */
  webDir?: string;
}

interface Loaded {
  raw: Buffer;
  gzip: Buffer;
  type: string;
}

export async function registerMapAssets(app: FastifyInstance, opts: MapAssetOptions = {}): Promise<void> {
  const webDir = opts.webDir ?? join(packageRoot(), 'dist', 'web');
  const maplibreDir = join(
    dirname(createRequire(import.meta.url).resolve('maplibre-gl/package.json')),
    'dist',
  );
  const loaded = new Map<string, Promise<Loaded>>();

  function load(path: string): Promise<Loaded> {
    let hit = loaded.get(path);
    if (!hit) {
      hit = readFile(path).then((raw) => ({
        raw,
        gzip: gzipSync(raw),
        type: TYPES[extname(path)] ?? 'application/octet-stream',
      }));
      hit.catch(() => loaded.delete(path));
      loaded.set(path, hit);
    }
    return hit;
  }

  function serveFrom(dir: string, allowed: RegExp, cacheControl: string) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const name =
        (request.params as { '*'?: string; file?: string })['*'] ?? (request.params as { file: string }).file;
      // a fixed list of names: nothing from the request ever becomes a path by itself
      if (!allowed.test(name)) throw apiError('not_found', `No file ${request.url.split('?')[0]}.`);
      let file: Loaded;
      try {
        file = await load(join(dir, name));
      } catch {
        throw apiError('not_found', `No file ${request.url.split('?')[0]}; has 'npm run build' run?`);
      }
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      reply.header('content-type', file.type);
      reply.header('cache-control', cacheControl);
      reply.header('vary', 'Accept-Encoding');
      if (gzip) reply.header('content-encoding', 'gzip');
      return reply.send(gzip ? file.gzip : file.raw);
    };
  }

  await app.register(async (assets) => {
    // static files for browsers, not API operations: kept out of the OpenAPI document
    assets.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    // fixes ship inside v1 without renaming the file, so clients revalidate hourly
    assets.get(
      '/sdk/map/v1/:file',
      serveFrom(join(webDir, 'sdk/map/v1'), /^svc-map\.js(\.map)?$/, 'public, max-age=3600'),
    );
    assets.get(
      '/vendor/maplibre-gl/:file',
      serveFrom(
        maplibreDir,
        /^maplibre-gl(-worker)?\.(mjs|mjs\.map)$|^maplibre-gl\.css$/,
        'public, max-age=86400',
      ),
    );
    assets.get('/demo', async (_request, reply) => reply.redirect('/demo/', 301));
    const demo = serveFrom(join(webDir, 'demo'), /^(index\.html|demo\.js(\.map)?)$/, 'no-cache');
    assets.get('/demo/', (request, reply) => {
      (request.params as { file: string }).file = 'index.html';
      return demo(request, reply);
    });
    assets.get('/demo/:file', demo);
  });
}
