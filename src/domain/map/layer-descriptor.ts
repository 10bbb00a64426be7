import type { MapLayer } from '../coverage/cities.ts';
import type { CellColumn } from '../grid/model-output.ts';
import type { Ramp } from './ramp.ts';

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

/** A tile property of a metric's layer, and the model's column it shows. */
export interface MetricLayerField extends LayerField {
  /** the cell column (domain/grid/model-output.ts) the model answers the property from */
  column: CellColumn;
}

/** A metric's map layer: a timed layer whose every tile property is a column of the model. */
export interface MetricMapLayer extends LayerDescriptor {
  fields: readonly MetricLayerField[];
  /** the colours of the model's operator pictures of it, over its first field's values (model/embedded/render) */
  ramp: Ramp;
}
