/**
 * The demo page: MapLibre (served by the service from its npm package) plus the
 * published map client, with layer, view, scale and time controls and a legend drawn
 * from the scale. Both are loaded by URL at run time, as any page embedding the map
 * would, so the demo exercises exactly what is published.
 */
type MapLibre = typeof import('maplibre-gl');
type Sdk = typeof import('../client/index.ts');

import type { SvcMap, SvcMapState } from '../client/index.ts';
import { type StationLayer, stationLayer } from './stations.ts';

const MAPLIBRE_URL = '/vendor/maplibre-gl/maplibre-gl.mjs';
const SDK_URL = '/sdk/map/v1/svc-map.js';
const GRAND_PLACE: [number, number] = [4.3525, 50.8467];

/** labels and units of the tile properties (docs/map.md, the spec's layer table) */
const FIELDS: Record<string, { label: string; unit: string }> = {
  UTCI: { label: 'Felt temperature (UTCI)', unit: '°C' },
  Ucomfort: { label: 'Wind at pedestrian level', unit: 'm/s' },
  Ugust: { label: 'Gusts', unit: 'm/s' },
  C: { label: 'NO₂', unit: 'µg/m³' },
  C_PM25: { label: 'PM2.5', unit: 'µg/m³' },
  C_PM10: { label: 'PM10', unit: 'µg/m³' },
  Height: { label: 'Building height', unit: 'm' },
};

/** the city's local time, as people there read it: "Fri 27 Nov, 14:00 CET" */
const TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};
let timeFormat = new Intl.DateTimeFormat('en-GB', { ...TIME_OPTIONS, timeZone: 'UTC' });
const localTime = (iso: string) => timeFormat.format(new Date(iso));

let lastState: SvcMapState | null = null;
let stations: StationLayer | null = null;

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
      label: `${s.horizon === 'realtime' ? 'Now' : 'Forecast'} ${localTime(s.timestamp)}${simulatedAt(state, s.horizon) ? ' (simulated)' : ''}`,
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
  lastState = state;
  provenance(state);
  stations?.show(liveNow(state));
  status(
    `${state.scale.name}. Tap a cell to read its values. Signed URLs valid until ${localTime(state.urlExpires)}.`,
  );
}

type Sources = NonNullable<SvcMapState['sources']>['forecast'];

/** the sources behind the "now" step or the forecast steps */
function sourcesAt(state: SvcMapState, horizon: 'realtime' | 'forecast'): Sources {
  return (horizon === 'realtime' ? state.sources?.realtime : state.sources?.forecast) ?? [];
}

/** whether the weather shown at a step is generated: no feed behind it, or none usable */
function simulatedAt(state: SvcMapState, horizon: 'realtime' | 'forecast'): boolean {
  const sources = sourcesAt(state, horizon);
  return sources.length > 0 && sources.every((source) => source.kind === 'synthetic');
}

/** whether a live feed stands behind "now": then the measuring stations are on the map */
function liveNow(state: SvcMapState): boolean {
  return sourcesAt(state, 'realtime').some((source) => source.kind !== 'synthetic');
}

/**
 * Says on the page's face what the shown step stands on (issue #49): generated weather
 * without feeds, in a banner no one can miss; with feeds, each one's credit and how
 * recent its newest value is, and which inputs are still generated.
 */
function provenance(state: SvcMapState) {
  const box = $('provenance');
  const horizon = state.step === 'realtime' ? 'realtime' : 'forecast';
  const sources = sourcesAt(state, horizon);
  if (sources.length === 0) {
    box.replaceChildren();
    return;
  }
  if (simulatedAt(state, horizon)) {
    box.className = 'simulated';
    box.textContent =
      'Simulated weather: no live feed is configured; “Now” and the forecast are generated by the model, not measured.';
    return;
  }
  box.className = 'live';
  const lines = sources
    .filter((source) => source.kind !== 'synthetic')
    .map((source) => {
      const line = document.createElement('span');
      line.className = 'feed';
      const asOf = source.as_of ? `as of ${localTime(source.as_of)}` : 'no value yet';
      const stale = source.status === 'fresh' ? '' : ` (${source.status})`;
      line.textContent = `${source.attribution ?? source.id}: ${asOf}${stale}`;
      return line;
    });
  const generated = sources
    .filter((source) => source.kind === 'synthetic')
    .map((source) => source.input ?? 'weather');
  if (generated.length > 0) {
    const line = document.createElement('span');
    line.className = 'feed';
    line.textContent = `Simulated: ${generated.join(', ')} (no usable feed)`;
    lines.push(line);
  }
  box.replaceChildren(...lines);
}

function hex(colour: unknown): string | null {
  const c = colour as { r?: number; g?: number; b?: number } | null;
  if (!c || typeof c.r !== 'number') return null;
  return `#${[c.r, c.g!, c.b!]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function rgb(colour: string): [number, number, number] | null {
  const m = /^#?([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(colour.trim());
  if (m) return [1, 2, 3].map((i) => Number.parseInt(m[i]!, 16)) as [number, number, number];
  const short = /^#([\da-f])([\da-f])([\da-f])$/i.exec(colour.trim());
  return short
    ? ([1, 2, 3].map((i) => Number.parseInt(short[i]! + short[i]!, 16)) as [number, number, number])
    : null;
}

/** the legend entry whose colour is nearest to the colour a cell was painted in */
function classOf(painted: string | null) {
  const target = painted ? rgb(painted) : null;
  if (!target || !lastState) return null;
  let best: { label: string; detail: string } | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const entry of lastState.legend) {
    const c = rgb(entry.color);
    if (!c) continue;
    const d = (c[0] - target[0]) ** 2 + (c[1] - target[1]) ** 2 + (c[2] - target[2]) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = entry;
    }
  }
  return best;
}

/** the popup's content: each data layer's values at the point, and the class the cell is painted as */
function popupContent(
  features: Array<{
    source: string;
    properties: Record<string, unknown>;
    layer: { paint?: Record<string, unknown> };
  }>,
) {
  const box = document.createElement('div');
  box.className = 'cell';
  for (const f of features) {
    const table = document.createElement('table');
    for (const [name, value] of Object.entries(f.properties)) {
      const field = FIELDS[name];
      const row = table.insertRow();
      row.insertCell().textContent = field?.label ?? name;
      row.insertCell().textContent = `${value}${field ? ` ${field.unit}` : ''}`;
    }
    const cls = f.source === 'svc-buildings' ? null : classOf(hex(f.layer.paint?.['fill-color']));
    if (cls) {
      const row = table.insertRow();
      row.className = 'class';
      row.insertCell().textContent = lastState?.scale.name ?? 'Class';
      row.insertCell().textContent = `${cls.label}${cls.detail ? ` (${cls.detail})` : ''}`;
    }
    box.append(table);
  }
  return box;
}

function status(text: string, error = false) {
  const el = $('status');
  el.textContent = text;
  el.className = error ? 'error' : '';
}

async function start(apiKey: string) {
  const [maplibre, sdk] = (await Promise.all([import(MAPLIBRE_URL), import(SDK_URL)])) as [MapLibre, Sdk];
  const city = new URLSearchParams(location.search).get('city') ?? 'brussels';
  // the city's time zone, for local times; the basemap's style, for streets and names under the data
  const [detail, style] = await Promise.all([
    fetch(`/v1/cities/${encodeURIComponent(city)}`).then((r) => (r.ok ? r.json() : null)),
    fetch(`/v1/basemap/${encodeURIComponent(city)}/style.json`).then((r) => (r.ok ? r.json() : null)),
  ]);
  if (detail?.timezone)
    timeFormat = new Intl.DateTimeFormat('en-GB', { ...TIME_OPTIONS, timeZone: String(detail.timezone) });
  if (detail?.name) $('title').textContent = `${detail.name} microclimate`;
  const map = new maplibre.Map({
    container: 'map',
    style: style ?? {
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
  // the credits fold into their (i) button on a narrow screen, instead of a bar across the map
  if (window.matchMedia('(max-width: 600px)').matches)
    map.once('idle', () =>
      document.querySelector('.maplibregl-ctrl-attrib')?.classList.remove('maplibregl-compact-show'),
    );
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
  const svc: SvcMap = sdk.createSvcMap({
    map: map as never,
    apiKey,
    city,
    onChange: render,
    // the data goes under the street and place names
    beforeLayer: style?.metadata?.['svc:labels-before'],
    fillOpacity: 0.6,
    // the SDK's own copy of the client package's error class, so `instanceof` holds
    onError: (err) => status(sdk.isSvcError(err) ? `${err.code}: ${err.detail}` : err.message, true),
  });
  // the page's objects, for a look from the browser console
  Object.assign(window, { svcDemo: { map, svc } });
  stations = stationLayer({ maplibre, map, apiKey, city, localTime, note: $('stations') });
  if (lastState) stations.show(liveNow(lastState));
  map.on('click', (e) => {
    // a station's marker opens its own popup
    if ((e.originalEvent.target as Element | null)?.closest?.('.station-marker')) return;
    const features = map
      .queryRenderedFeatures(e.point)
      .filter((f) => f.source.startsWith('svc-') && Object.keys(f.properties).length > 0);
    if (features.length === 0) return;
    new maplibre.Popup({ maxWidth: '280px' })
      .setLngLat(e.lngLat)
      .setDOMContent(popupContent(features as never))
      .addTo(map);
  });
  $('layer').onchange = (e) => svc.setLayer((e.target as HTMLSelectElement).value);
  $('view').onchange = (e) => svc.setView((e.target as HTMLSelectElement).value);
  $('scale').onchange = (e) => svc.setScale((e.target as HTMLSelectElement).value);
  $('step').onchange = (e) => {
    const v = (e.target as HTMLSelectElement).value;
    svc.setStep(v === 'realtime' ? 'realtime' : Number(v));
  };
  await svc.ready;
}

// a narrow screen starts with the controls folded, so the map is what one sees
const panel = $('panel');
if (window.matchMedia('(max-width: 600px)').matches) panel.classList.add('folded');
$('fold').onclick = () => {
  panel.classList.toggle('folded');
  $('fold').setAttribute('aria-expanded', String(!panel.classList.contains('folded')));
};

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
