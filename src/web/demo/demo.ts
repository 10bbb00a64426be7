/**
 * The demo page: MapLibre (served by the service from its npm package) plus the
 * published map client, with layer, view, scale and time controls and a legend drawn
 * from the scale. Both are loaded by URL at run time, as any page embedding the map
 * would, so the demo exercises exactly what is published.
 */
type MapLibre = typeof import('maplibre-gl');
type Sdk = typeof import('../client/index.ts');

import type { SvcMap, SvcMapState } from '../client/index.ts';

const MAPLIBRE_URL = '/vendor/maplibre-gl/maplibre-gl.mjs';
const SDK_URL = '/sdk/map/v1/svc-map.js';
const GRAND_PLACE: [number, number] = [4.3525, 50.8467];

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function fill(select: HTMLSelectElement, options: Array<{ value: string; label: string }>, selected: string) {
  select.replaceChildren(
    ...options.map((o) => {
      const option = document.createElement('option');
      option.value = o.value;
      option.textContent = o.label;
      option.selected = o.value === selected;
      return option;
    }),
  );
}

function render(state: SvcMapState) {
  fill(
    $('layer'),
    state.layers.map((l) => ({ value: l, label: l })),
    state.layer,
  );
  fill(
    $('view'),
    state.views.map((v) => ({ value: v.id, label: v.name })),
    state.view.id,
  );
  fill(
    $('scale'),
    state.scales.map((s) => ({ value: s.id, label: s.name })),
    state.scale.id,
  );
  fill(
    $('step'),
    state.steps.map((s) => ({
      value: String(s.id),
      label: `${s.horizon === 'realtime' ? 'Now' : 'Forecast'} ${s.timestamp.slice(5, 16).replace('T', ' ')} UTC`,
    })),
    String(state.step),
  );
  const legend = $('legend');
  legend.replaceChildren(
    ...state.legend.map((entry) => {
      const row = document.createElement('div');
      row.className = 'row';
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = entry.color;
      const label = document.createElement('span');
      label.textContent = entry.label;
      const detail = document.createElement('span');
      detail.className = 'detail';
      detail.textContent = entry.detail;
      row.append(swatch, label, detail);
      return row;
    }),
  );
  status(`${state.scale.name}. Signed URLs valid until ${state.urlExpires.slice(11, 16)} UTC.`);
}

function status(text: string, error = false) {
  const el = $('status');
  el.textContent = text;
  el.className = error ? 'error' : '';
}

async function start(apiKey: string) {
  const [maplibre, sdk] = (await Promise.all([import(MAPLIBRE_URL), import(SDK_URL)])) as [MapLibre, Sdk];
  const city = new URLSearchParams(location.search).get('city') ?? 'brussels';
  const map = new maplibre.Map({
    container: 'map',
    style: {
      version: 8,
      sources: {},
      layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#eeeae2' } }],
    },
    center: GRAND_PLACE,
    zoom: 15,
    attributionControl: { compact: true },
    // lets the browser test read pixels back from the canvas
    canvasContextAttributes: { preserveDrawingBuffer: true },
  });
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
  const svc: SvcMap = sdk.createSvcMap({
    map: map as never,
    apiKey,
    city,
    onChange: render,
    // the SDK's own copy of the client package's error class, so `instanceof` holds
    onError: (err) => status(sdk.isSvcError(err) ? `${err.code}: ${err.detail}` : err.message, true),
  });
  // the page's objects, for a look from the browser console
  Object.assign(window, { svcDemo: { map, svc } });
  $('layer').onchange = (e) => svc.setLayer((e.target as HTMLSelectElement).value);
  $('view').onchange = (e) => svc.setView((e.target as HTMLSelectElement).value);
  $('scale').onchange = (e) => svc.setScale((e.target as HTMLSelectElement).value);
  $('step').onchange = (e) => {
    const v = (e.target as HTMLSelectElement).value;
    svc.setStep(v === 'realtime' ? 'realtime' : Number(v));
  };
  await svc.ready;
}

const fromQuery = new URLSearchParams(location.search).get('key');
const input = $<HTMLInputElement>('key');
if (fromQuery) {
  input.value = fromQuery;
  start(fromQuery).catch(() => undefined);
}
$('key-form').onsubmit = (e) => {
  e.preventDefault();
  if (input.value.trim()) location.search = `?key=${encodeURIComponent(input.value.trim())}`;
};
