import type { ModelEngine } from '../../src/model/embedded/compute/engine.ts';
import { type AirRow, airRows, type BoundaryStep, boundarySteps, withinBand } from './air.ts';
import type { BackfilledRow } from './backfilled.ts';
import { climateRows, type StatRow } from './climate.ts';
import { AIR_RATIO_BAND } from './sites.ts';

/** Everything the validation computes, and the Markdown tables docs/model.md shows. */
export interface Validation {
  air: AirRow[];
  boundary: BoundaryStep[];
  climate: StatRow[];
}

export function validate(engine: ModelEngine): Validation {
  return { air: airRows(engine), boundary: boundarySteps(engine), climate: climateRows(engine) };
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

/**
 * `backfilled`: the rows against a backfilled year (backfilled.ts); when there are any,
 * the air table gets its second column, "against the backfilled year": the model's NO2 on
 * that year's weather / the nearest station's measured mean (ratio), '—' without a station
 */
export function markdown(v: Validation, backfilled: readonly BackfilledRow[] = []): string {
  const lines: string[] = [];
  const years = [...new Set(backfilled.map((row) => row.year))].join(', ');
  const extra = backfilled.length > 0;
  lines.push(
    `Annual means of the reference year (µg/m³); ratio = model / reference, band 1/${AIR_RATIO_BAND}…${AIR_RATIO_BAND}. Traffic stations: outdoor cells within 15 m; others within 50 m; outside the zone the 1 km cell.`,
    '',
    `| site | kind | dataset | NO2 model | NO2 ref | ratio | PM2.5 model | PM2.5 ref | ratio | reference source |${extra ? ` against the backfilled year ${years} (NO2 model / measured, ratio) |` : ''}`,
    `|---|---|---|---|---|---|---|---|---|---|${extra ? '---|' : ''}`,
  );
  for (const r of v.air) {
    const mark = (x: number) => `${f2(x)}${withinBand(x) ? '' : ' ✗'}`;
    const against = backfilled.find((row) => row.site === r.site);
    const column = against
      ? ` ${f1(against.model.no2)} / ${against.measured.no2 === null ? '—' : f1(against.measured.no2)}${against.measured.no2 ? ` (${f2(against.model.no2 / against.measured.no2)})` : ''} |`
      : ' — |';
    lines.push(
      `| ${r.site.name} | ${r.site.kind} | ${r.dataset} | ${f1(r.no2)} | ${r.site.no2} | ${mark(r.no2Ratio)} | ${f1(r.pm25)} | ${r.site.pm25} | ${mark(r.pm25Ratio)} | ${r.site.source} |${extra ? column : ''}`,
    );
  }
  const worst = v.boundary.reduce(
    (a, b) => Math.max(a, Math.abs(b.inside - b.outside) - b.spread),
    -Infinity,
  );
  lines.push(
    '',
    `Zone edge (annual NO2, every ~900 m along the boundary): nationwide cell 150 m outside vs the mean of the hyper-local cells within 300 m of a point 300 m inside (an area comparable with the 1 km cell), their spread (standard deviation) and the largest difference between the 1 km cell and its neighbours: the natural cell-to-cell variation of each field. Largest |step| − natural variation: ${f1(worst)} µg/m³ (≤ 0: no step above it).`,
    '',
    '| lat | lon | inside mean | spread | outside (1 km) | 1 km neighbour step | step |',
    '|---|---|---|---|---|---|---|',
  );
  for (const b of v.boundary) {
    lines.push(
      `| ${b.lat.toFixed(4)} | ${b.lon.toFixed(4)} | ${f1(b.inside)} | ${f1(b.spread)} | ${f1(b.outside)} | ${f1(b.nationalStep)} | ${f1(b.outside - b.inside)} |`,
    );
  }
  lines.push('', '| statistic | model | band | reference | source |', '|---|---|---|---|---|');
  for (const s of v.climate) {
    const ok = s.model >= s.low && s.model <= s.high;
    lines.push(
      `| ${s.name} | ${f2(s.model)} ${s.unit}${ok ? '' : ' ✗'} | ${s.low} … ${s.high} | ${s.reference} | ${s.source} |`,
    );
  }
  return lines.join('\n');
}
