import type { Feature, Polygon } from 'geojson';

/**
 * The city registry: which cities the service covers, what each offers and the outline
 * of its model zones. The outlines are the model's own domain definitions, drawn for
 * this service (a few dozen vertices each); they are not administrative boundaries.
 */
export const PRODUCTS = ['geocode', 'historical', 'realtime', 'forecast', 'reports', 'map'] as const;
export type Product = (typeof PRODUCTS)[number];
export const METRICS = ['air', 'wind', 'thermal', 'noise'] as const;
export type Metric = (typeof METRICS)[number];
export const DATA_METRICS = ['air', 'wind', 'thermal'] as const;
export type DataMetric = (typeof DATA_METRICS)[number];
export const MAP_LAYERS = ['thermal', 'wind', 'air', 'buildings'] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];
export const HORIZONS = ['realtime', 'forecast'] as const;
export type Horizon = (typeof HORIZONS)[number];

export type Ring = Array<[number, number]>;

export interface CityDefinition {
  id: string;
  name: string;
  country: string;
  timezone: string;
  metrics: DataMetric[];
  products: Record<Product, boolean>;
  map: { layers: MapLayer[]; cadence: 'hourly'; resolution_m: number; forecast_hours: number } | null;
  referenceYear: number;
  attribution: string;
  /** current high-resolution zone */
  boundary: Ring;
  /** announced expansion of the zone, when there is one */
  plannedBoundary: Ring | null;
}

const SYNTHETIC =
  'Synthetic output of the svc-api urban microclimate model (deterministic simulation on generated ' +
  'city morphology and Uccle climatology); not measurements. Belgium outline: Natural Earth.';

/** Twice the signed area of a closed ring: positive when it runs counterclockwise. */
function doubledSignedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++)
    sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

/**
 * A closed exterior ring, counterclockwise whatever order the outline was written in:
 * GeoJSON (RFC 7946 §3.1.6) wants exterior rings to follow the right-hand rule.
 */
export function closed(points: Array<[number, number]>): Ring {
  const first = points[0]!;
  const ring: Ring = [...points, [first[0], first[1]]];
  return doubledSignedArea(ring) < 0 ? ring.reverse() : ring;
}

/** Brussels high-resolution zone: the Pentagon, the North quarter towers, the European quarter and Midi. */
const BRUSSELS_ZONE = closed([
  [4.329, 50.837],
  [4.333, 50.831],
  [4.342, 50.8295],
  [4.353, 50.832],
  [4.362, 50.8315],
  [4.372, 50.833],
  [4.383, 50.8335],
  [4.393, 50.836],
  [4.399, 50.8405],
  [4.3995, 50.8465],
  [4.395, 50.851],
  [4.385, 50.8535],
  [4.376, 50.858],
  [4.37, 50.864],
  [4.362, 50.868],
  [4.353, 50.8685],
  [4.345, 50.865],
  [4.338, 50.86],
  [4.333, 50.8545],
  [4.328, 50.849],
  [4.3262, 50.843],
]);

/** The Brussels-Capital Region, approximately (about 30 vertices), announced as the expansion. */
const BRUSSELS_REGION = closed([
  [4.335, 50.9],
  [4.347, 50.903],
  [4.362, 50.912],
  [4.385, 50.9138],
  [4.405, 50.908],
  [4.428, 50.899],
  [4.438, 50.892],
  [4.438, 50.878],
  [4.455, 50.87],
  [4.47, 50.86],
  [4.4811, 50.845],
  [4.476, 50.826],
  [4.465, 50.814],
  [4.455, 50.798],
  [4.442, 50.78],
  [4.43, 50.77],
  [4.42, 50.7617],
  [4.4, 50.768],
  [4.38, 50.779],
  [4.36, 50.783],
  [4.33, 50.775],
  [4.31, 50.783],
  [4.295, 50.795],
  [4.27, 50.803],
  [4.25, 50.814],
  [4.2439, 50.825],
  [4.255, 50.84],
  [4.27, 50.855],
  [4.285, 50.87],
  [4.3, 50.885],
  [4.32, 50.895],
]);

/** Charleroi high-resolution zone: Ville-Haute, Ville-Basse and the Sambre around Charleroi-Central. */
const CHARLEROI_ZONE = closed([
  [4.429, 50.404],
  [4.438, 50.399],
  [4.45, 50.3985],
  [4.46, 50.403],
  [4.464, 50.41],
  [4.461, 50.418],
  [4.452, 50.423],
  [4.44, 50.4235],
  [4.43, 50.419],
  [4.426, 50.411],
]);

export const CITIES: readonly CityDefinition[] = [
  {
    id: 'brussels',
    name: 'Brussels',
    country: 'BE',
    timezone: 'Europe/Brussels',
    metrics: ['air', 'wind', 'thermal'],
    products: { geocode: true, historical: true, realtime: true, forecast: true, reports: true, map: true },
    map: {
      layers: ['thermal', 'wind', 'air', 'buildings'],
      cadence: 'hourly',
      resolution_m: 10,
      forecast_hours: 48,
    },
    referenceYear: 2025,
    attribution: SYNTHETIC,
    boundary: BRUSSELS_ZONE,
    plannedBoundary: BRUSSELS_REGION,
  },
  {
    id: 'charleroi',
    name: 'Charleroi',
    country: 'BE',
    timezone: 'Europe/Brussels',
    metrics: ['wind', 'thermal'],
    products: {
      geocode: true,
      historical: false,
      realtime: false,
      forecast: true,
      reports: false,
      map: true,
    },
    map: {
      layers: ['thermal', 'wind', 'buildings'],
      cadence: 'hourly',
      resolution_m: 10,
      forecast_hours: 48,
    },
    referenceYear: 2025,
    attribution: SYNTHETIC,
    boundary: CHARLEROI_ZONE,
    plannedBoundary: null,
  },
];

export function findCity(id: string): CityDefinition | undefined {
  return CITIES.find((city) => city.id === id);
}

/** [west, south, east, north] of a set of rings. */
export function ringsBbox(rings: readonly Ring[]): [number, number, number, number] {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const ring of rings) {
    for (const [lon, lat] of ring) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return [west, south, east, north];
}

/** The city's bbox: its current zone and, where announced, its planned zone. */
export function cityBbox(city: CityDefinition): [number, number, number, number] {
  return ringsBbox(city.plannedBoundary ? [city.boundary, city.plannedBoundary] : [city.boundary]);
}

export function ringFeature(ring: Ring, properties: Record<string, unknown>): Feature<Polygon> {
  return { type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [ring] } };
}
