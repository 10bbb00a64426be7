/**
 * The measuring stations on the demo map (issue #50): with live feeds, each station the
 * feeds know is a marker showing its newest measured NO₂, and its popup every pollutant of
 * that hour, measured beside what the service answers at its place (`GET /v1/stations`,
 * with the page's key, which needs the `realtime` product). Without feeds: no markers and
 * no call. Read again every minute (the answer's own cache lifetime).
 */
import { type components, createSvcClient, type SvcClient } from '@svc-api/client';

type MapLibre = typeof import('maplibre-gl');
type Map = InstanceType<MapLibre['Map']>;
type Marker = InstanceType<MapLibre['Marker']>;

const NAMES: Record<string, string> = { no2: 'NO₂', pm25: 'PM2.5', pm10: 'PM10', o3: 'O₃' };
const REFRESH_MS = 60_000;

export interface StationLayer {
  /** shows the stations when `live` (a feed behind "now"), clears them otherwise */
  show(live: boolean): void;
}

export function stationLayer(options: {
  maplibre: MapLibre;
  map: Map;
  apiKey: string;
  city: string;
  localTime: (iso: string) => string;
  /** a line under the legend: how many stations, or why none */
  note: HTMLElement;
}): StationLayer {
  const client: SvcClient = createSvcClient({ baseUrl: location.origin, key: options.apiKey });
  let markers: Marker[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;

  const clear = () => {
    for (const marker of markers) marker.remove();
    markers = [];
  };

  async function load() {
    const { data, error, response } = await client.GET('/stations', {
      params: { query: { city: options.city } },
    });
    if (!data) {
      clear();
      options.note.textContent =
        response.status === 403
          ? 'Measuring stations: this key does not include the realtime product.'
          : `Measuring stations unavailable (${(error as { code?: string } | undefined)?.code ?? response.status}).`;
      return;
    }
    clear();
    markers = data.stations.map((station) => {
      const element = document.createElement('div');
      element.className = 'station-marker';
      element.dataset.station = station.id;
      const no2 = station.latest?.measured.no2;
      element.textContent = no2 === undefined ? '–' : String(no2);
      element.title = `${station.name} (${station.id})`;
      element.setAttribute('aria-label', `Measuring station ${station.name}`);
      const popup = new options.maplibre.Popup({ className: 'station-popup', maxWidth: '280px', offset: 14 });
      popup.setDOMContent(popupContent(station, options.localTime));
      return new options.maplibre.Marker({ element })
        .setLngLat([station.lon, station.lat])
        .setPopup(popup)
        .addTo(options.map);
    });
    options.note.textContent = `${data.stations.length} measuring stations on the map (${data.attribution}): the number is NO₂ in µg/m³; tap one for measured beside modelled.`;
  }

  return {
    show(live) {
      if (!live) {
        clearInterval(timer);
        timer = undefined;
        clear();
        options.note.textContent = '';
        return;
      }
      if (timer !== undefined) return;
      const tick = () =>
        load().catch((e: Error) => (options.note.textContent = `Measuring stations: ${e.message}`));
      tick();
      timer = setInterval(tick, REFRESH_MS);
    },
  };
}

type Station = components['schemas']['Station'];

function popupContent(station: Station, localTime: (iso: string) => string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'cell station';
  const title = document.createElement('strong');
  title.textContent = `${station.name} (${station.id})`;
  box.append(title);
  const latest = station.latest;
  if (!latest) {
    box.append(document.createTextNode(' — no measurement in the last 30 hours'));
    return box;
  }
  const when = document.createElement('div');
  when.textContent = `Measured ${localTime(latest.hour)}`;
  const table = document.createElement('table');
  const head = table.insertRow();
  for (const text of ['', 'Measured', 'Model']) head.insertCell().textContent = text;
  const modelledValues: Partial<Record<string, number>> = latest.modelled;
  for (const [pollutant, value] of Object.entries(latest.measured as Partial<Record<string, number>>)) {
    if (value === undefined) continue;
    const row = table.insertRow();
    row.dataset.pollutant = pollutant;
    row.insertCell().textContent = NAMES[pollutant] ?? pollutant;
    row.insertCell().textContent = `${value} µg/m³`;
    const modelled = modelledValues[pollutant];
    row.insertCell().textContent = modelled === undefined ? '–' : `${modelled} µg/m³`;
  }
  box.append(when, table);
  return box;
}
