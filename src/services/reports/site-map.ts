import type { Cities } from '../../domain/coverage/registry.ts';
import type { DomainId, LonLatWindow, TimedLayer } from '../../domain/grid/model-data.ts';
import { DEFAULT_METRICS } from '../../domain/metrics/registry.ts';
import type { Point, SiteMap } from '../../domain/reports/site-map/types.ts';
import { NATIONWIDE_DATASET } from '../../domain/stats/historical-stats.ts';
import { datasetFor } from '../data/historical.ts';
import { sampleCells } from '../data/sampling.ts';
import type { ModelSampling } from '../ports/model-sampling-port.ts';
import type { ModelTiles } from '../ports/model-tiles-port.ts';
import { packageSiteData, type SitePackage } from './site-map-package.ts';

/**
 * The data behind the report's location map, from the model's ports only: the building
 * footprints around the point, the cells the figures come from (the same sampling rule as
 * the statistics), and one data layer, the felt temperature on summer afternoons (UTCI at
 * 15:00 local time — the city's time zone, the national one on the nationwide grid —,
 * June to August of the reference year, every fourth day), which shows at a glance the
 * sunny and the shaded streets around the site.
 */
const METRES_PER_DEGREE = (Math.PI * 6_371_008.8) / 180;
/** street scale: about 360 m × 210 m; nationwide (1 km cells): 6 km × 2.6 km */
const EXTENT = {
  city: { halfWidthM: 180, halfHeightM: 120 },
  nationwide: { halfWidthM: 3000, halfHeightM: 2000 },
};
const SUMMER_AFTERNOON_LOCAL_HOUR = 15;
const DAY_STEP = 4;
const DAY_MS = 86_400_000;

/** the map layer the location map shows (the metric whose report sets `coverMap`), and its tile property */
const COVER_LAYER = (() => {
  const layer = DEFAULT_METRICS.find((metric) => metric.report.coverMap)?.mapLayer;
  const field = layer?.fields[0];
  if (!layer || !field) throw new Error('no metric gives the report its location map');
  return { id: layer.id as TimedLayer, field: field.name };
})();

export type SiteMapProvider = (input: { lat: number; lon: number; radius: number }) => Promise<SiteMap>;

/** offset of the zone's civil time from UTC at an instant, ms (its wall clock read as UTC, minus the instant) */
function zoneOffsetMs(wallClock: Intl.DateTimeFormat, ms: number): number {
  const part = Object.fromEntries(wallClock.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  const asUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** epoch ms of the summer afternoons averaged for the data layer: 15:00 on the civil clock of `timeZone` */
export function summerAfternoons(year: number, timeZone: string): number[] {
  const wallClock = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const hours: number[] = [];
  const first = Date.UTC(year, 5, 1, SUMMER_AFTERNOON_LOCAL_HOUR);
  const last = Date.UTC(year, 7, 31, SUMMER_AFTERNOON_LOCAL_HOUR);
  for (let wall = first; wall <= last; wall += DAY_STEP * DAY_MS) {
    // the offset at the guessed instant, then at the instant it gives (no zone changes its clock at 15:00)
    const guess = wall - zoneOffsetMs(wallClock, wall);
    hours.push(wall - zoneOffsetMs(wallClock, guess));
  }
  return hours;
}

/**
 * `nationalTimeZone`: the civil clock of the nationwide grid's afternoons (the national
 * climate's); a city's are on its own `timezone`
 */
export function createSiteMapProvider(
  model: ModelTiles & ModelSampling,
  cities: Cities,
  nationalTimeZone: string,
  /** a city's package, whose roads and building outlines the map draws; the model's buildings and no streets without it */
  packageOf?: (cityId: string) => SitePackage | undefined,
): SiteMapProvider {
  const packageData = packageOf ? packageSiteData(packageOf) : undefined;
  return async ({ lat, lon, radius }) => {
    const { dataset, domain, city } = datasetFor(cities(), lat, lon);
    const nationwide = dataset === NATIONWIDE_DATASET;
    const info = model.domain(domain as DomainId);
    const extent = nationwide ? EXTENT.nationwide : EXTENT.city;
    const cosLat = Math.cos((lat * Math.PI) / 180);
    const toPlane = ([pLon, pLat]: readonly [number, number]): Point => [
      (pLon - lon) * cosLat * METRES_PER_DEGREE,
      (pLat - lat) * METRES_PER_DEGREE,
    ];
    const window: LonLatWindow = {
      west: lon - extent.halfWidthM / (cosLat * METRES_PER_DEGREE),
      east: lon + extent.halfWidthM / (cosLat * METRES_PER_DEGREE),
      south: lat - extent.halfHeightM / METRES_PER_DEGREE,
      north: lat + extent.halfHeightM / METRES_PER_DEGREE,
    };
    // the same sampling as the statistics (a default radius widens to the nearest outdoor cells)
    const sampling = sampleCells(model, domain, lat, lon, nationwide ? undefined : radius, true);
    const hours = summerAfternoons(info.referenceYear, city?.timezone ?? nationalTimeZone);
    const windows = await Promise.all(
      hours.map((hourMs) => model.layerWindow(domain, COVER_LAYER.id, { hourMs }, window)),
    );
    const drawn = city && packageData ? await packageData(city.id, window, toPlane) : undefined;
    const streets = drawn?.streets ?? [];
    const first = windows[0];
    const cells: SiteMap['cells'] = [];
    const { grid } = info;
    if (first) {
      for (let r = 0; r < first.rows; r++) {
        for (let c = 0; c < first.cols; c++) {
          const index = r * first.cols + c;
          let sum = 0;
          let count = 0;
          for (const layer of windows) {
            const value = layer.fields[COVER_LAYER.field]?.[index] ?? Number.NaN;
            if (Number.isFinite(value)) {
              sum += value;
              count++;
            }
          }
          const [x, y] = toPlane([
            grid.west + (first.col0 + c + 0.5) * grid.dLon,
            grid.north - (first.row0 + r + 0.5) * grid.dLat,
          ]);
          cells.push({ x, y, value: count > 0 ? sum / count : Number.NaN });
        }
      }
    }
    return {
      ...extent,
      // the package's outlines as mapped; the model's cell rectangles where the package has none
      buildings: !info.hasBuildings
        ? []
        : drawn && drawn.buildings.length > 0
          ? drawn.buildings
          : model.buildings(domain, window).map((footprint) => footprint.ring.map(toPlane)),
      ...(streets.length > 0 ? { streets } : {}),
      hasBuildings: info.hasBuildings,
      cellWidthM: grid.dLon * cosLat * METRES_PER_DEGREE,
      cellHeightM: grid.dLat * METRES_PER_DEGREE,
      cells,
      layer: {
        kind: 'utci_summer_afternoon',
        days: hours.length,
        localHour: SUMMER_AFTERNOON_LOCAL_HOUR,
        year: info.referenceYear,
      },
      sampled: sampling.cells.map((cell) => toPlane(model.cellCentre(domain, cell))),
      sampling: sampling.sampling,
      ...(sampling.radiusM !== undefined ? { radiusM: sampling.radiusM } : {}),
    };
  };
}
