import type { DomainId, LayerRanges, TimedLayer } from '../../domain/grid/model-data.ts';
import type { CallOptions, ModelDomains } from '../ports/model-domains-port.ts';
import type { ModelHours } from '../ports/model-hours-port.ts';
import type { LayerHour } from '../ports/model-tiles-port.ts';

/** What the map's catalog reads of the model: its hours and each layer's range of values. */
export interface ModelCatalog extends ModelDomains, ModelHours {
  /**
   * min and max of each given layer's first field across the domain's outdoor cells, for
   * each given hour: the layers of an hour are asked together, since one pass over the
   * cells gives them all
   */
  layerRanges(
    domain: DomainId,
    layers: readonly TimedLayer[],
    hours: ReadonlyArray<LayerHour>,
    opts?: CallOptions,
  ): Promise<LayerRanges[]>;
}
