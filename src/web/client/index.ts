import { type ApiClient, ApiRequestError, createApiClient } from './api.ts';
import type { Catalog, CatalogStep, Scale, ScaleSummary, View } from './scale-types.ts';
import { fillColor, type LegendEntry, legendEntries } from './style.ts';

// errors are the client package's, typed by `code`: `isSvcError(err, 'url_expired')`
export { isSvcError, SvcApiError, type SvcErrorCode } from '@svc-api/client';
export type { LegendEntry };
/**
 * svc-map: the browser client of the map product (published at /sdk/map/v1/svc-map.js).
 * Given a MapLibre GL map, a publishable key and a city, it reads the catalog and the
 * scales, adds one vector source per layer and paints it from the chosen scale. View
 * and scale changes only set paint properties on tiles already loaded; a time step
 * swaps the source's tiles; signed URLs are renewed before they expire.
 */
export { ApiRequestError, fillColor, legendEntries };

/** The part of maplibregl.Map the client uses, so any 4.x to 6.x map fits. */
export interface MapLike {
  addSource(id: string, source: Record<string, unknown>): unknown;
  getSource(id: string): unknown;
  addLayer(layer: Record<string, unknown>, beforeId?: string): unknown;
  getLayer(id: string): unknown;
  setPaintProperty(layer: string, name: string, value: unknown): unknown;
  setLayoutProperty(layer: string, name: string, value: unknown): unknown;
  isStyleLoaded(): unknown;
  once(event: string, listener: () => void): unknown;
}

export interface SvcMapOptions {
  map: MapLike;
  /** publishable key, svc_pk_… */
  apiKey: string;
  city: string;
  /** origin of the API; defaults to the origin this script was served from */
  apiOrigin?: string;
  /** layer to show first; defaults to thermal, else the first the catalog offers */
  layer?: string;
  fillOpacity?: number;
  /**
   * a layer of the page's style to draw the data under, e.g. the basemap style's first
   * label layer (its `metadata['svc:labels-before']`), so street names stay readable
   */
  beforeLayer?: string;
  onChange?: (state: SvcMapState) => void;
  onError?: (error: Error) => void;
  fetch?: typeof fetch;
}

export interface SvcMapState {
  layer: string;
  layers: string[];
  view: View;
  views: View[];
  scale: Scale;
  scales: ScaleSummary[];
  /** 'realtime' or a forecast step's epoch ms */
  step: StepId;
  steps: Array<{ id: StepId; timestamp: string; horizon: 'realtime' | 'forecast' }>;
  legend: LegendEntry[];
  urlExpires: string;
  /**
   * what the "now" step and the forecast stand on (the catalog's `sources`): `synthetic`
   * when the weather is generated; the feeds with their credits and `as_of` otherwise
   */
  sources: Catalog['sources'];
}

export type StepId = 'realtime' | number;

const RENEW_MARGIN_MS = 10 * 60_000;
const REFRESH_MS = 15 * 60_000;

export interface SvcMap {
  readonly ready: Promise<SvcMapState>;
  state(): SvcMapState;
  setLayer(layer: string): Promise<SvcMapState>;
  setView(viewId: string): Promise<SvcMapState>;
  setScale(scaleId: string): Promise<SvcMapState>;
  setStep(step: StepId): Promise<SvcMapState>;
  /** fetch the catalog again and re-sign every source now */
  renew(): Promise<SvcMapState>;
  destroy(): void;
}

function scriptOrigin(): string {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return globalThis.location.origin;
  }
}

export function createSvcMap(options: SvcMapOptions): SvcMap {
  const { map } = options;
  const api: ApiClient = createApiClient({
    origin: options.apiOrigin ?? scriptOrigin(),
    key: options.apiKey,
    fetch: options.fetch,
  });
  let catalog!: Catalog;
  let views: View[] = [];
  let summaries: ScaleSummary[] = [];
  let current!: { layer: string; view: View; scale: Scale; step: StepId };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let destroyed = false;
  const sourceId = (layer: string) => `svc-${layer}`;
  const layerId = (layer: string) => `svc-${layer}-fill`;

  const stepOf = (step: StepId): CatalogStep | undefined =>
    step === 'realtime' ? catalog.realtime : catalog.forecast.find((s) => s.timestamp_ms === step);
  const timedLayers = () => {
    const names = new Set<string>();
    for (const s of [catalog.realtime, ...catalog.forecast])
      for (const l of Object.keys(s?.layers ?? {})) names.add(l);
    return [...names];
  };
  const rangeFor = (layer: string, step: StepId) => {
    const s = stepOf(step);
    return s
      ? catalog.range?.[layer as keyof NonNullable<Catalog['range']>]?.[String(s.timestamp_ms)]
      : undefined;
  };

  function state(): SvcMapState {
    return {
      layer: current.layer,
      layers: timedLayers(),
      view: current.view,
      views: views.filter((v) => v.metric === current.layer),
      scale: current.scale,
      scales: summaries.filter((s) => current.view.scales.includes(s.id)),
      step: current.step,
      steps: [
        ...(catalog.realtime
          ? [{ id: 'realtime' as const, timestamp: catalog.realtime.timestamp, horizon: 'realtime' as const }]
          : []),
        ...catalog.forecast.map((s) => ({
          id: s.timestamp_ms,
          timestamp: s.timestamp,
          horizon: 'forecast' as const,
        })),
      ],
      legend: legendEntries(current.scale, rangeFor(current.layer, current.step)),
      urlExpires: catalog.meta.url_expires_utc,
      sources: catalog.sources,
    };
  }

  function changed(): SvcMapState {
    const s = state();
    options.onChange?.(s);
    return s;
  }

  async function tilesOf(link: string) {
    // absolute already: the client package resolves `tiles` against the TileJSON's URL
    return api.tileJson(link);
  }

  /** point a source at a TileJSON link: add it the first time, swap its tiles after */
  async function bindSource(layer: string, link: string | undefined, beforeId?: string) {
    const id = sourceId(layer);
    const existing = map.getSource(id) as { setTiles?: (t: string[]) => void } | undefined;
    if (!link) {
      if (map.getLayer(layerId(layer))) map.setLayoutProperty(layerId(layer), 'visibility', 'none');
      return;
    }
    const tj = await tilesOf(link);
    if (existing?.setTiles) existing.setTiles(tj.tiles);
    else {
      map.addSource(id, {
        type: 'vector',
        tiles: tj.tiles,
        minzoom: tj.minzoom,
        maxzoom: tj.maxzoom,
        bounds: tj.bounds,
        attribution: tj.attribution,
      });
    }
    if (!map.getLayer(layerId(layer))) {
      const paint =
        layer === 'buildings'
          ? // footprints come as one rectangle per grid row: antialiased edges would draw a
            // seam between rows, a hatching that is not in the data
            { 'fill-color': '#4a4a55', 'fill-opacity': 0.85, 'fill-antialias': false }
          : {
              'fill-color': 'rgba(0,0,0,0)',
              'fill-opacity': options.fillOpacity ?? 0.8,
              'fill-antialias': false,
            };
      const below =
        beforeId ??
        (options.beforeLayer && map.getLayer(options.beforeLayer) ? options.beforeLayer : undefined);
      map.addLayer({ id: layerId(layer), type: 'fill', source: id, 'source-layer': layer, paint }, below);
    }
    map.setLayoutProperty(layerId(layer), 'visibility', 'visible');
  }

  function repaint() {
    map.setPaintProperty(
      layerId(current.layer),
      'fill-color',
      fillColor(current.scale, rangeFor(current.layer, current.step)),
    );
  }

  async function chooseView(layer: string, viewId?: string): Promise<View> {
    const candidates = views.filter((v) => v.metric === layer);
    const view =
      candidates.find((v) => v.id === viewId) ?? candidates.find((v) => v.default) ?? candidates[0];
    if (!view) throw new Error(`No view for layer '${layer}'.`);
    return view;
  }

  async function showTimed(layer: string, step: StepId) {
    for (const other of timedLayers()) {
      if (other !== layer && map.getLayer(layerId(other)))
        map.setLayoutProperty(layerId(other), 'visibility', 'none');
    }
    const s = stepOf(step);
    await bindSource(
      layer,
      s?.layers[layer as keyof CatalogStep['layers']]?.tilejson,
      map.getLayer(layerId('buildings')) ? layerId('buildings') : undefined,
    );
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    const untilExpiry = Date.parse(catalog.meta.url_expires_utc) - Date.now() - RENEW_MARGIN_MS;
    timer = setTimeout(
      () => {
        renew().catch((err) => options.onError?.(err as Error));
      },
      Math.max(30_000, Math.min(REFRESH_MS, untilExpiry)),
    );
  }

  async function renew(): Promise<SvcMapState> {
    const wasRealtimeHour = current.step === 'realtime' ? undefined : current.step;
    catalog = await api.catalog(options.city);
    if (destroyed) return state();
    // a forecast hour that has passed falls back to the newest observed hour
    if (wasRealtimeHour !== undefined && !stepOf(wasRealtimeHour))
      current.step = catalog.realtime ? 'realtime' : (catalog.forecast[0]?.timestamp_ms ?? 'realtime');
    if (catalog.static.buildings) await bindSource('buildings', catalog.static.buildings.tilejson);
    await showTimed(current.layer, current.step);
    repaint();
    schedule();
    return changed();
  }

  const styleReady = () =>
    map.isStyleLoaded()
      ? Promise.resolve()
      : new Promise<void>((resolve) => map.once('load', () => resolve()));

  const ready = (async () => {
    const [cat, published] = await Promise.all([api.catalog(options.city), api.scales(), styleReady()]);
    catalog = cat;
    views = published.views;
    summaries = published.scales;
    const layers = timedLayers();
    // by default the catalog's first timed layer: the server lists them in the spec's
    // order of map layers (MAP_LAYERS), the one it wants a map to open on first
    const layer = options.layer && layers.includes(options.layer) ? options.layer : layers[0];
    if (!layer) throw new Error('This key shows no timed layer of this city.');
    const view = await chooseView(layer);
    current = {
      layer,
      view,
      scale: await api.scale(view.default_scale),
      step: catalog.realtime ? 'realtime' : catalog.forecast[0]!.timestamp_ms,
    };
    await showTimed(layer, current.step);
    if (catalog.static.buildings) await bindSource('buildings', catalog.static.buildings.tilejson);
    repaint();
    schedule();
    return changed();
  })();
  ready.catch((err) => options.onError?.(err as Error));

  return {
    ready,
    state,
    renew,
    async setLayer(layer) {
      await ready;
      if (!timedLayers().includes(layer)) throw new Error(`Layer '${layer}' is not in this catalog.`);
      const view = await chooseView(layer);
      current = { ...current, layer, view, scale: await api.scale(view.default_scale) };
      await showTimed(layer, current.step);
      repaint();
      return changed();
    },
    async setView(viewId) {
      await ready;
      const view = await chooseView(current.layer, viewId);
      current = { ...current, view, scale: await api.scale(view.default_scale) };
      repaint();
      return changed();
    },
    async setScale(scaleId) {
      await ready;
      if (!current.view.scales.includes(scaleId as never))
        throw new Error(`Scale '${scaleId}' does not colour view '${current.view.id}'.`);
      current = { ...current, scale: await api.scale(scaleId) };
      repaint();
      return changed();
    },
    async setStep(step) {
      await ready;
      if (!stepOf(step)) throw new Error(`No step '${step}' in the catalog.`);
      current = { ...current, step };
      await showTimed(current.layer, step);
      repaint();
      return changed();
    },
    destroy() {
      destroyed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
