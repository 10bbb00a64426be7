import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { fedFeeds } from '../../helpers/fed-series.ts';
import { startFeedReplay } from '../../helpers/feed-replay.ts';
import { GridModel } from '../../helpers/grid-model.ts';
import { type MapApp, startMapApp } from '../../helpers/map-app.ts';
import { startTestService } from '../../helpers/service.ts';
import { until } from '../../helpers/until.ts';
import { launchWebGlChromium } from '../../helpers/webgl-chromium.ts';

/**
 * The demo over the basemap in headless Chromium: basemap layers rendered under the
 * data, a tap on a cell opens a popup with its values and class, times are local, and the
 * page at desktop and 360 px width, screenshots in /tmp for a person to look at.
 */

let svc: MapApp;
let origin: string;
let key: string;
let browser: Browser;

before(async () => {
  execFileSync(process.execPath, ['scripts/build-web.mjs']);
  svc = await startMapApp(new GridModel());
  origin = await svc.app.listen({ port: 0, host: '127.0.0.1' });
  key = await svc.createKey(['--type', 'pk', '--products', 'map', '--origins', origin]);
  browser = await launchWebGlChromium();
});
after(async () => {
  await browser?.close();
  await svc?.close();
});

async function openDemo(width: number, height: number): Promise<{ page: Page; failed: string[] }> {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('pageerror', (e) => failed.push(e.message));
  await page.goto(`${origin}/demo/?key=${key}`);
  await page.waitForFunction(() => 'svcDemo' in window, null, { timeout: 60_000 });
  await page.evaluate(
    () => (window as unknown as { svcDemo: { svc: { ready: Promise<unknown> } } }).svcDemo.svc.ready,
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's MapLibre map
        const map = (window as any).svcDemo.map;
        map.triggerRepaint();
        map.once('idle', () => resolve());
      }),
  );
  return { page, failed };
}

test('desktop: the basemap renders under the data, a tapped cell shows its values, times are local', async () => {
  const { page, failed } = await openDemo(1000, 700);
  const rendered = await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's MapLibre map
    const map = (window as any).svcDemo.map;
    const ids = map.getStyle().layers.map((l: { id: string }) => l.id);
    // inline look-ups only: a named function would need tsx's __name helper in the page
    return {
      ids,
      road: map.queryRenderedFeatures({ layers: ['road'] }).length,
      water: map.queryRenderedFeatures({ layers: ['water'] }).length,
      green: map.queryRenderedFeatures({ layers: ['green'] }).length,
      building: map.queryRenderedFeatures({ layers: ['building'] }).length,
    };
  });
  assert.ok(rendered.road > 0, 'roads rendered');
  assert.ok(rendered.building > 0, 'building outlines rendered');
  assert.ok(rendered.water + rendered.green > 0, 'water or green rendered');
  // the data sits between the basemap's shapes and its names
  assert.ok(rendered.ids.indexOf('svc-thermal-fill') > rendered.ids.indexOf('road'));
  assert.ok(rendered.ids.indexOf('svc-thermal-fill') < rendered.ids.indexOf('road-label'));
  // the time list reads in Brussels time, not UTC
  const step = await page.locator('#step option').first().textContent();
  assert.match(String(step), /\b(CET|CEST|GMT\+1|GMT\+2)\b/);
  assert.doesNotMatch(String(step), /UTC/);

  const spot = await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's MapLibre map
    const map = (window as any).svcDemo.map;
    for (let x = 600; x < 960; x += 17)
      for (let y = 200; y < 650; y += 13) {
        const [cell] = map.queryRenderedFeatures([x, y], { layers: ['svc-thermal-fill'] });
        if (cell && map.queryRenderedFeatures([x, y], { layers: ['svc-buildings-fill'] }).length === 0)
          return { x, y, utci: cell.properties.UTCI as number };
      }
    return null;
  });
  assert.ok(spot, 'a thermal cell to tap');
  await page.mouse.click(spot.x, spot.y);
  const popup = page.locator('.maplibregl-popup-content');
  await popup.waitFor({ timeout: 10_000 });
  const text = String(await popup.textContent());
  assert.ok(text.includes('Felt temperature (UTCI)'), text);
  assert.ok(text.includes(`${spot.utci} °C`), `${text} shows ${spot.utci} °C`);
  assert.match(text, /Thermal comfort|UTCI|stress|comfort/i);
  await page.screenshot({ path: '/tmp/svc-basemap-demo-desktop.png' });
  assert.deepEqual(failed, []);
  await page.close();
});

test('360 px: the panel starts folded, unfolds, and the attribution stays clear of the map', async () => {
  const { page, failed } = await openDemo(360, 720);
  const panel = page.locator('#panel');
  assert.ok(await panel.evaluate((p) => p.classList.contains('folded')));
  const folded = await panel.boundingBox();
  assert.ok(folded && folded.height <= 64, `folded panel ${folded?.height} px high`);
  const attribution = await page.locator('.maplibregl-ctrl-attrib').boundingBox();
  assert.ok(attribution && attribution.width < 200, `attribution ${attribution?.width} px wide`);
  await page.screenshot({ path: '/tmp/svc-basemap-demo-360-folded.png' });
  await page.locator('#fold').click();
  const open = await panel.boundingBox();
  assert.ok(open && open.width <= 360 - 60 && open.height > 200);
  await page.screenshot({ path: '/tmp/svc-basemap-demo-360-open.png' });
  assert.deepEqual(failed, []);
  await page.close();
});

test('without feeds the page says on its face that the weather is simulated, at desktop and 360 px', async () => {
  for (const [width, height] of [
    [1000, 700],
    [360, 720],
  ] as const) {
    const { page, failed } = await openDemo(width, height);
    const banner = page.locator('#provenance');
    await banner.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(String(await banner.textContent()), /Simulated weather/);
    assert.ok(await banner.evaluate((el) => el.classList.contains('simulated')));
    // on the map itself, not in the panel (folded on a phone)
    assert.equal(await page.locator('#panel #provenance').count(), 0);
    const box = await banner.boundingBox();
    assert.ok(
      box && box.x >= 0 && box.x + box.width <= width && box.y + box.height <= height,
      `${width}: in view`,
    );
    // the time list says it too
    assert.match(String(await page.locator('#step option').first().textContent()), /\(simulated\)/);
    await page.screenshot({ path: `/tmp/svc-demo-simulated-${width}.png` });
    assert.deepEqual(failed, []);
    await page.close();
  }
});

test('with feeds the page credits each source with the time of its newest value', async () => {
  const replay = await startFeedReplay();
  const feeds = fedFeeds();
  replay.on('/sos/api/v1/stations', feeds.ircelStations);
  replay.on('/sos/api/v1/timeseries/getData', feeds.ircelData);
  replay.on('/v1/forecast', feeds.openMeteoForecast);
  replay.on('/v1/air-quality', feeds.openMeteoAirQuality);
  const fed = await startTestService(
    {
      FEED_OPENMETEO_URL: replay.url,
      FEED_OPENMETEO_AQ_URL: replay.url,
      FEED_IRCEL_URL: `${replay.url}/sos/api/v1`,
      FEED_POLL_S: '1',
    },
    { model: new GridModel() },
  );
  try {
    const fedOrigin = await fed.composition.app.listen({ port: 0, host: '127.0.0.1' });
    const fedKey = await fed.createKey(['--type', 'pk', '--products', 'map', '--origins', fedOrigin]);
    const secret = await fed.createKey(['--rate-per-min', '1000']);
    // the feeds have been read once: the catalog names a fresh source behind "now"
    await until(
      async () => {
        const body = (
          await fed.composition.app.inject({
            url: '/v1/map/brussels',
            headers: { authorization: `Bearer ${secret}` },
          })
        ).json();
        return body.sources?.realtime?.some((source: { status: string }) => source.status === 'fresh');
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'a fresh feed' },
    );
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    await page.goto(`${fedOrigin}/demo/?key=${fedKey}`);
    await page.waitForFunction(() => 'svcDemo' in window, null, { timeout: 60_000 });
    const banner = page.locator('#provenance');
    await banner.waitFor({ state: 'visible', timeout: 30_000 });
    const text = String(await banner.textContent());
    assert.ok(!(await banner.evaluate((el) => el.classList.contains('simulated'))), text);
    assert.match(text, /IRCEL-CELINE \(CC BY 4\.0\): as of \w{3} \d+ \w{3}, \d\d:\d\d (CET|CEST|GMT\+\d)/);
    assert.doesNotMatch(String(await page.locator('#step option').first().textContent()), /simulated/);
    await page.screenshot({ path: '/tmp/svc-demo-fed-1000.png' });
    await page.close();
  } finally {
    await fed.close();
    await replay.close();
  }
});
