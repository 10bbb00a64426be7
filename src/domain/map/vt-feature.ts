/**
 * A feature already in tile coordinates, in the shape vt-pbf encodes (the shape
 * geojson-vt produces): type 1 point, 2 line, 3 polygon; polygon rings closed, the
 * exterior ring clockwise with y pointing down.
 */
export interface VtFeature {
  type: 1 | 2 | 3;
  geometry: Array<Array<[number, number]>>;
  tags: Record<string, number | string | boolean>;
}
