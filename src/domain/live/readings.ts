/**
 * What the live feeds deliver, once read and normalised: one value of one quantity at
 * one site for one hour, in the service's units (°C, %, m/s, degrees, W/m², µg/m³) and
 * UTC. `hourMs` is the start of the hour the value describes (the hour a record of
 * /realtime or /forecast carries), whatever convention the provider stamps with.
 */
export const FEED_IDS = ['ircel-celine', 'open-meteo', 'open-meteo-air-quality'] as const;
export type FeedId = (typeof FEED_IDS)[number];

export const METEO_QUANTITIES = [
  'ta_c',
  'rh_pct',
  'wind_ms',
  'wind_dir_deg',
  'gust_ms',
  'ghi_wm2',
  'cloud_pct',
] as const;
export const POLLUTANTS = ['no2', 'pm25', 'pm10', 'o3'] as const;
export type MeteoQuantity = (typeof METEO_QUANTITIES)[number];
export type Pollutant = (typeof POLLUTANTS)[number];
export type Quantity = MeteoQuantity | Pollutant;
export const QUANTITIES: readonly Quantity[] = [...METEO_QUANTITIES, ...POLLUTANTS];

export interface Reading {
  feed: FeedId;
  /** the provider's site: a station code, or `lat,lon` of a gridded point */
  site: string;
  lat: number;
  lon: number;
  quantity: Quantity;
  hourMs: number;
  value: number;
}

/** a measuring site as its provider lists it (IRCEL's stations): `GET /v1/stations` */
export interface FeedSite {
  feed: FeedId;
  /** the provider's code (IRCEL: the EoI code, "41R012") */
  site: string;
  /** the provider's name ("Uccle") */
  name: string;
  lat: number;
  lon: number;
  /** what it measures, in the service's order */
  quantities: Quantity[];
}

/**
 * Physical ranges: a value outside is the provider's fault (unit mix-up, sensor fault,
 * fill value) and is dropped on its own, never stored, never shown.
 */
export const PLAUSIBLE: Record<Quantity, readonly [number, number]> = {
  ta_c: [-40, 50],
  rh_pct: [0, 100],
  wind_ms: [0, 60],
  wind_dir_deg: [0, 360],
  gust_ms: [0, 80],
  ghi_wm2: [0, 1400],
  cloud_pct: [0, 100],
  no2: [0, 1000],
  pm25: [0, 1000],
  pm10: [0, 2000],
  o3: [0, 600],
};

export function plausible(quantity: Quantity, value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  const [low, high] = PLAUSIBLE[quantity];
  return value >= low && value <= high;
}
