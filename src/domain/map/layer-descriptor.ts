import type { MapLayer } from '../coverage/cities.ts';

/** A map layer as the catalogue and the tiles describe it: its tile properties, labels, units and zoom range. */
export interface LayerField {
  name: string;
  label: string;
  unit: string;
}

export interface LayerDescriptor {
  id: MapLayer;
  timed: boolean;
  description: string;
  fields: readonly LayerField[];
  minzoom: number;
  maxzoom: number;
}
