import { readFileSync } from 'node:fs';
import type { ModelEngine } from '../../src/model/embedded/compute/engine.ts';
import {
  AirCorrection,
  type CorrectionSite,
  emptyColumns,
} from '../../src/model/embedded/live/air-correction.ts';
import { type StationKind, stationKind } from '../../src/model/embedded/live/station-kinds.ts';
import type { CellOutput } from '../../src/model/embedded/physics/cell-kernel.ts';
import { annualAt, cellsAround, domainAt } from './air.ts';

/**
 * The model against IRCEL-CELINE's measured station annual means (issue #46 item 4;
 * data/sources/irceline, CC BY 4.0, credit IRCEL-CELINE), two ways:
 *
 * - the model: the reference year's annual mean NO2 at the station (a traffic station's
 *   kerb within 15 m, another's block within 50 m, as the air table reads its sites),
 *   against the year's measurement;
 * - leave-one-out: what the stations' correction (live/air-correction.ts, the residual
 *   interpolation a live hour or a backfilled year uses) would answer at the station from
 *   every OTHER station's annual residual, ln(measured / modelled), with its own left out.
 *   With its own in, a station's cell answers its measurement by construction; left out,
 *   the table says how well the model and the correction predict a place no station
 *   measures.
 */
export const STATION_YEAR = '2023';
const WITHIN = 1.3;

export interface ReferenceStation {
  code: string;
  lat: number;
  lon: number;
  annual_mean_no2: Record<string, number>;
}

export interface StationRow {
  code: string;
  kind: StationKind;
  dataset: 'hyper-local' | 'nationwide 1 km';
  measured: number;
  model: number;
  /** the correction from every other station, applied to the model */
  leftOut: number;
}

export function referenceStations(): ReferenceStation[] {
  const url = new URL('../../data/sources/irceline/no2-annual-means.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { stations: ReferenceStation[] }).stations;
}

export function stationRows(engine: ModelEngine, stations = referenceStations()): StationRow[] {
  const measured = stations.filter((s) => s.annual_mean_no2[STATION_YEAR] !== undefined);
  const read = measured.map((station) => {
    const domain = domainAt(station.lat, station.lon);
    const m = engine.morphology(domain);
    // the nationwide 1 km cells average their roads away: their stations are background (station-kinds.ts)
    const kind: StationKind =
      domain === 'belgium'
        ? 'background'
        : stationKind(m, engine.background(domain), cellsAround(m, station.lat, station.lon, 15));
    const annual = annualAt(engine, station.lat, station.lon, kind === 'traffic' ? 15 : 50);
    return { station, kind, domain, model: annual.no2, value: station.annual_mean_no2[STATION_YEAR]! };
  });
  return read.map((row, own) => {
    const others = read.filter((_, i) => i !== own);
    const sites: CorrectionSite[] = others.map((o) => ({
      lat: o.station.lat,
      lon: o.station.lon,
      footprintKm: 0.05,
      kind: o.kind,
    }));
    const residuals = emptyColumns(others.length);
    const means = emptyColumns(1);
    const background: number[] = [];
    others.forEach((o, i) => {
      const r = Math.log(o.value / o.model);
      residuals.no2[i] = r;
      if (o.kind === 'background') background.push(r);
    });
    means.no2[0] = background.reduce((a, b) => a + b, 0) / background.length;
    const out = { ...emptyColumns(1), no2: Float64Array.of(row.model) } as unknown as CellOutput;
    new AirCorrection(sites, 1, residuals, means).apply(row.station.lat, row.station.lon, 0, 1, out, 0);
    return {
      code: row.station.code,
      kind: row.kind,
      dataset: row.domain === 'belgium' ? 'nationwide 1 km' : 'hyper-local',
      measured: row.value,
      model: row.model,
      leftOut: out.no2[0]!,
    };
  });
}

const within = (ratio: number) => ratio >= 1 / WITHIN && ratio <= WITHIN;

export function stationsMarkdown(rows: readonly StationRow[]): string {
  if (rows.length === 0) return '';
  const count = (f: (r: StationRow) => number) => rows.filter((r) => within(f(r) / r.measured)).length;
  const medianAbsLog = (f: (r: StationRow) => number) => {
    const logs = rows.map((r) => Math.abs(Math.log(f(r) / r.measured))).sort((a, b) => a - b);
    return Math.exp(logs[Math.floor(logs.length / 2)]!);
  };
  const lines = [
    '',
    `Stations against IRCEL-CELINE's measured ${STATION_YEAR} annual means (NO2 µg/m³; data/sources/irceline, CC BY 4.0, credit IRCEL-CELINE). "model": the reference year at the station; "left out": the stations' correction from every other station's annual residual applied there (scripts/model-validation/stations.ts). Within ×${WITHIN}: model ${count((r) => r.model)} of ${rows.length}, left out ${count((r) => r.leftOut)} of ${rows.length}; median factor off: model ×${medianAbsLog((r) => r.model).toFixed(2)}, left out ×${medianAbsLog((r) => r.leftOut).toFixed(2)}.`,
    '',
    `| station | kind | dataset | measured ${STATION_YEAR} | model | ratio | left out | ratio |`,
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const ratio = (x: number) => `${(x / r.measured).toFixed(2)}${within(x / r.measured) ? '' : ' ✗'}`;
      return `| ${r.code} | ${r.kind} | ${r.dataset} | ${r.measured} | ${r.model.toFixed(1)} | ${ratio(r.model)} | ${r.leftOut.toFixed(1)} | ${ratio(r.leftOut)} |`;
    }),
    '',
  ];
  return lines.join('\n');
}
