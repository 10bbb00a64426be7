/**
 * The bounds of a city package (docs/cities.md, *Limits of a package*). Each is a rule
 * with its number, checked at import before anything is parsed further, so that a
 * hostile or broken file is refused with one line instead of exhausting memory or the
 * stack. Sized for the largest city the model takes (MAX_CITY_CELLS) with a wide margin:
 * the Brussels package is 8.5 MB in all, a 95 MB real-world package was seen.
 */
const MiB = 1024 * 1024;

/** bytes per file (`file-size`) */
export const MAX_FILE_BYTES = {
  'city.json': 64 * 1024,
  'boundary.geojson': 4 * MiB,
  'planned_boundary.geojson': 4 * MiB,
  'buildings.geojson': 128 * MiB,
  'roads.geojson': 64 * MiB,
  'landcover.geojson': 64 * MiB,
  'weather.epw': 8 * MiB,
  'districts.geojson': 4 * MiB,
  'addresses.geojson': 64 * MiB,
} as const;

/** what to do about a file over its size */
export const FILE_SIZE_FIX: Record<keyof typeof MAX_FILE_BYTES, string> = {
  'city.json': 'keep the manifest to its fields (attribution: a short credit with a link)',
  'boundary.geojson': 'simplify the zone (e.g. mapshaper -simplify)',
  'planned_boundary.geojson': 'simplify the zone (e.g. mapshaper -simplify)',
  'buildings.geojson': 'split the city into smaller packages',
  'roads.geojson': 'split the city into smaller packages',
  'landcover.geojson': 'split the city into smaller packages',
  'weather.epw': 'use a standard EnergyPlus weather file (one year, 8760 hourly rows)',
  'districts.geojson': 'one square per district of a few hundred metres is enough',
  'addresses.geojson': 'split the city into smaller packages',
};

/** positions in one ring or line (`ring-vertices`, `line-vertices`): OSM caps a way at 2,000 nodes */
export const MAX_POSITIONS = 50_000;

/** features in one FeatureCollection (`features-count`) */
export const MAX_FEATURES = 1_000_000;

/** characters of `attribution` in city.json (`schema`): it is served with every /cities answer */
export const MAX_ATTRIBUTION_CHARS = 500;

/** the smallest zone a boundary may enclose, m² (`ring-area`): one hectare, 100 cells of 10 m */
export const MIN_ZONE_AREA_M2 = 10_000;
