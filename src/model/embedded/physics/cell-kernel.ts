import type { CellSeries, Physics } from '../../../domain/grid/model-data.ts';
import type { Background } from '../compute/background.ts';
import { HORIZON_DIRECTIONS, SURFACE, WIND_SECTORS } from '../morphology/layout.ts';
import type { Morphology } from '../morphology/morphology.ts';
import type { HourTable } from './hour-state.ts';
import { modelsDispersion } from './modelled-physics.ts';
import { meanRadiantTemperatureOf } from './tmrt.ts';
import {
  evalLocalUtci,
  saturationVapourPressureHpa,
  UTCI_LOCAL_SIZE,
  utciFromVapourPressure,
} from './utci.ts';

/**
 * The physics of one cell over a run of hours: local air temperature (heat island,
 * elevation), pedestrian wind and gusts from direction-dependent factors, shadow and
 * sky view for radiation and UTCI, and pollution from background plus road exposure.
 */
/** A cell's series without its address (which cell, which hours): what the kernel fills in. */
export type CellOutput = Omit<CellSeries, 'cell' | 'hours'>;

export type OutputField = keyof CellOutput;

/**
 * what a caller needs, by physics (domain/grid/model-output.ts): all of them for a cell's
 * series, or those of a layer's metric; UTCI reads the flow's wind, so it runs the flow too
 */
export type KernelWants = Readonly<Record<Physics, boolean>>;

interface SurfaceTraits {
  groundGain: number;
  /** tree cover where the cell's own canopy is not known (a plan's park, a private garden) */
  canopy: number;
}
const TRAITS: Record<number, SurfaceTraits> = {
  [SURFACE.road]: { groundGain: 0.017, canopy: 0 },
  [SURFACE.plaza]: { groundGain: 0.017, canopy: 0 },
  [SURFACE.park]: { groundGain: 0.007, canopy: 0.55 },
  [SURFACE.water]: { groundGain: 0.002, canopy: 0 },
  [SURFACE.yard]: { groundGain: 0.011, canopy: 0.25 },
  [SURFACE.land]: { groundGain: 0.01, canopy: 0 },
};

/**
 * Trees (docs/model.md, the Trees paragraph): a crown passes about a tenth of the sun in leaf and
 * well over half of it bare, so its shade follows the season; in leaf and in the sun it
 * also cools the air beneath by transpiration.
 */
const LEAF_ON_TRANSMISSIVITY = 0.1;
const LEAF_OFF_TRANSMISSIVITY = 0.6;
/** air cooling under a closed canopy in full summer sun, K (park cool islands of 1–2 K by day) */
const CANOPY_COOLING_K = 1.5;

/** 1 in full leaf (mid-May to late September), 0 bare (mid-April and after late October) */
export function leafOn(winter: number): number {
  return Math.min(1, Math.max(0, (0.05 - winter) / 0.5));
}

/**
 * Maritime climate: the sea keeps the coast warmer in winter and damps both the daily
 * cycle and weather anomalies (sea breeze on hot afternoons; Oostende vs Uccle, RMI).
 */
function coastShift(t: HourTable, i: number, maritime: number): number {
  if (maritime === 0) return 0;
  return maritime * (0.9 * t.winter[i]! - 0.4 * (t.taC[i]! - t.taNormalC[i]!));
}

export function computeCell(
  m: Morphology,
  cell: number,
  t: HourTable,
  from: number,
  to: number,
  out: CellOutput,
  outOffset: number,
  wants: KernelWants,
  bg: Background,
): void {
  // the hour table's columns as locals: one property lookup per call, not per hour
  const {
    cloud,
    cosElev,
    dewPointC,
    diffuse,
    directNormal,
    ghi,
    gustiness,
    lnEs0,
    lnEs1,
    lnEs2,
    no2Regional,
    no2Traffic,
    no2Urban,
    o3Regional,
    pm10Coarse,
    pm10Traffic,
    pm25Regional,
    pm25Traffic,
    pm25Urban,
    rhPct,
    sinElev,
    skyLongwave,
    storedHeatC,
    sunAz,
    sunElev,
    taC,
    uhiC,
    vapourHpa,
    wind10,
    windDir,
    winter,
  } = t;
  const utciTable = t.utci;
  const r = m.rasters;
  const surface = r.surface[cell]!;
  const building = surface === SURFACE.building;
  const maritime = bg.maritime[cell]!;
  for (let i = from, o = outOffset; i < to; i++, o++) {
    out.airTempC[o] = taC[i]! + r.taOffsetC[cell]! + coastShift(t, i, maritime);
    out.relHumidityPct[o] = rhPct[i]!;
    out.wind10Ms[o] = wind10[i]!;
    out.windDirDeg[o] = windDir[i]!;
    out.ghiWm2[o] = ghi[i]!;
  }
  if (building) {
    for (const f of ['no2', 'pm25', 'pm10', 'o3', 'ucomfort', 'ugust', 'utci', 'tmrtC'] as const) {
      out[f].fill(Number.NaN, outOffset, outOffset + (to - from));
    }
    return;
  }
  const exposure = r.trafficExposure[cell]! * bg.exposureScale[cell]!;
  // the background the cell sits in comes from the nationwide field (see background.ts)
  const urban = bg.urban[cell]!;
  const regionalFactor = bg.regional[cell]!;
  const built = r.builtFraction[cell]!;
  const taOffset = r.taOffsetC[cell]!;
  const turbulence = r.turbulence[cell]!;
  const traits = TRAITS[surface] ?? TRAITS[SURFACE.road]!;
  const known = r.canopy[cell]!;
  const canopy = known > 0 ? known / 100 : traits.canopy;
  const svf = r.svf[cell]! * (1 - 0.45 * canopy);
  const wf = cell * WIND_SECTORS;
  const hz = cell * HORIZON_DIRECTIONS;
  const doDispersion = wants.dispersion && modelsDispersion(m.info.models);
  const doFlow = wants.flow || wants.utci;
  const hasWalls = m.info.hasBuildings;
  for (let i = from, o = outOffset; i < to; i++, o++) {
    if (doDispersion) {
      const regional = no2Regional[i]! * regionalFactor;
      const no2 = regional + no2Urban[i]! * urban + no2Traffic[i]! * exposure;
      out.no2[o] = no2;
      out.pm25[o] =
        pm25Regional[i]! * (0.7 + 0.3 * regionalFactor) + pm25Urban[i]! * urban + pm25Traffic[i]! * exposure;
      out.pm10[o] = out.pm25[o]! + pm10Coarse[i]! + pm10Traffic[i]! * exposure;
      // titration: local NO emissions consume ozone where NO2 is raised above the regional level
      out.o3[o] = Math.max(2, o3Regional[i]! - 0.75 * (no2 - regional));
    } else if (wants.dispersion) {
      out.no2[o] = Number.NaN;
      out.pm25[o] = Number.NaN;
      out.pm10[o] = Number.NaN;
      out.o3[o] = Number.NaN;
    }
    let ucomfort = 0;
    if (doFlow) {
      const pos = windDir[i]! / (360 / WIND_SECTORS);
      const k0 = Math.floor(pos);
      const f = pos - k0;
      const a0 = r.windFactor[wf + (k0 % WIND_SECTORS)]!;
      const a1 = r.windFactor[wf + ((k0 + 1) % WIND_SECTORS)]!;
      ucomfort = (wind10[i]! * (a0 + f * (a1 - a0))) / 100;
      out.ucomfort[o] = ucomfort;
      out.ugust[o] = ucomfort * (1 + 3.5 * turbulence * gustiness[i]!);
    }
    if (wants.utci) {
      // heat island per unit of built-up share (0.45 ≈ a dense centre)
      const leaf = leafOn(winter[i]!);
      const ta =
        taC[i]! +
        taOffset +
        coastShift(t, i, maritime) +
        uhiC[i]! * Math.min(1, built / 0.45) * urban -
        CANOPY_COOLING_K * canopy * leaf * Math.min(1, ghi[i]! / 600);
      const elev = sunElev[i]!;
      let sunlit = 0;
      if (elev > 0) {
        const pos = sunAz[i]! / (360 / HORIZON_DIRECTIONS);
        const k0 = Math.floor(pos);
        const f = pos - k0;
        const h0 = r.horizon[hz + (k0 % HORIZON_DIRECTIONS)]!;
        const h1 = r.horizon[hz + ((k0 + 1) % HORIZON_DIRECTIONS)]!;
        const horizonDeg = (h0 + f * (h1 - h0)) / 2;
        const transmitted =
          LEAF_OFF_TRANSMISSIVITY + leaf * (LEAF_ON_TRANSMISSIVITY - LEAF_OFF_TRANSMISSIVITY);
        sunlit = Math.min(1, Math.max(0, (elev - horizonDeg) / 2 + 0.5)) * (1 - canopy * (1 - transmitted));
        // a 1 km cell without buildings: the share of its ground in building and tree shade
        if (!m.info.hasBuildings) sunlit *= 1 - 0.8 * built;
      }
      const sinH = sinElev[i]!;
      const beam = sunlit * directNormal[i]! * sinH;
      const cooling = elev < 0 ? 2.5 * svf * (1 - cloud[i]!) : 0;
      // the day's heat released by walls and paving, the more so the deeper the canyon
      const stored = hasWalls ? storedHeatC[i]! * (1 - 0.5 * svf) : 0;
      const tmrt = meanRadiantTemperatureOf(
        directNormal[i]!,
        diffuse[i]!,
        ghi[i]!,
        sinH,
        cosElev[i]!,
        skyLongwave[i]!,
        svf,
        sunlit,
        ta + 0.006 * ghi[i]! + stored,
        ta + traits.groundGain * (beam + 0.3 * svf * diffuse[i]!) - cooling + stored,
      );
      out.airTempC[o] = ta;
      out.tmrtC[o] = tmrt;
      // the cell's own air temperature, wind, Tmrt and the hour's vapour pressure (the
      // air's water content is the domain's: a warmer street has a lower RH)
      let saturated = false;
      if (ta !== taC[i]!) {
        saturated = ta < dewPointC[i]!;
        const d = ta - taC[i]!;
        const es = Math.exp(lnEs0[i]! + d * (lnEs1[i]! + 0.5 * d * lnEs2[i]!));
        out.relHumidityPct[o] = saturated ? 100 : Math.min(100, (100 * vapourHpa[i]!) / es);
      }
      // colder than the domain and saturated (uplands): the excess condenses
      out.utci[o] = saturated
        ? utciFromVapourPressure(ta, tmrt, 1.5 * ucomfort, saturationVapourPressureHpa(ta))
        : evalLocalUtci(utciTable, i * UTCI_LOCAL_SIZE, ta, 1.5 * ucomfort, tmrt - ta);
    }
  }
}
