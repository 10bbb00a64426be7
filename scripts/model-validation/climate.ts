import { loadNationalClimate } from '../../src/adapters/cities/national-climate.ts';
import type { CellSeries } from '../../src/domain/grid/model-data.ts';
import type { ModelEngine } from '../../src/model/embedded/compute/engine.ts';
import { cellAt } from '../../src/model/embedded/grid/geometry.ts';
import { localClock } from '../../src/model/embedded/meteo/local-time.ts';
import { HORIZON_DIRECTIONS, ROAD_CLASS, SURFACE } from '../../src/model/embedded/morphology/layout.ts';
import type { Morphology } from '../../src/model/embedded/morphology/morphology.ts';
import {
  saturationVapourPressureHpa,
  utciFromVapourPressure,
} from '../../src/model/embedded/physics/utci.ts';
import { cellsAround, mean } from './air.ts';
import { lawsonScoreOf, NORTH_QUARTER, narrowCanyonsIn, OLD_TOWN, towersIn } from './towers.ts';

/**
 * The climate, wind and time-pattern statistics of issue #16, each with its reference
 * band. Computed on the reference year (2025) through the model engine.
 */
export interface StatRow {
  name: string;
  model: number;
  unit: string;
  /** inclusive band the model must stay in */
  low: number;
  high: number;
  reference: string;
  source: string;
}

const HOUR_MS = 3_600_000;
// the civil clock the model runs on (the national climate's time zone)
const clock = localClock(loadNationalClimate().timeZone);
const local = (ms: number) => clock.read(ms + HOUR_MS / 2);

/** up to `max` matching cells spread evenly over the zone (cells outside it answer the nationwide grid) */
let insideZone: Int32Array | null = null;
function pick(m: Morphology, pred: (i: number) => boolean, max: number, stride = 7): number[] {
  const all: number[] = [];
  for (let i = 0; i < m.rasters.surface.length; i += stride) {
    if ((insideZone?.[i] ?? -1) < 0 && pred(i)) all.push(i);
  }
  const step = Math.max(1, all.length / max);
  const out: number[] = [];
  for (let k = 0; k < all.length && out.length < max; k += step) out.push(all[Math.floor(k)]!);
  return out;
}

function dailyMax(s: CellSeries, f: Float32Array): Map<string, number> {
  const days = new Map<string, number>();
  for (let i = 0; i < s.hours.length; i++) {
    const c = local(s.hours[i]!);
    const key = `${c.month}-${c.day}`;
    days.set(key, Math.max(days.get(key) ?? Number.NEGATIVE_INFINITY, f[i]!));
  }
  return days;
}

function dailyMean(s: CellSeries, f: Float32Array): number[] {
  const sums = new Map<string, [number, number]>();
  for (let i = 0; i < s.hours.length; i++) {
    const c = local(s.hours[i]!);
    const key = `${c.month}-${c.day}`;
    const e = sums.get(key) ?? [0, 0];
    e[0] += f[i]!;
    e[1]++;
    sums.set(key, e);
  }
  return [...sums.values()].map(([a, n]) => a / n);
}

export function climateRows(engine: ModelEngine): StatRow[] {
  const bx = engine.morphology('brussels');
  const be = engine.morphology('belgium');
  const r = bx.rasters;
  insideZone = engine.background('brussels').nationalCell;
  const rows: StatRow[] = [];
  const ref = { kind: 'reference' } as const;
  const at = (lat: number, lon: number) =>
    engine.series('belgium', [cellAt(be.info.grid, lat, lon)], ref)[0]!;

  // heat island: dense Pentagon cells against Brabant countryside brought to the same elevation
  const dense = engine.series(
    'brussels',
    cellsAround(bx, 50.8467, 4.3525, 250, 5).filter((c) => r.builtFraction[c]! >= 0.4),
    ref,
  );
  const ruralCell = cellAt(be.info.grid, 50.72, 4.72);
  const rural = engine.series('belgium', [ruralCell], ref)[0]!;
  const ruralOffset = be.rasters.taOffsetC[ruralCell]!;
  const uhi = rural.hours.map(
    (_, i) => mean(dense.map((s) => s.airTempC[i]!)) - (rural.airTempC[i]! - ruralOffset),
  );
  const calmNights = uhi.filter((_, i) => {
    const h = local(rural.hours[i]!).hour;
    return (h >= 23 || h <= 4) && rural.wind10Ms[i]! < 2;
  });
  rows.push(
    {
      name: 'Heat island, annual mean (Pentagon − countryside)',
      model: mean(uhi),
      unit: 'K',
      low: 0.9,
      high: 1.6,
      reference: '1–1.5',
      source: 'RMI / Hamdi et al. (Brussels UHI studies)',
    },
    {
      name: 'Heat island, calm nights (23–04 h, U10 < 2 m/s)',
      model: mean(calmNights),
      unit: 'K',
      low: 1.8,
      high: 4.2,
      reference: '2–4',
      source: 'RMI urban climate studies',
    },
    {
      name: 'Heat island, maximum hour',
      model: Math.max(...uhi),
      unit: 'K',
      low: 4.5,
      high: 7.5,
      reference: '5–7',
      source: 'RMI urban climate studies',
    },
  );

  // night Tmrt in canyons after hot days
  const canyons = engine.series(
    'brussels',
    pick(bx, (i) => r.roadClass[i] === ROAD_CLASS.local && r.canyonAspect[i]! > 1, 25),
    ref,
  );
  const hotDays = dailyMax(canyons[0]!, canyons[0]!.airTempC);
  const nightDiffs: number[] = [];
  for (const s of canyons) {
    for (let i = 0; i < s.hours.length; i++) {
      const c = local(s.hours[i]!);
      if (c.hour !== 23) continue;
      if ((hotDays.get(`${c.month}-${c.day}`) ?? 0) < 27) continue;
      nightDiffs.push(s.tmrtC[i]! - s.airTempC[i]!);
    }
  }
  rows.push({
    name: 'Tmrt − Ta in canyons at 23 h after hot days (Tmax ≥ 27 °C)',
    model: mean(nightDiffs),
    unit: 'K',
    low: -5.5,
    high: 0.5,
    reference: '0 … −5',
    source: 'DOMAIN.md §2.6; canyon measurements (Thorsson et al.)',
  });

  // street shade at high sun: H/W ≈ 1 canyons, sun at 62° from the south
  const hw1 = pick(
    bx,
    (i) => r.surface[i] === SURFACE.road && r.canyonAspect[i]! >= 0.8 && r.canyonAspect[i]! <= 1.25,
    2000,
    7,
  );
  const south = HORIZON_DIRECTIONS / 2;
  const shaded = hw1.filter((c) => r.horizon[c * HORIZON_DIRECTIONS + south]! / 2 > 62).length / hw1.length;
  rows.push({
    name: 'Shaded share of H/W ≈ 1 streets, sun 62° south',
    model: 100 * shaded,
    unit: '%',
    low: 25,
    high: 50,
    reference: '≈ 34 (0.53·2/π over street orientations)',
    source: 'canyon geometry; issue #16: 35–45',
  });

  // summer afternoon: streets vs open squares
  const streets = engine.series(
    'brussels',
    pick(bx, (i) => r.surface[i] === SURFACE.road, 30, 41),
    ref,
  );
  const squares = engine.series(
    'brussels',
    pick(bx, (i) => r.surface[i] === SURFACE.plaza && r.svf[i]! > 0.8 && r.canopy[i] === 0, 20, 11),
    ref,
  );
  let st = 0;
  let sq = 0;
  for (let i = 0; i < streets[0]!.hours.length; i++) {
    const d = new Date(streets[0]!.hours[i]!);
    if (d.getUTCMonth() < 5 || d.getUTCMonth() > 7 || d.getUTCHours() !== 13 || streets[0]!.ghiWm2[i]! < 600)
      continue;
    st += mean(streets.map((s) => s.tmrtC[i]!));
    sq += mean(squares.map((s) => s.tmrtC[i]!));
  }
  rows.push({
    name: 'Summer 15 h Tmrt, streets / open squares',
    model: st / sq,
    unit: 'ratio',
    // 0.65: half to three quarters of a H/W ≈ 1–1.5 street floor is shaded at 45–50° sun
    low: 0.65,
    high: 0.99,
    reference: '< 1 (streets partly shaded)',
    source: 'DOMAIN.md §2.6 (sun–shade ΔTmrt 10–30 K)',
  });

  // summer noon under the park's trees against the paved Grand-Place (issue #47 item 3)
  const parkTrees = engine.series('brussels', cellsAround(bx, 50.8455, 4.3633, 100), ref);
  const grandPlace = engine.series('brussels', cellsAround(bx, 50.8467, 4.3525, 25), ref);
  let gap = 0;
  let sunny = 0;
  for (let i = 0; i < parkTrees[0]!.hours.length; i++) {
    const c = local(parkTrees[0]!.hours[i]!);
    if (c.month < 6 || c.month > 8 || c.hour < 12 || c.hour > 14 || parkTrees[0]!.ghiWm2[i]! <= 600) continue;
    gap += mean(grandPlace.map((s) => s.tmrtC[i]!)) - mean(parkTrees.map((s) => s.tmrtC[i]!));
    sunny++;
  }
  rows.push({
    name: 'Sunny summer noon Tmrt, Grand-Place − Parc de Bruxelles',
    model: gap / sunny,
    unit: 'K',
    low: 10,
    high: 30,
    reference: '10–30 (sun → tree shade)',
    source: 'DOMAIN.md §2.6 (sun–shade ΔTmrt 10–30 K)',
  });
  // issue #47: the park on foot and in the heat, against the open squares beside it
  const placeRoyale = engine.series('brussels', cellsAround(bx, 50.8423, 4.36, 30), ref);
  const meanWind = (group: CellSeries[]) => mean(group.map((s) => mean(s.ucomfort)));
  rows.push({
    name: 'Mean pedestrian wind, Parc de Bruxelles / the open squares (Place Royale, Grand-Place)',
    model: meanWind(parkTrees) / meanWind([...placeRoyale, ...grandPlace]),
    unit: 'ratio',
    low: 0.4,
    high: 0.95,
    reference: '< 1: 0.4–0.6 of the open value under a closed canopy',
    source: 'issue #47; park wind measurements (docs/model.md, Trees)',
  });
  // a cell's days whose hottest hour is in strong heat stress, averaged over the place's cells
  const placeHeatDays = (group: CellSeries[]) =>
    mean(group.map((s) => [...dailyMax(s, s.utci).values()].filter((v) => v > 32).length));
  rows.push({
    name: 'Strong-heat-stress days (UTCI > 32), Parc de Bruxelles / Grand-Place',
    model: placeHeatDays(parkTrees) / Math.max(1, placeHeatDays(grandPlace)),
    unit: 'ratio',
    low: 0,
    high: 0.5,
    reference: 'at most half (tree shade)',
    source: 'issue #47',
  });

  // weekday / Sunday pattern at Arts-Loi
  const artsLoi = engine.series('brussels', cellsAround(bx, 50.8456, 4.3694, 15), ref)[0]!;
  const byKind = (wd: (w: number) => boolean, hour?: number) =>
    mean(
      artsLoi.no2.filter((_, i) => {
        const c = local(artsLoi.hours[i]!);
        return wd(c.weekday) && (hour === undefined || c.hour === hour);
      }),
    );
  const weekdayMean = byKind((w) => w < 5);
  rows.push(
    {
      name: 'NO2 Sunday / weekday (Arts-Loi)',
      model: byKind((w) => w === 6) / weekdayMean,
      unit: 'ratio',
      low: 0.55,
      high: 0.75,
      reference: '0.6–0.7',
      source: 'IRCEL weekly cycles; DOMAIN.md §4.4',
    },
    {
      name: 'NO2 Saturday / weekday (Arts-Loi)',
      model: byKind((w) => w === 5) / weekdayMean,
      unit: 'ratio',
      low: 0.7,
      high: 0.9,
      reference: 'between Sunday and weekday',
      source: 'IRCEL weekly cycles',
    },
    {
      name: 'NO2 Sunday 08 h / Sunday 13 h (no morning rush)',
      model: byKind((w) => w === 6, 8) / byKind((w) => w === 6, 13),
      unit: 'ratio',
      low: 0.4,
      high: 1.0,
      reference: '< 1 (weekdays > 1)',
      source: 'IRCEL weekly cycles; issue #16',
    },
    {
      name: 'NO2 weekday 08 h / weekday 13 h (morning rush)',
      model: byKind((w) => w < 5, 8) / byKind((w) => w < 5, 13),
      unit: 'ratio',
      low: 1.15,
      high: 2.5,
      reference: '> 1',
      source: 'DOMAIN.md §4.5',
    },
  );

  // ozone and PM10 episodes
  const park = engine.series('brussels', cellsAround(bx, 50.8447, 4.3638, 40, 4), ref)[0]!;
  rows.push({
    name: 'O3 highest hour (Parc de Bruxelles)',
    model: Math.max(...park.o3),
    unit: 'µg/m³',
    low: 140,
    high: 230,
    reference: '150–220 (heat-wave summers)',
    source: 'IRCEL ozone reports',
  });
  const pm10Days = dailyMean(artsLoi, artsLoi.pm10).filter((v) => v > 50).length;
  rows.push({
    name: 'PM10 days with daily mean > 50 (Arts-Loi)',
    model: pm10Days,
    unit: 'days',
    low: 1,
    high: 15,
    reference: '≈ 2–10',
    source: 'Brussels Environment annual reports 2022–24',
  });

  // forecast skill: hourly NO2 RMS error relative to the observed mean, day one and two
  let se = 0;
  let obs = 0;
  let n = 0;
  const busy = cellsAround(bx, 50.8456, 4.3694, 15).slice(0, 1);
  for (let k = 0; k < 24; k++) {
    // a year after the reference year: there the observed hours are the generated weather
    // the forecasts forecast (the reference year's are the measured year, v1.4)
    const issued = Date.UTC(2026, 0, 5) + k * 15 * 24 * HOUR_MS + (k % 4) * 6 * HOUR_MS;
    const f = engine.series('brussels', busy, { kind: 'forecast', issuedMs: issued })[0]!;
    const o = engine.series('brussels', busy, {
      kind: 'observed',
      fromMs: f.hours[0]!,
      toMs: f.hours[f.hours.length - 1]!,
    })[0]!;
    const index = new Map<number, number>(Array.from(o.hours, (h, i) => [h, o.no2[i]!]));
    f.hours.forEach((h, i) => {
      const v = index.get(h);
      if (v === undefined) return;
      se += (f.no2[i]! - v) ** 2;
      obs += v;
      n++;
    });
  }
  rows.push({
    name: 'NO2 forecast RMS error, +1…+48 h (relative to mean)',
    model: (100 * Math.sqrt(se / n)) / (obs / n),
    unit: '%',
    low: 28,
    high: 55,
    reference: '30–50',
    source: 'CAMS / IRCEL forecast evaluations',
  });

  // the generator's wind rose (the live product's weather without feeds), over a generated
  // year: the reference year's hours are the measured Uccle year since v1.4
  const uccle = at(50.7968, 4.3585);
  const generatedUccle = engine.series('belgium', [cellAt(be.info.grid, 50.7968, 4.3585)], {
    kind: 'observed',
    fromMs: Date.UTC(2026, 0, 1),
    toMs: Date.UTC(2026, 11, 31, 23),
  })[0]!;
  let strong = 0;
  let fromWest = 0;
  let fromNeES = 0;
  for (let i = 0; i < generatedUccle.hours.length; i++) {
    if (generatedUccle.wind10Ms[i]! <= 8) continue;
    strong++;
    const d = generatedUccle.windDirDeg[i]!;
    if (d >= 202.5 && d < 292.5) fromWest++;
    if ((d >= 22.5 && d < 112.5) || (d >= 157.5 && d < 202.5)) fromNeES++;
  }
  rows.push(
    {
      name: 'Generated weather: hours with U10 > 8 m/s from SW–W',
      model: (100 * fromWest) / strong,
      unit: '%',
      low: 60,
      high: 95,
      reference: 'most (≈ 70–85)',
      source: 'RMI; RWDI (DOMAIN.md §5)',
    },
    {
      name: 'Generated weather: hours with U10 > 8 m/s from NE, E or S',
      model: (100 * fromNeES) / strong,
      unit: '%',
      low: 0,
      high: 15,
      reference: 'few',
      source: 'RMI wind roses',
    },
  );
  const ratio = (s: CellSeries) => {
    let a = 0;
    let b = 0;
    for (let i = 0; i < s.hours.length; i++) {
      if (s.wind10Ms[i]! < 3) continue;
      a += s.ucomfort[i]!;
      b += s.wind10Ms[i]!;
    }
    return a / b;
  };
  const yards = engine.series(
    'brussels',
    pick(bx, (i) => r.surface[i] === SURFACE.yard && r.svf[i]! < 0.65, 30, 53),
    ref,
  );
  rows.push({
    name: 'Enclosed courtyards (SVF < 0.65): pedestrian / 10 m wind',
    model: mean(yards.map(ratio)),
    unit: 'ratio',
    low: 0.08,
    high: 0.22,
    reference: '0.1–0.2',
    source: 'wind-engineering practice (DOMAIN.md §3)',
  });
  const tall = (i: number) => r.heightM[i]! >= 60;
  const g = bx.info.grid;
  const corners = engine.series(
    'brussels',
    pick(
      bx,
      (i) => r.surface[i] !== SURFACE.building && [-2, 2, -2 * g.cols, 2 * g.cols].some((d) => tall(i + d)),
      60,
      3,
    ),
    ref,
  );
  // in the prevailing wind only: a corner stream is a corner's for some directions, and
  // the wake's for others (tall-building-wind.ts)
  const southWest = (s: CellSeries) => {
    let a = 0;
    let b = 0;
    for (let i = 0; i < s.hours.length; i++) {
      if (s.wind10Ms[i]! < 3 || s.windDirDeg[i]! < 200 || s.windDirDeg[i]! > 250) continue;
      a += s.ucomfort[i]!;
      b += s.wind10Ms[i]!;
    }
    return b > 0 ? a / b : 0;
  };
  rows.push({
    name: 'Tower corners (≥ 60 m) in a south-west wind: highest pedestrian / 10 m wind',
    model: Math.max(...corners.map(southWest)),
    unit: 'ratio',
    low: 0.8,
    high: 1.3,
    reference: "0.8–0.95: AIJ's 1.2–1.4 over an open road's 0.68",
    source: 'Tominaga et al. 2008 (AIJ isolated high-rise); DOMAIN.md §3 (1.2–2, unverified)',
  });
  // issue #47: the North quarter's towers in the wind, against the old town's canyons
  const towerScores = towersIn(bx, 80, 2, NORTH_QUARTER).map((tower) =>
    Math.min(...engine.series('brussels', tower.bases, ref).map(lawsonScoreOf)),
  );
  rows.push({
    name: "North quarter's towers (≥ 80 m): the calmest tower's windiest-base Lawson score",
    model: Math.max(...towerScores),
    unit: 'score',
    low: 2,
    high: 6,
    reference: 'standing or worse (≤ 6), not unsafe',
    source: 'issue #47; corner streams 1.2–2.5 (Tominaga et al. 2008; Stathopoulos 1985)',
  });
  const canyonScores = engine
    .series('brussels', narrowCanyonsIn(bx, OLD_TOWN, 40), ref)
    .map(lawsonScoreOf)
    .sort((a, b) => a - b);
  rows.push({
    name: 'Old-town narrow canyons (H/W > 1.2): median Lawson score',
    model: canyonScores[Math.floor(canyonScores.length / 2)]!,
    unit: 'score',
    low: 8,
    high: 10,
    reference: 'calm: sitting (8–10)',
    source: 'issue #47; sheltered canyons 0.2–0.5 of the 10 m wind (DOMAIN.md §3)',
  });

  // UTCI exactly from the cell's own state, at a windy upland cell
  const upland = at(50.5, 6.0);
  let worst = 0;
  for (let i = 0; i < upland.hours.length; i += 5) {
    const e = (upland.relHumidityPct[i]! / 100) * saturationVapourPressureHpa(upland.airTempC[i]!);
    const u = utciFromVapourPressure(upland.airTempC[i]!, upland.tmrtC[i]!, 1.5 * upland.ucomfort[i]!, e);
    worst = Math.max(worst, Math.abs(u - upland.utci[i]!));
  }
  rows.push({
    name: 'UTCI vs the full polynomial at the cell (Hautes Fagnes)',
    model: worst,
    unit: 'K',
    low: 0,
    high: 0.1,
    reference: '≤ 0.1',
    source: 'Bröde et al. 2012 polynomial',
  });

  // regional climate
  const oostende = at(51.2255, 2.9135);
  const ardennes = at(50.02, 5.4);
  const heatDays = (s: CellSeries) => [...dailyMax(s, s.utci).values()].filter((v) => v > 32).length;
  rows.push(
    {
      name: 'Strong-heat-stress days (UTCI > 32): Oostende / Uccle',
      model: heatDays(oostende) / Math.max(1, heatDays(uccle)),
      unit: 'ratio',
      low: 0,
      high: 0.5,
      reference: 'far fewer (sea breeze)',
      source: 'RMI climatology',
    },
    {
      name: 'Mean air temperature: Saint-Hubert area − Uccle',
      model: mean(ardennes.airTempC) - mean(uccle.airTempC),
      unit: 'K',
      low: -3.6,
      high: -2.2,
      reference: '≈ −3 (7.6 vs 10.6 °C)',
      source: 'RMI 1991–2020 normals',
    },
    {
      name: 'January mean temperature: Oostende − Uccle',
      model: monthMean(oostende, 0) - monthMean(uccle, 0),
      unit: 'K',
      low: 0.3,
      high: 1.8,
      reference: '≈ +0.5…+1 (milder winter)',
      source: 'RMI climatology',
    },
    {
      name: 'July mean daily max: Oostende − Uccle',
      model: monthMaxMean(oostende, 6) - monthMaxMean(uccle, 6),
      unit: 'K',
      low: -3,
      high: -0.8,
      reference: '≈ −1.5…−2.5 (sea breeze)',
      source: 'RMI climatology',
    },
    {
      name: 'Lowest UTCI of the year, Ardennes',
      model: Math.min(...ardennes.utci),
      unit: '°C',
      low: -42,
      high: -15,
      reference: '≈ −30…−35 (residual, see Limits)',
      source: 'issue #16 (−46 before v1.1)',
    },
    {
      name: 'Mean 10 m-equivalent wind: Oostende / Uccle',
      model: mean(oostende.ucomfort) / mean(uccle.ucomfort),
      unit: 'ratio',
      low: 1.2,
      high: 2.2,
      reference: '≈ 1.4–1.8',
      source: 'RMI climatology',
    },
  );
  return rows;
}

function monthMean(s: CellSeries, month: number): number {
  return mean(s.airTempC.filter((_, i) => new Date(s.hours[i]!).getUTCMonth() === month));
}

function monthMaxMean(s: CellSeries, month: number): number {
  const inMonth = { ...s, hours: s.hours.filter((h) => new Date(h).getUTCMonth() === month) } as CellSeries;
  const temps = s.airTempC.filter((_, i) => new Date(s.hours[i]!).getUTCMonth() === month);
  return mean([...dailyMax(inMonth, temps).values()]);
}
