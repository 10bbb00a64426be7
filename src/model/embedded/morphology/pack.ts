import type { DomainInfo } from '../../../domain/grid/model-data.ts';
import { domainCentre } from './domains.ts';
import { type CellRasters, type FootprintArrays, planLayout, viewColumns } from './layout.ts';
import type { Morphology } from './morphology.ts';

/** copies freshly generated columns into one SharedArrayBuffer laid out for threads and the cache file */
export function packMorphology(
  info: DomainInfo,
  columns: { [K in keyof CellRasters]: CellRasters[K] },
  footprints: { [K in keyof FootprintArrays]: FootprintArrays[K] },
): Morphology {
  const cells = info.grid.cols * info.grid.rows;
  const rectCount = footprints.rectHeightM.length;
  const { bytes } = planLayout(cells, rectCount);
  const buffer = new SharedArrayBuffer(bytes);
  const views = viewColumns(buffer, cells, rectCount);
  for (const name of Object.keys(views.rasters) as Array<keyof CellRasters>) {
    (views.rasters[name] as { set(a: ArrayLike<number>): void }).set(columns[name]);
  }
  for (const name of Object.keys(views.footprints) as Array<keyof FootprintArrays>) {
    (views.footprints[name] as { set(a: ArrayLike<number>): void }).set(footprints[name]);
  }
  return {
    info,
    centre: domainCentre(info),
    buffer,
    rectCount,
    rasters: views.rasters,
    footprints: views.footprints,
  };
}
