// A customer's page: stock MapLibre and the TypeScript client package, nothing else.
// docs/using-the-api.md "Use it with MapLibre" is copied from here.
import { createSvcClient, svcTransformRequest, unwrap } from '@svc-api/client';
import * as maplibregl from 'maplibre-gl';

const params = new URLSearchParams(location.search);
const api = createSvcClient({ baseUrl: params.get('api')!, key: params.get('key')! });

const catalog = await unwrap(api.GET('/map/{city}', { params: { path: { city: 'brussels' } } }));
const map = new maplibregl.Map({
  container: 'map',
  style: { version: 8, sources: {}, layers: [] },
  center: [4.3525, 50.8467],
  zoom: 15,
  // the API's links are relative to the API: this sends them there, not to this page
  transformRequest: svcTransformRequest(api.baseUrl),
});
map.on('load', () => {
  map.addSource('buildings', { type: 'vector', url: catalog.static.buildings!.tilejson });
  map.addLayer({ id: 'buildings', type: 'fill', source: 'buildings', 'source-layer': 'buildings' });
  map.addSource('thermal', { type: 'vector', url: catalog.realtime!.layers.thermal!.tilejson });
  map.addLayer({ id: 'thermal', type: 'fill', source: 'thermal', 'source-layer': 'thermal' });
});
(window as unknown as { stockMap: maplibregl.Map }).stockMap = map;
