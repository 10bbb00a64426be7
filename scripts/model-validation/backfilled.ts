import type { ReferenceYears } from '../../src/domain/live/reference-year.ts';
import type { ModelEngine } from '../../src/model/embedded/compute/engine.ts';
import { annualAt } from './air.ts';
import { SITES, type Site } from './sites.ts';

/**
 * The validation's column "against the backfilled year" (issue #35): where a backfilled
 * year holds a station within 300 m of a validation site, that station's measured annual
 * means of that year beside the model's, the model run on that year's archive
 * meteorology but WITHOUT the stations' correction (with it, a station's cell answers
 * its own measurement by construction: nothing would be validated).
 */
const NEAR_M = 300;

export interface BackfilledRow {
  site: Site;
  year: number;
  station: string;
  model: { no2: number; pm25: number };
  measured: { no2: number | null; pm25: number | null };
}

function metres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const kx = 111_320 * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot((a.lon - b.lon) * kx, (a.lat - b.lat) * 110_570);
}

const meanOf = (series: ReadonlyArray<readonly [number, number]> | undefined) =>
  series && series.length > 0 ? series.reduce((sum, [, v]) => sum + v, 0) / series.length : null;

export function backfilledRows(engine: ModelEngine, years: ReferenceYears): BackfilledRow[] {
  if (years.years.length === 0) return [];
  engine.setReference({ ...years, years: years.years.map((y) => ({ ...y, stations: [] })) });
  try {
    const rows: BackfilledRow[] = [];
    for (const site of SITES) {
      for (const year of years.years) {
        const station = year.stations.find((s) => metres(s, site) <= NEAR_M);
        if (!station) continue;
        const a = annualAt(engine, site.lat, site.lon, site.kind === 'traffic' ? 15 : 50);
        if (a.domain !== year.domain) continue;
        rows.push({
          site,
          year: year.year,
          station: station.id,
          model: { no2: a.no2, pm25: a.pm25 },
          measured: { no2: meanOf(station.series.no2), pm25: meanOf(station.series.pm25) },
        });
        break;
      }
    }
    return rows;
  } finally {
    engine.setReference({ version: 'package', years: [] });
  }
}

export function backfilledMarkdown(rows: readonly BackfilledRow[]): string {
  if (rows.length === 0) return '';
  const f = (x: number | null) => (x === null ? '—' : x.toFixed(1));
  const ratio = (model: number, measured: number | null) => (measured ? (model / measured).toFixed(2) : '—');
  const lines = [
    '',
    `Against the backfilled year (${[...new Set(rows.map((r) => r.year))].join(', ')}; \`svc feeds backfill\`): the model on that year's archive meteorology, without the stations' correction, against the annual means the nearest station (within ${NEAR_M} m) measured that year.`,
    '',
    '| site | station | NO2 model | NO2 measured | ratio | PM2.5 model | PM2.5 measured | ratio |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.site.name} | ${r.station} | ${f(r.model.no2)} | ${f(r.measured.no2)} | ${ratio(r.model.no2, r.measured.no2)} | ${f(r.model.pm25)} | ${f(r.measured.pm25)} | ${ratio(r.model.pm25, r.measured.pm25)} |`,
    );
  return lines.join('\n');
}
