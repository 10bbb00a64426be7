import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { GridModel } from '../helpers/grid-model.ts';
import { type MapApp, startMapApp } from '../helpers/map-app.ts';
import { launchWebGlChromium } from '../helpers/webgl-chromium.ts';

/**
 * A plain MapLibre page on another origin than the API, using only maplibre-gl and the
 * client package (test/map/stock/page.ts), in headless Chromium: the layers render.
 */
const MAPLIBRE_DIST = new URL('../../node_modules/maplibre-gl/dist/', import.meta.url).pathname;

let svc: MapApp;
let apiOrigin: string;
let pageServer: Server;
let pageOrigin: string;
let browser: Browser;

before(async () => {
  svc = await startMapApp(new GridModel());
  apiOrigin = await svc.app.listen({ port: 0, host: '127.0.0.1' });
  const bundle = await build({
    entryPoints: [new URL('./stock/page.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    write: false,
    // the page loads MapLibre's own ES module build (and its worker) from its own origin
    external: ['maplibre-gl'],
    logLevel: 'warning',
  });
  const pageJs = bundle.outputFiles[0]!.text;
  const html = `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/maplibre/maplibre-gl.css">
<script type="importmap">{"imports":{"maplibre-gl":"/maplibre/maplibre-gl.mjs"}}</script>
<style>html,body,#map{margin:0;width:100%;height:100%}</style></head>
<body><div id="map"></div><script type="module" src="/page.js"></script></body></html>`;
  pageServer = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    if (path === '/page.js')
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end(pageJs);
    const file = /^\/maplibre\/([\w.-]+\.(mjs|css))$/.exec(path);
    if (file) {
      const type = file[2] === 'css' ? 'text/css' : 'text/javascript';
      return response
        .writeHead(200, { 'content-type': type })
        .end(readFileSync(join(MAPLIBRE_DIST, file[1]!)));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
  browser = await launchWebGlChromium();
});

after(async () => {
  await browser?.close();
  pageServer?.close();
  await svc?.close();
});

test('a stock MapLibre page on another origin renders the buildings and thermal layers', async () => {
  assert.notEqual(new URL(pageOrigin).port, new URL(apiOrigin).port);
  const key = await svc.createKey(['--type', 'pk', '--products', 'map', '--origins', pageOrigin]);
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  const tiles: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('.mvt')) tiles.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => failed.push(error.message));
  await page.goto(`${pageOrigin}/?api=${encodeURIComponent(`${apiOrigin}/v1`)}&key=${key}`);
  await page.waitForFunction(() => 'stockMap' in window, null, { timeout: 30_000 });
  const rendered = await page.evaluate(
    () =>
      new Promise<{ buildings: number; thermal: number }>((resolve) => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's MapLibre map
        const map = (window as any).stockMap;
        // inline callbacks only: a named function would need tsx's __name helper in the page
        map.on('idle', () => {
          if (!map.getLayer('thermal') || !map.areTilesLoaded()) return;
          const result = {
            buildings: map.queryRenderedFeatures({ layers: ['buildings'] }).length,
            thermal: map.queryRenderedFeatures({ layers: ['thermal'] }).length,
          };
          if (result.buildings > 0 && result.thermal > 0) resolve(result);
        });
        setTimeout(() => resolve({ buildings: -1, thermal: -1 }), 45_000);
      }),
  );
  await page.close();
  assert.deepEqual(failed, []);
  assert.ok(rendered.buildings > 0 && rendered.thermal > 0, JSON.stringify(rendered));
  assert.ok(tiles.length > 0);
  for (const url of tiles) assert.ok(url.startsWith(`${apiOrigin}/v1/map/brussels/tiles/`), url);
});
