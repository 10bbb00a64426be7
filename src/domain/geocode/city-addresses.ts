import { boundedEditDistance } from './edit-distance.ts';
import { formatLabel, type GazetteerEntry } from './gazetteer-entry.ts';
import { foldText, houseNumberKey, searchText } from './normalise.ts';

/**
 * Gazetteer entries from a city package's addresses.geojson (written by `cities
 * import-osm`, docs/geocoding.md): one street entry per language (French primary, Dutch
 * second, sharing a group key), and under each street its addresses, one per language,
 * plus the numbers its interpolation lines stand for, placed along them. An address
 * hangs off its street (group key) under its normalised number, as imported addresses do.
 */
type Position = [number, number];
interface Feature {
  properties: Record<string, string>;
  geometry: { type: string; coordinates: unknown };
}

export const CITY_STREET_IMPORTANCE = 0.25;
/** below an imported (OpenAddresses, 0.2) address: a newer import wins a tie */
export const CITY_ADDRESS_IMPORTANCE = 0.15;
export const CITY_INTERPOLATED_IMPORTANCE = 0.1;
/** the key of an interpolated number carries this, so a search can say how it matched */
export const INTERPOLATED_KEY_PART = ':interpolated:';
/** the widest interpolation line expanded (numbers between its ends) */
const MAX_INTERPOLATED_SPAN = 400;
/** an address whose street is named only in another municipality: at most this far from it */
const NEIGHBOUR_STREET_M = 3000;
/** a mistyped street name is looked for among the streets whose middle is this close */
const MISSPELT_STREET_M = 1500;

interface Street {
  groupKey: string;
  names: Array<{ lang: 'fr' | 'nl'; text: string; municipality: string }>;
  postcode: string;
  middle: Position;
}

export interface CityAddressEntries {
  entries: GazetteerEntry[];
  /** addresses whose street the package does not name near them: left out */
  unplaced: number;
}

/** 'Ville de Bruxelles - Stad Brussel' is labelled as people write it: 'Bruxelles', 'Brussel' */
function municipalityLabel(name: string): string {
  return name.replace(/^(Ville de|Stad) /, '');
}

function metres(a: Position, b: Position): number {
  const kx = 111_320 * Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
  return Math.hypot((a[0] - b[0]) * kx, (a[1] - b[1]) * 110_574);
}

/** the street's vertex nearest the mean of its vertices: a point on the street, about its middle */
function middleOf(lines: Position[][]): Position {
  const all = lines.flat();
  const mean: Position = [
    all.reduce((s, p) => s + p[0], 0) / all.length,
    all.reduce((s, p) => s + p[1], 0) / all.length,
  ];
  let best = all[0]!;
  for (const p of all) if (metres(p, mean) < metres(best, mean)) best = p;
  return best;
}

/** the point at `fraction` (0–1) of a line's length */
export function alongLine(line: readonly Position[], fraction: number): Position {
  const lengths = line.slice(1).map((p, i) => metres(line[i]!, p));
  let remaining = lengths.reduce((s, l) => s + l, 0) * fraction;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    if (remaining <= length && length > 0) {
      const t = remaining / length;
      const [a, b] = [line[i]!, line[i + 1]!];
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    }
    remaining -= length;
  }
  return line[line.length - 1]!;
}

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/** '12', '12-14', '12;14' → the numbers people may type for that door */
function doorNumbers(housenumber: string): string[] {
  const parts = housenumber
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.flatMap((part) => {
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    return range ? [range[1]!, range[2]!] : [part];
  });
}

export function cityAddressEntries(cityId: string, text: string): CityAddressEntries {
  const features = (JSON.parse(text) as { features: Feature[] }).features;
  const source = `city:${cityId}`;
  const entries: GazetteerEntry[] = [];
  const streets = new Map<string, Street>();
  /** folded street name (either language, or both as OSM writes them) → streets of that name */
  const byName = new Map<string, Street[]>();
  const streetPostcodes = new Map<Street, Map<string, number>>();

  for (const { properties: p, geometry } of features) {
    if (p.kind !== 'street') continue;
    const groupKey =
      `${source}:street:${foldText(p['municipality:fr'] ?? '')}:${foldText(p.name ?? '')}`.replaceAll(
        ' ',
        '-',
      );
    const names: Street['names'] = [
      { lang: 'fr', text: p['name:fr']!, municipality: municipalityLabel(p['municipality:fr']!) },
    ];
    if (p['name:nl'] !== p['name:fr'])
      names.push({ lang: 'nl', text: p['name:nl']!, municipality: municipalityLabel(p['municipality:nl']!) });
    const street: Street = {
      groupKey,
      names,
      postcode: p.postcode ?? '',
      middle: middleOf(geometry.coordinates as Position[][]),
    };
    streets.set(groupKey, street);
    for (const name of new Set([p.name!, p['name:fr']!, p['name:nl']!].map(foldText))) {
      const list = byName.get(name) ?? [];
      list.push(street);
      byName.set(name, list);
    }
  }
  const streetOf = (name: string, municipalityFr: string, at: Position): Street | null => {
    const halves = [name, ...name.split(' - ')].map(foldText);
    const candidates = [...new Set(halves.flatMap((half) => byName.get(half) ?? []))];
    if (candidates.length === 0) return misspelt(halves, at);
    const own = candidates.find((s) =>
      s.groupKey.includes(`:street:${foldText(municipalityFr).replaceAll(' ', '-')}:`),
    );
    if (own) return own;
    let best: Street | null = null;
    for (const s of candidates)
      if (
        metres(s.middle, at) <= NEIGHBOUR_STREET_M &&
        (!best || metres(s.middle, at) < metres(best.middle, at))
      )
        best = s;
    return best;
  };

  /**
   * a street name mistyped in the address ('Chausée de Roodebeek'): a nearby street whose
   * name (either language) is within two edits of it
   */
  const misspelt = (halves: string[], at: Position): Street | null => {
    let best: { street: Street; metres: number } | null = null;
    for (const street of streets.values()) {
      const m = metres(street.middle, at);
      if (m > MISSPELT_STREET_M || (best && m >= best.metres)) continue;
      const names = street.names.map((n) => foldText(n.text));
      if (halves.some((half) => names.some((n) => boundedEditDistance(half, n, 2) <= 2)))
        best = { street, metres: m };
    }
    return best?.street ?? null;
  };

  let unplaced = 0;
  const placedNumbers = new Set<string>();
  const pendingAddresses: GazetteerEntry[] = [];
  // the words of a door are its street's, its number and its place's: each normalised once
  const wordsOf = new Map<string, string>();
  const words = (text: string) => {
    let found = wordsOf.get(text);
    if (found === undefined) {
      found = searchText(text);
      wordsOf.set(text, found);
    }
    return found;
  };
  const addDoor = (street: Street, number: string, at: Position, postcode: string, interpolated: boolean) => {
    const houseNumber = houseNumberKey(number);
    const place = words(`${postcode} ${[...new Set(street.names.map((n) => n.municipality))].join(' ')}`);
    street.names.forEach((name, variant) => {
      const doorName = `${name.text} ${number}`;
      pendingAddresses.push({
        key: `${street.groupKey}:${houseNumber}${interpolated ? INTERPOLATED_KEY_PART : ':'}${name.lang}`,
        groupKey: street.groupKey,
        kind: 'address',
        source,
        variant,
        name: doorName,
        label: formatLabel({ kind: 'address', name: doorName, postcode, municipality: name.municipality }),
        // never full-text indexed (addresses are found through their street), but ranked by
        // these words: the municipality in both languages, as the street is
        search: `${words(name.text)} ${houseNumber} ${place}`,
        lat: round7(at[1]),
        lon: round7(at[0]),
        importance: interpolated ? CITY_INTERPOLATED_IMPORTANCE : CITY_ADDRESS_IMPORTANCE,
        houseNumber,
      });
    });
  };

  for (const { properties: p, geometry } of features) {
    if (p.kind !== 'address') continue;
    const at = geometry.coordinates as Position;
    const street = streetOf(p.street!, p['municipality:fr'] ?? '', at);
    if (!street) {
      unplaced++;
      continue;
    }
    const postcode = p.postcode || street.postcode;
    if (p.postcode) {
      const counts = streetPostcodes.get(street) ?? new Map<string, number>();
      counts.set(p.postcode, (counts.get(p.postcode) ?? 0) + 1);
      streetPostcodes.set(street, counts);
    }
    for (const number of doorNumbers(p.housenumber!)) {
      const key = `${street.groupKey}|${houseNumberKey(number)}`;
      if (placedNumbers.has(key)) continue;
      placedNumbers.add(key);
      addDoor(street, number, at, postcode, false);
    }
  }

  for (const { properties: p, geometry } of features) {
    if (p.kind !== 'interpolation') continue;
    const line = geometry.coordinates as Position[];
    const street = streetOf(p.street!, p['municipality:fr'] ?? '', line[0]!);
    const from = Number.parseInt(p.from ?? '', 10);
    const to = Number.parseInt(p.to ?? '', 10);
    if (!street || !Number.isFinite(from) || !Number.isFinite(to) || from === to) continue;
    const [low, high] = from < to ? [from, to] : [to, from];
    if (high - low > MAX_INTERPOLATED_SPAN) continue;
    const step = p.interpolation === 'all' ? 1 : 2;
    for (let n = low + step; n < high; n += step) {
      const key = `${street.groupKey}|${n}`;
      if (placedNumbers.has(key)) continue;
      placedNumbers.add(key);
      const fraction = (n - from) / (to - from);
      addDoor(street, String(n), alongLine(line, fraction), street.postcode, true);
    }
  }

  for (const street of streets.values()) {
    // the postcode most of its addresses give, else the municipality's
    const counts = streetPostcodes.get(street);
    const postcode = counts
      ? [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0]
      : street.postcode;
    // each name once: a word the index holds twice ranks the street above the municipality itself
    const allMunicipalities = [...new Set(street.names.map((name) => name.municipality))].join(' ');
    street.names.forEach((name, variant) => {
      entries.push({
        key: `${street.groupKey}:${name.lang}`,
        groupKey: street.groupKey,
        kind: 'street',
        source,
        variant,
        name: name.text,
        label: formatLabel({ kind: 'street', name: name.text, postcode, municipality: name.municipality }),
        search: searchText(name.text, postcode, allMunicipalities),
        lat: round7(street.middle[1]),
        lon: round7(street.middle[0]),
        importance: CITY_STREET_IMPORTANCE,
        houseNumber: null,
      });
    });
  }
  entries.push(...pendingAddresses);
  return { entries, unplaced };
}
