import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type FedStation, fedFeeds } from '../../helpers/fed-series.ts';
import { type FeedReplay, startFeedReplay } from '../../helpers/feed-replay.ts';
import { GridModel } from '../../helpers/grid-model.ts';
import { startTestService, type TestService } from '../../helpers/service.ts';
import { until } from '../../helpers/until.ts';
import { launchWebGlChromium } from '../../helpers/webgl-chromium.ts';

/**
 * Issue #50 on the demo map, in headless Chromium: with the feeds stand-in polled, each
 * Brussels station is a marker showing its newest NO₂ as fed, and its popup sets the
 * measured value beside the model's; without feeds there are no markers and no call for
 * them. The page reads the stations with its own key, which needs the realtime product.
 */

const STATIONS: FedStation[] = [
  { label: '41R001 - Molenbeek', lat: 50.84971056, lon: 4.33410368, factor: 1 },
  { label: '41B004 - Sainte-Catherine', lat: 50.85205998, lon: 4.3477775, factor: 1.4 },
  // outside Brussels: the demo shows the city's stations only
  { label: '42R803 - Antwerpen (Park Spoor Noord)', lat: 51.2286, lon: 4.4285, factor: 0.8 },
];
const feeds = fedFeeds({ stations: STATIONS });
const served = (station: FedStation, hourMs: number) => Math.round(feeds.no2Of(station, hourMs) * 10) / 10;

let browser: Browser;
before(async () => {
  execFileSync(process.execPath, ['scripts/build-web.mjs']);
  browser = await launchWebGlChromium();
});
after(() => browser?.close());

const origins = new WeakMap<TestService, string>();

async function openDemo(service: TestService, products: string) {
  let origin = origins.get(service);
  if (!origin) {
    origin = await service.composition.app.listen({ port: 0, host: '127.0.0.1' });
    origins.set(service, origin);
  }
  const key = await service.createKey(['--type', 'pk', '--products', products, '--origins', origin]);
  const page: Page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const calls: string[] = [];
  const failed: string[] = [];
  page.on('request', (r) => calls.push(new URL(r.url()).pathname));
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('pageerror', (e) => failed.push(e.message));
  await page.goto(`${origin}/demo/?key=${key}`);
  await page.waitForFunction(() => 'svcDemo' in window, null, { timeout: 60_000 });
  await page.evaluate(
    () => (window as unknown as { svcDemo: { svc: { ready: Promise<unknown> } } }).svcDemo.svc.ready,
  );
  return { page, calls, failed };
}

test('with feeds each station of the city is a marker with its fed NO₂, measured beside modelled', async () => {
  const replay: FeedReplay = await startFeedReplay();
  replay.on('/sos/api/v1/stations', feeds.ircelStations);
  replay.on('/sos/api/v1/timeseries/getData', feeds.ircelData);
  replay.on('/v1/forecast', feeds.openMeteoForecast);
  replay.on('/v1/air-quality', feeds.openMeteoAirQuality);
  const service = await startTestService(
    {
      FEED_OPENMETEO_URL: replay.url,
      FEED_OPENMETEO_AQ_URL: replay.url,
      FEED_IRCEL_URL: `${replay.url}/sos/api/v1`,
      FEED_POLL_S: '1',
    },
    // the service's own model: the stations' modelled values are read at their places
  );
  try {
    const secret = await service.createKey(['--rate-per-min', '1000']);
    // the feeds have been read: every station has a newest hour
    type Listed = {
      id: string;
      latest: { hour: string; measured: { no2?: number }; modelled: { no2?: number } };
    };
    const listed: Listed[] = await until(
      async () => {
        const body = (
          await service.composition.app.inject({
            url: '/v1/stations?city=brussels',
            headers: { authorization: `Bearer ${secret}` },
          })
        ).json();
        return body.stations?.length === 2 && body.stations.every((s: Listed) => s.latest)
          ? body.stations
          : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'the stations measured' },
    );
    const { page, calls, failed } = await openDemo(service, 'map,realtime');
    const markers = page.locator('.station-marker');
    await until(async () => ((await markers.count()) === 2 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 250,
      what: 'two station markers',
    });
    for (const station of STATIONS.slice(0, 2)) {
      const code = station.label.split(' - ')[0]!;
      const api = listed.find((s) => s.id === code)!;
      const fedValue = served(station, Date.parse(api.latest.hour));
      assert.equal(api.latest.measured.no2, fedValue, `${code}: the API's value is the fed one`);
      const marker = page.locator(`.station-marker[data-station="${code}"]`);
      assert.equal(await marker.textContent(), String(fedValue), `${code}: the marker shows the fed NO₂`);
    }
    assert.ok(calls.includes('/v1/stations'));
    assert.match(
      String(await page.locator('#stations').textContent()),
      /2 measuring stations on the map \(.*IRCEL-CELINE/,
    );

    // the station in the middle of the map, then a tap on it
    await page.evaluate(
      ([lon, lat]) =>
        new Promise<void>((resolve) => {
          // biome-ignore lint/suspicious/noExplicitAny: the page's MapLibre map
          const map = (window as any).svcDemo.map;
          map.once('idle', () => resolve());
          map.jumpTo({ center: [lon, lat], zoom: 15 });
        }),
      [STATIONS[1]!.lon, STATIONS[1]!.lat],
    );
    await page.locator('.station-marker[data-station="41B004"]').click();
    const popup = page.locator('.station-popup .maplibregl-popup-content');
    await popup.waitFor({ timeout: 10_000 });
    const near = listed.find((s) => s.id === '41B004')!;
    const row = String(await popup.locator('tr[data-pollutant="no2"]').textContent());
    assert.equal(row, `NO₂${near.latest.measured.no2} µg/m³${near.latest.modelled.no2} µg/m³`);
    const text = String(await popup.textContent());
    assert.match(text, /Sainte-Catherine \(41B004\)/);
    assert.match(text, /Measured \w{3} \d+ \w{3}, \d\d:\d\d (CET|CEST|GMT\+\d)/, 'the hour in Brussels time');
    // a tap on a marker opens the station's popup, not a cell's as well
    assert.equal(await page.locator('.maplibregl-popup').count(), 1);
    await page.screenshot({ path: '/tmp/svc-demo-stations-1000.png' });
    assert.deepEqual(failed, []);
    await page.close();

    // a key without the realtime product: the page says why there are no stations
    const mapOnly = await openDemo(service, 'map');
    await until(async () => ((await mapOnly.page.locator('#stations').textContent()) ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 250,
      what: 'the stations note',
    });
    assert.match(String(await mapOnly.page.locator('#stations').textContent()), /realtime product/);
    assert.equal(await mapOnly.page.locator('.station-marker').count(), 0);
    await mapOnly.page.close();
  } finally {
    await service.close();
    await replay.close();
  }
});

test('without feeds there are no markers and no call for them', async () => {
  const service = await startTestService({}, { model: new GridModel(), start: false });
  try {
    const { page, calls, failed } = await openDemo(service, 'map,realtime');
    await page.locator('#provenance.simulated').waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.station-marker').count(), 0);
    assert.ok(!calls.includes('/v1/stations'), calls.join(' '));
    assert.equal(await page.locator('#stations').textContent(), '');
    assert.deepEqual(failed, []);
    await page.close();
  } finally {
    await service.close();
  }
});
