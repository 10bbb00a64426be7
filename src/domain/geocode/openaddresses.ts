import { formatLabel, type GazetteerEntry } from './gazetteer-entry.ts';
import { foldText, houseNumberKey, searchText } from './normalise.ts';

/**
 * Rows of the OpenAddresses CSV layout (LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,
 * POSTCODE,ID,HASH) turned into gazetteer entries: one per address, plus one per street
 * and one per locality, placed at the mean of their addresses. Streets and localities are
 * what full-text search finds; an address hangs off its street (its `groupKey`) under its
 * house number, so a national import adds no full-text work per address.
 */
export const OPENADDRESSES_COLUMNS = [
  'LON',
  'LAT',
  'NUMBER',
  'STREET',
  'UNIT',
  'CITY',
  'DISTRICT',
  'REGION',
  'POSTCODE',
  'ID',
  'HASH',
] as const;
export type OpenAddressesColumn = (typeof OPENADDRESSES_COLUMNS)[number];
export type OpenAddressesRecord = Partial<Record<OpenAddressesColumn, string>>;

const ADDRESS_IMPORTANCE = 0.2;
const STREET_IMPORTANCE = 0.3;
const LOCALITY_IMPORTANCE = 0.45;

/** Positions of the known columns in a header line; null when LON, LAT or STREET is missing. */
export function openAddressesHeader(fields: readonly string[]): Map<OpenAddressesColumn, number> | null {
  const positions = new Map<OpenAddressesColumn, number>();
  fields.forEach((field, index) => {
    const name = field
      .trim()
      .replace(/^\uFEFF/, '')
      .toUpperCase();
    if ((OPENADDRESSES_COLUMNS as readonly string[]).includes(name))
      positions.set(name as OpenAddressesColumn, index);
  });
  return positions.has('LON') && positions.has('LAT') && positions.has('STREET') ? positions : null;
}

export function openAddressesRecord(
  header: ReadonlyMap<OpenAddressesColumn, number>,
  fields: readonly string[],
): OpenAddressesRecord {
  const record: OpenAddressesRecord = {};
  for (const [column, index] of header) {
    const value = fields[index]?.trim();
    if (value) record[column] = value;
  }
  return record;
}

/** A row that can be placed and named. */
export interface ParsedAddress {
  lat: number;
  lon: number;
  street: string;
  number: string;
  unit: string;
  postcode: string;
  municipality: string;
  /** HASH or ID of the row, when the file has one */
  identity: string;
  /** the key of the street entry the address belongs to */
  streetKey: string;
}

export function parseOpenAddressesRecord(record: OpenAddressesRecord): ParsedAddress | null {
  const lat = Number(record.LAT);
  const lon = Number(record.LON);
  if (!record.LAT || !record.LON || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0)) return null;
  const street = record.STREET ?? '';
  const foldedStreet = foldText(street);
  if (foldedStreet === '') return null;
  const municipality = record.CITY ?? record.DISTRICT ?? '';
  const postcode = record.POSTCODE ?? '';
  return {
    lat,
    lon,
    street,
    number: record.NUMBER ?? '',
    unit: record.UNIT ?? '',
    postcode,
    municipality,
    identity: record.HASH ?? record.ID ?? '',
    streetKey: `oa-street:${foldedStreet}|${postcode}|${foldText(municipality)}`,
  };
}

/** The address entry of one parsed row; `source` names the imported file. */
export function addressEntry(row: ParsedAddress, source: string): GazetteerEntry {
  const name = [row.street, row.number, row.unit].filter((part) => part !== '').join(' ');
  const key = `oa:${row.identity || `${row.lon},${row.lat},${name},${row.postcode}`}`;
  return {
    key,
    groupKey: row.streetKey,
    kind: 'address',
    source,
    variant: 0,
    name,
    label: formatLabel({ kind: 'address', name, postcode: row.postcode, municipality: row.municipality }),
    // never full-text searched: the words are taken from the label when an address is ranked
    search: '',
    lat: row.lat,
    lon: row.lon,
    importance: ADDRESS_IMPORTANCE,
    houseNumber: row.number === '' ? null : houseNumberKey(row.number),
  };
}

interface Accumulator {
  name: string;
  postcode: string;
  municipality: string;
  latSum: number;
  lonSum: number;
  count: number;
}

/** Collects streets and localities while addresses stream past; `entries()` at the end. */
export class StreetAndLocalityCollector {
  private readonly streets = new Map<string, Accumulator>();
  private readonly localities = new Map<string, Accumulator>();

  constructor(private readonly source: string) {}

  add(row: ParsedAddress): void {
    accumulate(this.streets, row.streetKey, row.street, row);
    if (row.municipality) {
      const key = `oa-locality:${row.postcode}|${row.streetKey.slice(row.streetKey.lastIndexOf('|') + 1)}`;
      accumulate(this.localities, key, row.municipality, row);
    }
  }

  entries(): GazetteerEntry[] {
    const out: GazetteerEntry[] = [];
    for (const [key, street] of this.streets) {
      out.push(aggregateEntry(key, 'street', street, STREET_IMPORTANCE, this.source));
    }
    for (const [key, locality] of this.localities) {
      out.push(aggregateEntry(key, 'locality', locality, LOCALITY_IMPORTANCE, this.source));
    }
    return out;
  }
}

function accumulate(into: Map<string, Accumulator>, key: string, name: string, row: ParsedAddress): void {
  const found = into.get(key);
  if (found) {
    found.latSum += row.lat;
    found.lonSum += row.lon;
    found.count += 1;
  } else {
    into.set(key, {
      name,
      postcode: row.postcode,
      municipality: row.municipality,
      latSum: row.lat,
      lonSum: row.lon,
      count: 1,
    });
  }
}

function aggregateEntry(
  key: string,
  kind: 'street' | 'locality',
  item: Accumulator,
  importance: number,
  source: string,
): GazetteerEntry {
  return {
    key,
    groupKey: key,
    kind,
    source,
    variant: 0,
    name: item.name,
    label: formatLabel({ kind, name: item.name, postcode: item.postcode, municipality: item.municipality }),
    search: searchText(kind === 'street' ? item.name : '', item.postcode, item.municipality),
    lat: item.latSum / item.count,
    lon: item.lonSum / item.count,
    importance,
    houseNumber: null,
  };
}
