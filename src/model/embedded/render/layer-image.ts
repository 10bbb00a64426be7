import { PNG } from 'pngjs';
import type { MapLayer } from '../../../domain/coverage/vocabulary.ts';
import type { LayerWindow } from '../../../domain/grid/model-data.ts';
import { SURFACE } from '../morphology/layout.ts';
import type { Morphology } from '../morphology/morphology.ts';
import { colourAt, RAMPS, type Ramp, type Rgb } from './palette.ts';

/**
 * An operator's picture of one layer over a whole domain: each outdoor cell coloured
 * by its value, buildings drawn over it in greys by height with darker edges, water in
 * blue, and a colour bar along the bottom. Meant for a person checking that streets,
 * canyons, parks and towers show in the numbers.
 */
export type PictureLayer = MapLayer;

const NO_DATA: Rgb = [170, 164, 164];
const WATER: Rgb = [120, 160, 215];
const BAR_PX = 14;

function buildingShade(heightM: number): Rgb {
  const v = Math.max(60, 215 - 1.1 * heightM);
  return [v, v, v + 6];
}

export function renderLayerPicture(
  m: Morphology,
  layer: PictureLayer,
  values: LayerWindow | null,
  pixelsPerCell = 2,
): Buffer {
  const { cols, rows } = m.info.grid;
  const ramp: Ramp = RAMPS[layer];
  const width = cols * pixelsPerCell;
  const height = rows * pixelsPerCell + BAR_PX * 2;
  const png = new PNG({ width, height });
  const field = values ? Object.values(values.fields)[0] : undefined;
  const { surface, heightM } = m.rasters;
  const isEdge = (cell: number, r: number, c: number) => {
    const h = heightM[cell]!;
    const around = [
      [r - 1, c],
      [r + 1, c],
      [r, c - 1],
      [r, c + 1],
    ];
    return around.some(([rr, cc]) => {
      if (rr! < 0 || cc! < 0 || rr! >= rows || cc! >= cols) return false;
      const other = rr! * cols + cc!;
      return surface[other] !== SURFACE.building || Math.abs(heightM[other]! - h) > 6;
    });
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      let rgb: Rgb;
      if (surface[cell] === SURFACE.building) {
        rgb = layer === 'buildings' ? colourAt(ramp, heightM[cell]!) : buildingShade(heightM[cell]!);
        if (isEdge(cell, r, c)) rgb = [rgb[0] * 0.55, rgb[1] * 0.55, rgb[2] * 0.55];
      } else if (layer === 'buildings') {
        rgb =
          surface[cell] === SURFACE.water
            ? WATER
            : surface[cell] === SURFACE.park
              ? [150, 200, 140]
              : [245, 242, 235];
      } else {
        const v = field && values ? field[(r - values.row0) * values.cols + (c - values.col0)] : Number.NaN;
        rgb = v !== undefined && Number.isFinite(v) ? colourAt(ramp, v) : NO_DATA;
        if (surface[cell] === SURFACE.water)
          rgb = [(rgb[0] + WATER[0]) / 2, (rgb[1] + WATER[1]) / 2, (rgb[2] + WATER[2]) / 2];
      }
      for (let py = 0; py < pixelsPerCell; py++) {
        for (let px = 0; px < pixelsPerCell; px++) {
          const i = ((r * pixelsPerCell + py) * width + c * pixelsPerCell + px) * 4;
          png.data[i] = rgb[0];
          png.data[i + 1] = rgb[1];
          png.data[i + 2] = rgb[2];
          png.data[i + 3] = 255;
        }
      }
    }
  }
  drawColourBar(png, ramp, rows * pixelsPerCell);
  return PNG.sync.write(png);
}

/** the ramp across the full width, with a tick at every stop */
function drawColourBar(png: PNG, ramp: Ramp, top: number): void {
  const lo = ramp.stops[0]![0];
  const hi = ramp.stops[ramp.stops.length - 1]![0];
  for (let y = top; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const v = lo + ((hi - lo) * x) / (png.width - 1);
      const band = y < top + BAR_PX;
      const tick =
        !band && ramp.stops.some(([s]) => Math.abs(((s - lo) / (hi - lo)) * (png.width - 1) - x) < 1);
      const rgb: Rgb = band ? colourAt(ramp, v) : tick ? [0, 0, 0] : [255, 255, 255];
      const i = (y * png.width + x) * 4;
      png.data[i] = rgb[0];
      png.data[i + 1] = rgb[1];
      png.data[i + 2] = rgb[2];
      png.data[i + 3] = 255;
    }
  }
}
