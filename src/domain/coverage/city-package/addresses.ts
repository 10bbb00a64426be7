/**
 * The rules of addresses.geojson (docs/geocoding.md), the package's streets and
 * addresses for the gazetteer: each feature a `street` (MultiLineString, `name:fr`,
 * `name:nl`), an `address` (Point, `street`, `housenumber`) or an `interpolation`
 * (LineString, `street`, `interpolation`, `from`, `to`), each with `municipality:fr`.
 * An error is the rule and how to fix it; `cities import-osm` writes files that pass.
 */
const REQUIRED: Readonly<Record<string, { geometry: string; fields: readonly string[] }>> = {
  street: { geometry: 'MultiLineString', fields: ['name', 'name:fr', 'name:nl', 'municipality:fr'] },
  address: { geometry: 'Point', fields: ['street', 'housenumber', 'municipality:fr'] },
  interpolation: {
    geometry: 'LineString',
    fields: ['street', 'interpolation', 'from', 'to', 'municipality:fr'],
  },
};

const isPosition = (p: unknown) =>
  Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number';

export function addressFeatureError(feature: { properties: unknown; geometry: unknown }): string | null {
  const properties = (feature.properties ?? {}) as Record<string, unknown>;
  const rule = REQUIRED[String(properties.kind)];
  if (!rule)
    return `address-kind: 'kind' must be street, address or interpolation; rebuild the file with cities import-osm`;
  const missing = rule.fields.filter(
    (field) => typeof properties[field] !== 'string' || properties[field] === '',
  );
  if (missing.length > 0)
    return `address-fields: each ${properties.kind} feature needs ${missing.join(', ')} (text); rebuild the file with cities import-osm`;
  const geometry = feature.geometry as { type?: unknown; coordinates?: unknown } | null;
  const c = geometry?.coordinates;
  const shaped =
    geometry?.type === rule.geometry &&
    (rule.geometry === 'Point'
      ? isPosition(c)
      : rule.geometry === 'LineString'
        ? Array.isArray(c) && c.length >= 2 && c.every(isPosition)
        : Array.isArray(c) &&
          c.length >= 1 &&
          c.every((line) => Array.isArray(line) && line.length >= 2 && line.every(isPosition)));
  if (!shaped)
    return `address-geometry: each ${properties.kind} feature is a ${rule.geometry} of [lon, lat] positions`;
  return null;
}
