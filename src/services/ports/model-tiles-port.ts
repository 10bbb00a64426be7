import type {
  BuildingFootprint,
  DomainId,
  LayerWindow,
  LonLatWindow,
  TimedLayer,
} from '../../domain/grid/model-data.ts';
import type { TileAddress } from '../../domain/map/mercator.ts';
import type { CallOptions, ModelDomains } from './model-domains-port.ts';

/** One hour of a timed layer: an observed hour, or a forecast step issued at `issuedMs`. */
export interface LayerHour {
  hourMs: number;
  issuedMs?: number;
}

/**
 * The model's layers and buildings as pictures: the map's tiles (services/map) and a
 * report's site map (services/reports/site-map.ts).
 */
export interface ModelTiles extends ModelDomains {
  /** one layer at one hour over a window */
  layerWindow(
    domain: DomainId,
    layer: TimedLayer,
    hour: LayerHour,
    window: LonLatWindow,
    opts?: CallOptions,
  ): Promise<LayerWindow>;
  /**
   * one timed layer of one map tile as Mapbox Vector Tile bytes (domain/map/layer-tile.ts:
   * at low zooms each square is the mean of a block of cells), null when the tile misses
   * the grid or holds no value; cut, averaged and encoded off the event loop (a z10 tile
   * reads a whole city's grid)
   */
  layerTile(
    domain: DomainId,
    layer: TimedLayer,
    hour: LayerHour,
    tile: TileAddress,
    opts?: CallOptions,
  ): Promise<Uint8Array | null>;
  /** building footprints intersecting a window (a neighbourhood's worth: synchronous) */
  buildings(domain: DomainId, window: LonLatWindow): BuildingFootprint[];
  /**
   * the buildings map layer of one tile as Mapbox Vector Tile bytes, null when no
   * footprint is drawn in it; cut and encoded off the event loop, since a z13 tile over
   * a city centre holds ~20,000 footprints (the README's benchmark row "event loop's
   * longest gap, 4 cold z13 building tiles at once")
   */
  buildingsTile(domain: DomainId, tile: TileAddress, opts?: CallOptions): Promise<Uint8Array | null>;
}
