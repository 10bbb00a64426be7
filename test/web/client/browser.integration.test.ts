import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { Scale } from '../../../src/domain/scales/types.ts';
import { GridModel } from '../../helpers/grid-model.ts';
import { type MapApp, startMapApp } from '../../helpers/map-app.ts';
import { launchWebGlChromium } from '../../helpers/webgl-chromium.ts';

/**
 * The demo page in headless Chromium (Debian's, driven by playwright-core; WebGL on
 * SwiftShader), against the service listening on a real port.
 */
// the demo draws the data at this opacity over the basemap
const FILL_OPACITY = 0.6;

let svc: MapApp;
let origin: string;
let key: string;
let browser: Browser;
let page: Page;
const tileRequests: string[] = [];

before(async () => {
  execFileSync(process.execPath, ['scripts/build-web.mjs']);
  svc = await startMapApp(new GridModel());
  origin = await svc.app.listen({ port: 0, host: '127.0.0.1' });
  key = await svc.createKey(['--type', 'pk', '--products', 'map', '--origins', origin]);
  browser = await launchWebGlChromium();
  page = await browser.newPage({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 1 });
  page.on('request', (request) => {
    if (request.url().includes('.mvt')) tileRequests.push(request.url());
  });
  await page.goto(`${origin}/demo/?key=${key}`);
  await page.waitForFunction(() => 'svcDemo' in window, null, { timeout: 30_000 });
  await page.evaluate(
    () => (window as unknown as { svcDemo: { svc: { ready: Promise<unknown> } } }).svcDemo.svc.ready,
  );
  await idle(page);
});

after(async () => {
  await browser?.close();
  await svc?.close();
});

/** resolves once MapLibre has loaded and drawn every visible tile */
function idle(p: Page): Promise<void> {
  return p.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's MapLibre map
        const map = (window as any).svcDemo.map;
        map.triggerRepaint();
        map.once('idle', () => resolve());
      }),
  );
}

/** a spot right of the control panel where a thermal square shows and no building covers it */
async function openSpot(): Promise<{ x: number; y: number; utci: number }> {
  const spot = await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's MapLibre map
    const map = (window as any).svcDemo.map;
    for (let x = 400; x < 860; x += 23) {
      for (let y = 120; y < 600; y += 19) {
        if (map.queryRenderedFeatures([x, y], { layers: ['svc-buildings-fill'] }).length > 0) continue;
        const [cell] = map.queryRenderedFeatures([x, y], { layers: ['svc-thermal-fill'] });
        // squares are ~3 px at z15: keep clear of buildings and gaps on every side too
        const around = [-4, 4].every(
          (d) =>
            map.queryRenderedFeatures([x + d, y + d], { layers: ['svc-buildings-fill'] }).length === 0 &&
            map.queryRenderedFeatures([x + d, y + d], { layers: ['svc-thermal-fill'] }).length > 0,
        );
        if (cell && around) return { x, y, utci: cell.properties.UTCI as number };
      }
    }
    return null;
  });
  assert.ok(spot, 'a thermal square without a building over it');
  return spot;
}

async function pixel(x: number, y: number): Promise<[number, number, number]> {
  const png = PNG.sync.read(await page.screenshot());
  const i = (y * png.width + x) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
}

/** the pixel with the data layers hidden: the basemap the cell is drawn over */
async function basemapPixel(x: number, y: number): Promise<[number, number, number]> {
  const shown: string[] = await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's MapLibre map
    const map = (window as any).svcDemo.map;
    const ids = map
      .getStyle()
      .layers.map((l: { id: string }) => l.id)
      .filter((id: string) => id.startsWith('svc-') && map.getLayoutProperty(id, 'visibility') !== 'none');
    for (const id of ids) map.setLayoutProperty(id, 'visibility', 'none');
    return ids;
  });
  await idle(page);
  const under = await pixel(x, y);
  await page.evaluate((ids) => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's MapLibre map
    const map = (window as any).svcDemo.map;
    for (const id of ids) map.setLayoutProperty(id, 'visibility', 'visible');
  }, shown);
  await idle(page);
  return under;
}

function blended(hex: string, under: readonly number[]): [number, number, number] {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return rgb.map((c, i) => Math.round(FILL_OPACITY * c + (1 - FILL_OPACITY) * under[i]!)) as [
    number,
    number,
    number,
  ];
}

function near(actual: number[], expected: number[], tolerance = 10): boolean {
  return actual.every((c, i) => Math.abs(c - expected[i]!) <= tolerance);
}

async function scale(id: string): Promise<Scale> {
  return (await svc.app.inject({ url: `/v1/scales/${id}` })).json() as Scale;
}

test('the demo page loads signed tiles and paints a cell in the colour of its UTCI class', async () => {
  assert.ok(
    tileRequests.some((u) => u.includes('/tiles/thermal/')),
    'thermal tiles fetched',
  );
  assert.ok(
    tileRequests.some((u) => u.includes('/tiles/buildings/')),
    'building tiles fetched',
  );
  const { x, y, utci } = await openSpot();
  const utciScale = await scale('thermal-utci');
  const cls = utciScale.classes.find(
    (c) => c.bounds && utci > c.bounds.from && (c.bounds.to === null || utci <= c.bounds.to),
  );
  assert.ok(cls, `class of ${utci}`);
  const under = await basemapPixel(x, y);
  const seen = await pixel(x, y);
  assert.ok(
    near(seen, blended(cls.color, under)),
    `pixel ${seen} at (${x}, ${y}) should be ${cls.label} ${cls.color}`,
  );
  // left for a human to look at: the demo as the test saw it
  await page.screenshot({ path: join(tmpdir(), 'svc-map-demo.png') });
});

test('switching view repaints the same tiles: no new tile request, new colours', async () => {
  const { x, y } = await openSpot();
  const before = await pixel(x, y);
  const count = tileRequests.length;
  const state = await page.evaluate(async () => {
    type Client = { setView(id: string): Promise<{ view: { id: string }; scale: { id: string } }> };
    const s = await (window as unknown as { svcDemo: { svc: Client } }).svcDemo.svc.setView('utci-temp');
    return { view: s.view.id, scale: s.scale.id };
  });
  assert.deepEqual(state, { view: 'utci-temp', scale: 'thermal-magma' });
  await idle(page);
  assert.equal(tileRequests.length, count, 'no tile fetched for a view switch');
  const after = await pixel(x, y);
  assert.ok(!near(after, before, 3), `colour changed from ${before} to ${after}`);
  // and the legend on the page is the magma scale's
  const legend = await page.locator('#legend .row').count();
  assert.equal(legend, (await scale('thermal-magma')).classes.length + 1);
});

test('a page served from an unregistered origin is refused', async () => {
  const foreign: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><div id="map" style="width:400px;height:300px"></div>
<script type="module">
  const sdk = await import('${origin}/sdk/map/v1/svc-map.js');
  const fakeMap = { isStyleLoaded: () => true, once() {}, addSource() {}, getSource() {}, addLayer() {}, getLayer() {},
    setPaintProperty() {}, setLayoutProperty() {} };
  const svc = sdk.createSvcMap({ map: fakeMap, apiKey: '${key}', city: 'brussels' });
  svc.ready.then(() => { window.outcome = { ok: true }; }, (e) => { window.outcome = { status: e.status, code: e.code }; });
</script>`);
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  try {
    const other = await browser.newPage();
    await other.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
    await other.waitForFunction(() => 'outcome' in window, null, { timeout: 20_000 });
    assert.deepEqual(await other.evaluate(() => (window as unknown as { outcome: unknown }).outcome), {
      status: 403,
      code: 'forbidden',
    });
    await other.close();
  } finally {
    foreign.close();
  }
});
