/**
 * Reference figures the model is validated against (issue #16). Air-quality values are
 * rounded annual means 2022–2024 of the IRCEL-CELINE / Brussels Environment networks as
 * read by the author (approximate; the Brussels ranges are those of the domain
 * review and DOMAIN.md §4.4); climate figures are RMI climatology as quoted in DOMAIN.md §5.
 */
export type SiteKind =
  | 'traffic'
  | 'urban background'
  | 'suburban'
  | 'rural'
  | 'forest'
  | 'coast'
  | 'Ardennes'
  | 'industrial'
  | 'square'
  | 'park';

export interface Site {
  name: string;
  kind: SiteKind;
  lat: number;
  lon: number;
  /** annual mean NO2 and PM2.5, µg/m³ */
  no2: number;
  pm25: number;
  source: string;
}

const IRCEL = 'IRCEL-CELINE annual means 2022–24 (rounded)';
const BXL = 'Brussels Environment annual means 2022–24 (rounded)';

export const SITES: readonly Site[] = [
  {
    name: 'Arts-Loi (rue de la Loi × small ring)',
    kind: 'traffic',
    lat: 50.8456,
    lon: 4.3694,
    no2: 36,
    pm25: 10.5,
    source: `${BXL}; DOMAIN.md §4.4 busy streets 30–50`,
  },
  {
    name: 'Sainctelette (small ring, canal)',
    kind: 'traffic',
    // Place Sainctelette on the OSM map (the synthetic city had its ring 500 m south-west)
    lat: 50.8585,
    lon: 4.347,
    no2: 40,
    pm25: 10.5,
    source: 'ExpAIR Jun 2023–Jun 2024 (DOMAIN.md §4.4)',
  },
  {
    name: 'Sainte-Catherine (Pentagon)',
    kind: 'urban background',
    lat: 50.8505,
    lon: 4.3478,
    no2: 24,
    pm25: 9.5,
    source: BXL,
  },
  {
    name: 'Grand-Place',
    kind: 'square',
    lat: 50.8467,
    lon: 4.3525,
    no2: 22,
    pm25: 9.5,
    source: 'CurieuzenAir 2021 Pentagon squares, scaled to the annual mean',
  },
  {
    name: 'Parc de Bruxelles',
    kind: 'park',
    lat: 50.8447,
    lon: 4.3638,
    no2: 20,
    pm25: 9,
    source: `${BXL} (Parlement européen, Parc Léopold)`,
  },
  {
    name: 'Uccle (RMI, 41R012)',
    kind: 'urban background',
    lat: 50.7968,
    lon: 4.3585,
    no2: 14.5,
    pm25: 8.5,
    source: `${BXL}; issue #16: 13–16`,
  },
  {
    name: 'Berchem-Sainte-Agathe',
    kind: 'suburban',
    lat: 50.8652,
    lon: 4.2922,
    no2: 18,
    pm25: 9,
    source: BXL,
  },
  {
    name: 'Haren (41N043, motorway and industry)',
    kind: 'industrial',
    lat: 50.8856,
    lon: 4.4037,
    no2: 26.5,
    pm25: 10,
    source: `${BXL}; issue #16: 25–28`,
  },
  {
    name: 'Forêt de Soignes',
    kind: 'forest',
    lat: 50.775,
    lon: 4.42,
    no2: 8,
    pm25: 7.5,
    source: 'CurieuzenAir 2021 (cleanest 6.5); issue #16: 6.5–10',
  },
  {
    name: 'Gent, Baudelopark',
    kind: 'urban background',
    lat: 51.0585,
    lon: 3.7293,
    no2: 21,
    pm25: 9.5,
    source: IRCEL,
  },
  { name: 'Oostende', kind: 'coast', lat: 51.2255, lon: 2.9135, no2: 15, pm25: 8.5, source: IRCEL },
  {
    name: 'Houtem (rural West Flanders)',
    kind: 'rural',
    lat: 51.016,
    lon: 2.5815,
    no2: 10,
    pm25: 8.5,
    source: IRCEL,
  },
  { name: 'Dessel (Campine)', kind: 'rural', lat: 51.2365, lon: 5.1135, no2: 11, pm25: 8, source: IRCEL },
  {
    name: 'Sainte-Ode (Ardennes)',
    kind: 'Ardennes',
    lat: 50.0117,
    lon: 5.5925,
    no2: 5,
    pm25: 6,
    source: `${IRCEL}; issue #16: 4–6`,
  },
];

/** the band an annual-mean ratio model/reference must stay in */
export const AIR_RATIO_BAND = 1.3;
