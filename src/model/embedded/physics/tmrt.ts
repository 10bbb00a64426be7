/**
 * Mean radiant temperature of a standing person in a street-grid cell: the
 * six-directional method (Höppe 1992; Thorsson et al. 2007) with the fluxes of a cell
 * approximated from its sky-view factor ψ and shadow flag s (DOMAIN.md §2.2).
 * Absorptivities αk 0.70, εp 0.97; view factors Fup 0.06, Fside 0.22, fcyl 0.28.
 */
const SIGMA = 5.670374419e-8;
const ALPHA_K = 0.7;
const EPS_P = 0.97;
const F_UP = 0.06;
const F_SIDE = 0.22;
const F_CYL = 0.28;
const RHO_GROUND = 0.15;
const RHO_WALL = 0.25;
const EPS_SURFACE = 0.95;

export interface RadiantInputs {
  /** direct normal and diffuse horizontal irradiance, global horizontal, W/m² */
  directNormal: number;
  diffuse: number;
  ghi: number;
  sunElevationDeg: number;
  /** longwave from the sky, W/m² (εsky σ Ta⁴) */
  skyLongwave: number;
  /** sky-view factor and sunlit fraction of the cell */
  svf: number;
  sunlit: number;
  /** wall and ground surface temperatures, °C */
  wallC: number;
  groundC: number;
}

export function meanRadiantTemperature(p: RadiantInputs): number {
  const h = (p.sunElevationDeg * Math.PI) / 180;
  return meanRadiantTemperatureOf(
    p.directNormal,
    p.diffuse,
    p.ghi,
    Math.max(0, Math.sin(h)),
    Math.cos(h),
    p.skyLongwave,
    p.svf,
    p.sunlit,
    p.wallC,
    p.groundC,
  );
}

/** the same with positional arguments, for the per-cell hot loop (no object per call) */
export function meanRadiantTemperatureOf(
  directNormal: number,
  diffuse: number,
  ghi: number,
  /** sine (0 below the horizon) and cosine of the sun's elevation */
  sinH: number,
  cosH: number,
  skyLongwave: number,
  svf: number,
  sunlitFraction: number,
  wallC: number,
  groundC: number,
): number {
  const beam = sunlitFraction * directNormal * sinH;
  const psi = svf;
  const kDown = beam + psi * diffuse + (1 - psi) * RHO_WALL * ghi;
  const kUp = RHO_GROUND * (beam + psi * diffuse);
  const kSide = 0.5 * psi * diffuse + 0.5 * kUp;
  const wallT = wallC + 273.15;
  const groundT = groundC + 273.15;
  const wallLw = EPS_SURFACE * SIGMA * wallT * wallT * wallT * wallT;
  const lDown = psi * skyLongwave + (1 - psi) * wallLw;
  const lUp = EPS_SURFACE * SIGMA * groundT * groundT * groundT * groundT;
  const lSide = 0.5 * lDown + 0.5 * lUp;
  const direct = sinH > 0 ? F_CYL * sunlitFraction * directNormal * cosH : 0;
  const absorbed =
    ALPHA_K * (direct + F_UP * (kDown + kUp) + 4 * F_SIDE * kSide) +
    EPS_P * (F_UP * (lDown + lUp) + 4 * F_SIDE * lSide);
  return Math.sqrt(Math.sqrt(absorbed / (EPS_P * SIGMA))) - 273.15;
}
