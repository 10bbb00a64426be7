/**
 * What the report's location map shows, in metres on a local plane around the report's
 * point (x east, y north, the point at 0,0): assembled by the report service from the
 * model's ports, drawn by `siteMapSvg` without knowing anything about the model.
 */
export type Point = [x: number, y: number];

export interface SiteMapCell {
  /** centre, metres from the point */
  x: number;
  y: number;
  /** the data layer's value; NaN inside buildings */
  value: number;
}

/** a street of the city package's roads (its basemap data), as the location map draws it */
export interface SiteStreet {
  /** how wide it is drawn: main roads, streets, footways and paths */
  kind: 'main' | 'street' | 'path';
  /** its name as the package writes it (in Brussels, French and Dutch: "Rue Neuve - Nieuwstraat") */
  name?: string;
  /** its lines, metres from the point */
  lines: Point[][];
}

export interface SiteMap {
  /** half the map's width and height, metres */
  halfWidthM: number;
  halfHeightM: number;
  /** building footprints (outer rings); empty where the dataset has no buildings */
  buildings: Point[][];
  /** the streets around the point from the city package's roads; none on the nationwide grid */
  streets?: SiteStreet[];
  /** whether the dataset resolves buildings at all (the nationwide one does not) */
  hasBuildings: boolean;
  /** the data layer: a grid of cells of this size */
  cellWidthM: number;
  cellHeightM: number;
  cells: SiteMapCell[];
  /** the data layer: average felt temperature (UTCI, °C) on summer afternoons */
  layer: { kind: 'utci_summer_afternoon'; days: number; localHour: number; year: number };
  /** centres of the cells the report's figures come from */
  sampled: Point[];
  /** how they were chosen, as in the statistics' meta */
  sampling: 'point' | 'nearest_outdoor' | 'radius';
  /** the averaging radius, metres, when sampling is 'radius' */
  radiusM?: number;
}
