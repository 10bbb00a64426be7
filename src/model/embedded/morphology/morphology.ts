import type { DomainInfo } from '../../../domain/grid/model-data.ts';
import type { DomainClimate } from '../meteo/domain-climate.ts';
import type { EpwYear } from '../meteo/epw.ts';
import { type CellRasters, type FootprintArrays, viewColumns } from './layout.ts';

/**
 * A domain's static morphology: its grid, the rasters derived from buildings and
 * streets, and building footprints as grid-aligned rectangles. `buffer` is shared
 * between threads; `rectCount` sizes the footprint columns.
 */
export interface Morphology {
  info: DomainInfo;
  /** latitude and longitude the domain's single weather state is computed for */
  centre: { lat: number; lon: number };
  buffer: SharedArrayBuffer;
  rectCount: number;
  /** the city's own reference-year weather (weather.epw); absent: the climatology */
  referenceWeather?: EpwYear;
  /** the climate its weather is generated in (the national descriptor's); set when the domain is loaded */
  climate?: DomainClimate;
  rasters: CellRasters;
  footprints: FootprintArrays;
}

/** what crosses the thread boundary: plain data plus the shared buffer */
export interface MorphologyTransfer {
  info: DomainInfo;
  centre: { lat: number; lon: number };
  buffer: SharedArrayBuffer;
  rectCount: number;
  referenceWeather?: EpwYear;
  climate?: DomainClimate;
}

export function attachMorphology(t: MorphologyTransfer): Morphology {
  const cells = t.info.grid.cols * t.info.grid.rows;
  const { rasters, footprints } = viewColumns(t.buffer, cells, t.rectCount);
  return { ...t, rasters, footprints };
}

export function transferOf(m: Morphology): MorphologyTransfer {
  return {
    info: m.info,
    centre: m.centre,
    buffer: m.buffer,
    rectCount: m.rectCount,
    ...(m.referenceWeather ? { referenceWeather: m.referenceWeather } : {}),
    ...(m.climate ? { climate: m.climate } : {}),
  };
}
