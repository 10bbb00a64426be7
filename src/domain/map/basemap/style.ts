import { BASEMAP_LAYERS, BASEMAP_MAXZOOM, BASEMAP_MINZOOM } from './tile.ts';

/**
 * The basemap's MapLibre style (style spec v8) and TileJSON for one city: a light, quiet
 * map (greys, pale green and blue) so that the data layers drawn over it keep their
 * colours, with street and place names on top. Links are relative and start with /v1,
 * as every link in a body of this API, unless PUBLIC_BASE_URL makes them absolute.
 * Data layers go below the first label layer (`BASEMAP_LABELS_BEFORE`).
 */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const BASEMAP_FONTS = { regular: 'Inter Regular', bold: 'Inter SemiBold' } as const;
/** the first label layer: a client inserts its data layers before it */
export const BASEMAP_LABELS_BEFORE = 'road-label';

export interface BasemapStyleInput {
  cityId: string;
  cityName: string;
  cityAttribution: string;
  /** [west, south, east, north] of the city's package */
  bounds: [number, number, number, number];
  publicBaseUrl?: string | undefined;
}

export function basemapAttribution(cityAttribution: string): string {
  return `${OSM_ATTRIBUTION}; ${cityAttribution}`;
}

function links(input: BasemapStyleInput) {
  const base = `${input.publicBaseUrl ?? ''}/v1/basemap`;
  return {
    tiles: `${base}/${input.cityId}/{z}/{x}/{y}.mvt`,
    tilejson: `${base}/${input.cityId}/tiles.json`,
    glyphs: `${base}/glyphs/{fontstack}/{range}.pbf`,
  };
}

function centre(bounds: BasemapStyleInput['bounds']): [number, number] {
  return [round6((bounds[0] + bounds[2]) / 2), round6((bounds[1] + bounds[3]) / 2)];
}

export function basemapTileJson(input: BasemapStyleInput) {
  return {
    tilejson: '3.0.0',
    name: `${input.cityName} basemap`,
    description: `Streets, water, green, buildings and names of ${input.cityName} from its city package`,
    version: '1.0.0',
    attribution: basemapAttribution(input.cityAttribution),
    scheme: 'xyz',
    tiles: [links(input).tiles],
    vector_layers: BASEMAP_LAYERS.map((id) => ({
      id,
      description: LAYER_DESCRIPTIONS[id],
      fields:
        id === 'roads' || id === 'places'
          ? { class: 'String', name: 'String' }
          : id === 'buildings' || id === 'boundary'
            ? {}
            : { class: 'String' },
      minzoom: BASEMAP_MINZOOM,
      maxzoom: BASEMAP_MAXZOOM,
    })),
    bounds: input.bounds.map(round6),
    center: [...centre(input.bounds), 14],
    minzoom: BASEMAP_MINZOOM,
    maxzoom: BASEMAP_MAXZOOM,
  };
}

const LAYER_DESCRIPTIONS: Record<(typeof BASEMAP_LAYERS)[number], string> = {
  landuse: 'other land use (squares, plazas…)',
  green: 'parks, woods, grass (class: park, wood, grass, cemetery, farmland)',
  water: 'water surfaces (class: water, wetland)',
  buildings: 'building outlines',
  roads: 'roads and paths (class: motorway … footway; name)',
  boundary: "the outline of the city's high-resolution zone",
  places: 'place and district labels (class, name)',
};

const ROAD_COLOURS: Array<[string, string, number]> = [
  // class, colour, width at z16 (px)
  ['motorway', '#f3c380', 14],
  ['trunk', '#f6d08f', 13],
  ['primary', '#fde9a8', 12],
  ['secondary', '#ffffff', 10],
  ['tertiary', '#ffffff', 9],
  ['residential', '#ffffff', 7],
  ['pedestrian', '#f2eff5', 6],
  ['service', '#ffffff', 4],
];

/** per-class widths under one zoom curve (MapLibre allows one zoom interpolation per expression) */
function classWidths(extra: number) {
  const at = (factor: (w: number) => number) => [
    'match',
    ['get', 'class'],
    ...ROAD_COLOURS.flatMap(([c, , w]) => [c, factor(w + extra)]),
    1,
  ];
  return [
    'interpolate',
    ['exponential', 1.6],
    ['zoom'],
    11,
    at((w) => Math.max(0.5, w / 10)),
    16,
    at((w) => w),
    19,
    at((w) => w * 4),
  ];
}

function width(atZ16: number) {
  return [
    'interpolate',
    ['exponential', 1.6],
    ['zoom'],
    11,
    Math.max(0.5, atZ16 / 10),
    16,
    atZ16,
    19,
    atZ16 * 4,
  ];
}

export function basemapStyle(input: BasemapStyleInput) {
  const url = links(input);
  const roadClasses = ROAD_COLOURS.map(([c]) => c);
  const font = (f: string) => [f];
  return {
    version: 8,
    name: `${input.cityName} basemap`,
    metadata: { 'svc:labels-before': BASEMAP_LABELS_BEFORE },
    center: centre(input.bounds),
    zoom: 14,
    glyphs: url.glyphs,
    sources: {
      basemap: {
        type: 'vector',
        tiles: [url.tiles],
        minzoom: BASEMAP_MINZOOM,
        maxzoom: BASEMAP_MAXZOOM,
        bounds: input.bounds.map(round6),
        attribution: basemapAttribution(input.cityAttribution),
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f4f2ee' } },
      fill('landuse', 'landuse', '#ebe7e0'),
      fill('green', 'green', [
        'match',
        ['get', 'class'],
        'wood',
        '#c6dfb4',
        'farmland',
        '#eef0d5',
        '#d4e9c4',
      ]),
      fill('water', 'water', '#aad3df'),
      {
        id: 'building',
        type: 'fill',
        source: 'basemap',
        'source-layer': 'buildings',
        minzoom: 13,
        paint: { 'fill-color': '#e3ddd5', 'fill-outline-color': '#c9c0b5' },
      },
      {
        id: 'road-path',
        type: 'line',
        source: 'basemap',
        'source-layer': 'roads',
        filter: ['==', ['get', 'class'], 'footway'],
        minzoom: 14,
        paint: { 'line-color': '#b9a8a0', 'line-width': width(1.5), 'line-dasharray': [2, 1] },
      },
      {
        id: 'road-casing',
        type: 'line',
        source: 'basemap',
        'source-layer': 'roads',
        filter: ['in', ['get', 'class'], ['literal', roadClasses]],
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': '#cfc6bb',
          'line-width': classWidths(2),
        },
      },
      {
        id: 'road',
        type: 'line',
        source: 'basemap',
        'source-layer': 'roads',
        filter: ['in', ['get', 'class'], ['literal', roadClasses]],
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': [
            'match',
            ['get', 'class'],
            ...ROAD_COLOURS.flatMap(([c, colour]) => [c, colour]),
            '#ffffff',
          ],
          'line-width': classWidths(0),
        },
      },
      {
        id: 'boundary',
        type: 'line',
        source: 'basemap',
        'source-layer': 'boundary',
        paint: { 'line-color': '#8a7f9a', 'line-width': 1.5, 'line-dasharray': [4, 2], 'line-opacity': 0.7 },
      },
      {
        id: BASEMAP_LABELS_BEFORE,
        type: 'symbol',
        source: 'basemap',
        'source-layer': 'roads',
        filter: ['has', 'name'],
        minzoom: 13,
        layout: {
          'symbol-placement': 'line',
          'text-field': ['get', 'name'],
          'text-font': font(BASEMAP_FONTS.regular),
          'text-size': ['interpolate', ['linear'], ['zoom'], 13, 10, 17, 14],
          'text-max-angle': 30,
          'symbol-spacing': 300,
        },
        paint: { 'text-color': '#3d3a36', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
      {
        id: 'place-label',
        type: 'symbol',
        source: 'basemap',
        'source-layer': 'places',
        filter: ['has', 'name'],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': font(BASEMAP_FONTS.bold),
          'text-size': [
            'match',
            ['get', 'class'],
            'zone',
            15,
            ['suburb', 'quarter', 'neighbourhood'],
            13,
            12,
          ],
          'text-max-width': 8,
        },
        paint: { 'text-color': '#4a4060', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ],
  };
}

function fill(id: string, sourceLayer: string, colour: unknown) {
  return {
    id,
    type: 'fill',
    source: 'basemap',
    'source-layer': sourceLayer,
    paint: { 'fill-color': colour },
  };
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
