import type { LonLat, PolygonRings } from './geometry.ts';

/**
 * How completely a city's buildings are mapped, district by district (issue #33 item 3,
 * "gaps are not fields"). An OpenStreetMap extract can hold built-up land use (`landuse=
 * residential`, `commercial`, …) whose footprints nobody has drawn yet: a model reading
 * only the footprints would take those blocks for open ground. Districts are squares of
 * DISTRICT_M on a side, aligned on the area's south-west corner. In each, the share of
 * built-up land use covered by mapped footprints (`coverage`) is measured on a lattice
 * of LATTICE_M, and compared with the reference coverage of the city's well-mapped
 * districts (the upper quartile: the coverage mapped blocks actually have). A district
 * below half of it is `estimated`: its unmapped ground is taken as built to the share
 * (`builtFraction`) that brings its built-up land use to the reference coverage. A
 * district with too little built-up land use to judge is `mapped`. Everything is
 * arithmetic on the inputs: the same sources give the same figures.
 */
export const DISTRICT_M = 500;
const LATTICE_M = 10;
/** built-up land use a district needs before its coverage is judged, m² */
const MIN_BUILT_UP_M2 = 40_000;
/** a district is estimated below this share of the reference coverage */
const ESTIMATED_BELOW = 0.5;

export interface CompletenessInput {
  /** [west, south, east, north] of the area to measure */
  area: readonly [number, number, number, number];
  buildings: readonly PolygonRings[];
  /** built-up land use (residential, commercial, retail, industrial) */
  builtUp: readonly PolygonRings[];
  /** mapped open land (parks, water, squares): not ground a building could stand on */
  open: readonly PolygonRings[];
}

export interface District {
  id: string;
  /** closed ring, counterclockwise */
  ring: LonLat[];
  geometry: 'mapped' | 'estimated';
  builtUpM2: number;
  /** mapped footprints inside the built-up land use, m² */
  footprintM2: number;
  /** footprintM2 / builtUpM2, null when there is too little built-up land use to judge */
  coverage: number | null;
  /** estimated districts: the share of their unmapped, not open ground taken as built */
  builtFraction: number | null;
}

export interface Completeness {
  referenceCoverage: number;
  districts: District[];
}

interface Lattice {
  west: number;
  south: number;
  dLon: number;
  dLat: number;
  cols: number;
  rows: number;
}

/** marks the lattice points inside the polygons (even–odd over each polygon's rings) */
function burn(l: Lattice, polygons: readonly PolygonRings[], mask: Uint8Array): void {
  for (const rings of polygons) {
    const outer = rings[0];
    if (!outer) continue;
    let w = Infinity;
    let e = -Infinity;
    let s = Infinity;
    let n = -Infinity;
    for (const [lon, lat] of outer) {
      w = Math.min(w, lon);
      e = Math.max(e, lon);
      s = Math.min(s, lat);
      n = Math.max(n, lat);
    }
    const c0 = Math.max(0, Math.ceil((w - l.west) / l.dLon - 0.5));
    const c1 = Math.min(l.cols - 1, Math.floor((e - l.west) / l.dLon - 0.5));
    const r0 = Math.max(0, Math.ceil((s - l.south) / l.dLat - 0.5));
    const r1 = Math.min(l.rows - 1, Math.floor((n - l.south) / l.dLat - 0.5));
    for (let r = r0; r <= r1; r++) {
      const y = l.south + (r + 0.5) * l.dLat;
      for (let c = c0; c <= c1; c++) {
        const x = l.west + (c + 0.5) * l.dLon;
        let inside = false;
        for (const ring of rings)
          for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
            const [xi, yi] = ring[i]!;
            const [xj, yj] = ring[j]!;
            if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
          }
        if (inside) mask[r * l.cols + c] = 1;
      }
    }
  }
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export function measureCompleteness(input: CompletenessInput): Completeness {
  const [west, south, east, north] = input.area;
  const metresPerLat = 111_195;
  const metresPerLon = metresPerLat * Math.cos((((south + north) / 2) * Math.PI) / 180);
  const l: Lattice = {
    west,
    south,
    dLon: LATTICE_M / metresPerLon,
    dLat: LATTICE_M / metresPerLat,
    cols: Math.ceil(((east - west) * metresPerLon) / LATTICE_M),
    rows: Math.ceil(((north - south) * metresPerLat) / LATTICE_M),
  };
  const size = l.cols * l.rows;
  const building = new Uint8Array(size);
  const builtUp = new Uint8Array(size);
  const open = new Uint8Array(size);
  burn(l, input.buildings, building);
  burn(l, input.builtUp, builtUp);
  burn(l, input.open, open);

  const per = DISTRICT_M / LATTICE_M;
  const dCols = Math.ceil(l.cols / per);
  const dRows = Math.ceil(l.rows / per);
  const cellM2 = LATTICE_M * LATTICE_M;
  const tallies = Array.from({ length: dCols * dRows }, () => ({ builtUp: 0, footprint: 0, ground: 0 }));
  for (let r = 0; r < l.rows; r++)
    for (let c = 0; c < l.cols; c++) {
      const i = r * l.cols + c;
      const t = tallies[Math.floor(r / per) * dCols + Math.floor(c / per)]!;
      if (builtUp[i]) {
        t.builtUp++;
        if (building[i]) t.footprint++;
      }
      if (!building[i] && !open[i]) t.ground++;
    }
  const judged = tallies.filter((t) => t.builtUp * cellM2 >= MIN_BUILT_UP_M2);
  const coverages = judged.map((t) => t.footprint / t.builtUp).sort((a, b) => a - b);
  const referenceCoverage = round(coverages[Math.floor(0.75 * (coverages.length - 1))] ?? 0, 3);

  const districts: District[] = [];
  for (let dr = 0; dr < dRows; dr++)
    for (let dc = 0; dc < dCols; dc++) {
      const t = tallies[dr * dCols + dc]!;
      const s = south + dr * per * l.dLat;
      const w = west + dc * per * l.dLon;
      const n = Math.min(north, s + per * l.dLat);
      const e = Math.min(east, w + per * l.dLon);
      const ring: LonLat[] = [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ].map(([lon, lat]) => [round(lon!, 7), round(lat!, 7)] as LonLat);
      const judgedHere = t.builtUp * cellM2 >= MIN_BUILT_UP_M2;
      const coverage = judgedHere ? t.footprint / t.builtUp : null;
      const estimated = coverage !== null && coverage < ESTIMATED_BELOW * referenceCoverage;
      // the footprint area missing for the built-up land use to reach the reference
      // coverage, spread over the district's unmapped ground that is not open land
      const missingM2 = estimated ? (referenceCoverage * t.builtUp - t.footprint) * cellM2 : 0;
      const builtFraction =
        estimated && t.ground > 0 ? Math.min(referenceCoverage, missingM2 / (t.ground * cellM2)) : null;
      districts.push({
        id: `${String.fromCharCode(65 + dr)}${dc + 1}`,
        ring,
        geometry: estimated ? 'estimated' : 'mapped',
        builtUpM2: t.builtUp * cellM2,
        footprintM2: t.footprint * cellM2,
        coverage: coverage === null ? null : round(coverage, 3),
        builtFraction: builtFraction === null ? null : round(builtFraction, 3),
      });
    }
  return { referenceCoverage, districts };
}
