import { ModelUnavailableError } from '../../src/domain/errors/failures.ts';
import {
  type BuildingFootprint,
  type DomainId,
  type DomainInfo,
  type GridGeometry,
  LAYER_FIELDS,
  type LayerRange,
  type LayerRanges,
  type LayerWindow,
  type LonLatWindow,
  type TimedLayer,
} from '../../src/domain/grid/model-data.ts';
import { buildingTileWindow, encodeBuildingTile } from '../../src/domain/map/building-tile.ts';
import { encodeLayerTile, layerTileCut } from '../../src/domain/map/layer-tile.ts';
import type { TileAddress } from '../../src/domain/map/mercator.ts';
import type { MicroclimateModel } from '../../src/model/microclimate-model.ts';

/**
 * An in-memory twin of the model port for map tests whose assertions need values
 * known in advance: every cell's value is a formula of its column and row, a few
 * cells are building interiors (NaN), air has no data past 24 h of forecast, and
 * `available = false` makes every call fail as an unreachable back end would.
 */
const HOUR = 3_600_000;

export const BRUSSELS_GRID: GridGeometry = {
  west: 4.3262,
  north: 50.8685,
  dLon: 0.0001418,
  dLat: 0.0000898,
  cols: 517,
  rows: 434,
};
const CHARLEROI_GRID: GridGeometry = {
  west: 4.426,
  north: 50.4235,
  dLon: 0.000141,
  dLat: 0.0000898,
  cols: 270,
  rows: 280,
};

/** the value of a field at a cell and hour; hour shifts thermal so steps differ */
export function cellValue(field: string, col: number, row: number, hourMs: number): number {
  if (col % 9 === 4 && row % 9 === 4) return Number.NaN; // a building interior
  const h = (hourMs / HOUR) % 24;
  switch (field) {
    case 'UTCI':
      return 10 + col * 0.02 + h * 0.1;
    case 'Ucomfort':
      return (row % 20) * 0.5;
    case 'Ugust':
      return (row % 20) * 0.9;
    case 'C':
      return 20 + (col % 50);
    case 'C_PM25':
      return 5 + (row % 10);
    case 'C_PM10':
      return 15 + (row % 10);
    default:
      return Number.NaN;
  }
}

export class GridModel implements MicroclimateModel {
  version = 'grid-model-1';
  available = true;
  calls = { layerWindow: 0, layerRanges: 0 };

  private readonly infos: Record<string, DomainInfo> = {
    brussels: this.info('brussels', BRUSSELS_GRID, true),
    charleroi: {
      ...this.info('charleroi', CHARLEROI_GRID, true),
      models: { air: false, wind: true, thermal: true },
    },
  };

  private info(id: DomainId, grid: GridGeometry, air: boolean): DomainInfo {
    return {
      id,
      revision: 'grid',
      resolutionM: 10,
      grid,
      referenceYear: 2025,
      hasBuildings: true,
      models: { air, wind: true, thermal: true },
    };
  }

  private check(): void {
    if (!this.available) throw new ModelUnavailableError('grid model switched off');
  }

  async setCities(): Promise<void> {}

  domains() {
    return Object.values(this.infos);
  }
  domain(id: DomainId): DomainInfo {
    const info = this.infos[id];
    if (!info) throw new Error(`no domain ${id}`);
    return info;
  }
  locate(): never {
    throw new Error('not used by map tests');
  }
  nearestOutdoor(): never {
    throw new Error('not used by map tests');
  }
  outdoorCellsWithin(): never {
    throw new Error('not used by map tests');
  }
  cellCentre(): never {
    throw new Error('not used by map tests');
  }
  series(): never {
    throw new Error('not used by map tests');
  }
  latestObservedHour(nowMs: number): number {
    this.check();
    return Math.floor(nowMs / HOUR) * HOUR - HOUR;
  }
  forecastSteps(issuedMs: number, ceilingHours: number): number[] {
    const steps: number[] = [];
    for (let h = 1; h <= ceilingHours; h += h < 24 ? 1 : 3) steps.push(issuedMs + h * HOUR);
    return steps;
  }
  private hasData(layer: TimedLayer, hour: { hourMs: number; issuedMs?: number }): boolean {
    return !(layer === 'air' && hour.issuedMs !== undefined && hour.hourMs - hour.issuedMs > 24 * HOUR);
  }
  async layerWindow(
    domain: DomainId,
    layer: TimedLayer,
    hour: { hourMs: number; issuedMs?: number },
    window: LonLatWindow,
  ): Promise<LayerWindow> {
    this.check();
    this.calls.layerWindow++;
    const g = this.domain(domain).grid;
    const col0 = Math.max(0, Math.floor((window.west - g.west) / g.dLon));
    const col1 = Math.min(g.cols, Math.ceil((window.east - g.west) / g.dLon));
    const row0 = Math.max(0, Math.floor((g.north - window.north) / g.dLat));
    const row1 = Math.min(g.rows, Math.ceil((g.north - window.south) / g.dLat));
    const cols = Math.max(0, col1 - col0);
    const rows = Math.max(0, row1 - row0);
    const fields: Record<string, Float32Array> = {};
    const present = this.hasData(layer, hour) && !(domain === 'charleroi' && layer === 'air');
    for (const name of LAYER_FIELDS[layer]) {
      const values = new Float32Array(cols * rows);
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++)
          values[r * cols + c] = present ? cellValue(name, col0 + c, row0 + r, hour.hourMs) : Number.NaN;
      fields[name] = values;
    }
    return { col0, row0, cols, rows, fields };
  }
  buildings(domain: DomainId, window: LonLatWindow): BuildingFootprint[] {
    this.check();
    const g = this.domain(domain).grid;
    const out: BuildingFootprint[] = [];
    // one 3 x 3-cell building centred on every building-interior cell of the pattern
    for (let row = 4; row < g.rows; row += 9) {
      const north = g.north - (row - 1) * g.dLat;
      const south = g.north - (row + 2) * g.dLat;
      if (south > window.north || north < window.south) continue;
      for (let col = 4; col < g.cols; col += 9) {
        const west = g.west + (col - 1) * g.dLon;
        const east = g.west + (col + 2) * g.dLon;
        if (west > window.east || east < window.west) continue;
        out.push({
          ring: [
            [west, north],
            [east, north],
            [east, south],
            [west, south],
            [west, north],
          ],
          heightM: 10 + (col % 30),
        });
      }
    }
    return out;
  }
  async layerTile(
    domain: DomainId,
    layer: TimedLayer,
    hour: { hourMs: number; issuedMs?: number },
    tile: TileAddress,
  ): Promise<Uint8Array | null> {
    const grid = this.domain(domain).grid;
    const cut = layerTileCut(grid, tile);
    if (cut === null) return null;
    return encodeLayerTile(layer, grid, cut, await this.layerWindow(domain, layer, hour, cut.window), tile);
  }
  async buildingsTile(domain: DomainId, tile: TileAddress): Promise<Uint8Array | null> {
    return encodeBuildingTile(this.buildings(domain, buildingTileWindow(tile)), tile);
  }
  async layerRanges(
    domain: DomainId,
    layers: readonly TimedLayer[],
    hours: ReadonlyArray<{ hourMs: number; issuedMs?: number }>,
  ): Promise<LayerRanges[]> {
    this.check();
    this.calls.layerRanges++;
    const g = this.domain(domain).grid;
    return hours.map((hour) => {
      const ranges: LayerRanges = {};
      for (const layer of layers) ranges[layer] = this.range(domain, g, layer, hour);
      return ranges;
    });
  }
  private range(
    domain: DomainId,
    g: GridGeometry,
    layer: TimedLayer,
    hour: { hourMs: number; issuedMs?: number },
  ): LayerRange {
    if (!this.hasData(layer, hour) || (domain === 'charleroi' && layer === 'air'))
      return { min: Number.NaN, max: Number.NaN };
    const field = LAYER_FIELDS[layer][0]!;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let row = 0; row < Math.min(g.rows, 20); row++)
      for (let col = 0; col < g.cols; col += g.cols - 1) {
        const v = cellValue(field, col, row, hour.hourMs);
        if (Number.isNaN(v)) continue;
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    return { min, max };
  }
  async close() {}
}
