/**
 * A city's plan: the few real features the generator must respect (boulevards, the
 * canal or river, parks, squares, landmark towers) and the districts whose rules fill
 * the rest with streets and building blocks. Coordinates are [lon, lat].
 */
export type LonLat = [number, number];

export interface RoadLine {
  /** pedestrian: a paved way without traffic (Brussels' central boulevards since 2015) */
  roadClass: 'major' | 'secondary' | 'local' | 'pedestrian';
  widthM: number;
  path: LonLat[];
}

/** a road tunnel: its traffic is underground and its exhaust leaves at the two portals */
export interface TunnelLine {
  name: string;
  roadClass: TrafficClass;
  widthM: number;
  path: LonLat[];
}

export type TrafficClass = 'major' | 'secondary' | 'local';

export interface WaterLine {
  widthM: number;
  path: LonLat[];
}

export interface OpenArea {
  name: string;
  kind: 'park' | 'plaza';
  ring: LonLat[];
}

export interface Landmark {
  name: string;
  centre: LonLat;
  /** footprint size east-west and north-south, metres */
  sizeM: [number, number];
  heightM: number;
}

export interface District {
  name: string;
  centre: LonLat;
  /** influence radius, metres */
  radiusM: number;
  /** street spacing (block plus street), metres */
  blockM: number;
  streetM: number;
  /** depth of the perimeter buildings behind the street front, metres */
  depthM: number;
  /** typical eaves height, metres */
  heightM: number;
  /** street-grid orientation, degrees anticlockwise from east */
  orientationDeg: number;
  /** amplitude of the street warp (medieval irregularity, block to block), metres */
  warpM: number;
  /** amplitude of the slow bend of long streets over several hundred metres, metres */
  bendM: number;
  /** share of blocks built as office towers, and their height range */
  towerShare: number;
  towerHeightM: [number, number];
  /** typical parcel (building) width, metres */
  parcelM: number;
}

export interface CityPlan {
  id: string;
  seed: number;
  roads: RoadLine[];
  tunnels: TunnelLine[];
  water: WaterLine[];
  open: OpenArea[];
  landmarks: Landmark[];
  districts: District[];
  /** rules for everything not close to a named district */
  fallback: District;
}

/** an axis-aligned rectangle ring from its centre and size in metres */
export function rectangle(centre: LonLat, sizeM: [number, number]): LonLat[] {
  const [lon, lat] = centre;
  const dLat = sizeM[1] / 2 / 111_195;
  const dLon = sizeM[0] / 2 / (111_195 * Math.cos((lat * Math.PI) / 180));
  return [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat - dLat],
    [lon + dLon, lat + dLat],
    [lon - dLon, lat + dLat],
  ];
}
