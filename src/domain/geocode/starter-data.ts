import { splitCsvLine } from './csv-line.ts';
import { type EntryKind, formatLabel, type GazetteerEntry } from './gazetteer-entry.ts';
import { foldText, searchText } from './normalise.ts';

/**
 * Parses the bundled starter set (data/gazetteer/starter.csv) into gazetteer entries.
 * Columns: kind, lat, lon, postcode, importance, country, names, municipality, aliases.
 * `names` and `municipality` list language variants as 'fr:Grand-Place|nl:Grote Markt',
 * the first being the primary; a name without a language prefix is the same in all.
 * `aliases` are extra words a place is found by but that never show in its label, in the
 * same 'lang:words|words' form: untagged aliases serve every variant, tagged ones only
 * that language's (so 'Zuidstation' finds the Dutch label, 'gare du Midi' the French).
 * Each language variant becomes its own entry, labelled wholly in that language.
 */
const COLUMNS = [
  'kind',
  'lat',
  'lon',
  'postcode',
  'importance',
  'country',
  'names',
  'municipality',
  'aliases',
];
const KINDS: ReadonlySet<string> = new Set(['place', 'street', 'locality']);

/** Names of the neighbouring countries, so foreign candidates say where they are. */
const COUNTRY_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  FR: { fr: 'France', nl: 'Frankrijk', en: 'France', de: 'Frankreich' },
  NL: { fr: 'Pays-Bas', nl: 'Nederland', en: 'Netherlands', de: 'Niederlande' },
  DE: { fr: 'Allemagne', nl: 'Duitsland', en: 'Germany', de: 'Deutschland' },
  LU: { fr: 'Luxembourg', nl: 'Luxemburg', en: 'Luxembourg', de: 'Luxemburg' },
  GB: { fr: 'Royaume-Uni', nl: 'Verenigd Koninkrijk', en: 'United Kingdom', de: 'Vereinigtes Königreich' },
};

/** Language of a name given without one, by country (Belgium: see the municipality). */
const COUNTRY_LANGUAGE: Readonly<Record<string, string>> = {
  BE: 'fr',
  FR: 'fr',
  NL: 'nl',
  DE: 'de',
  LU: 'fr',
  GB: 'en',
};

interface Variant {
  lang: string;
  text: string;
}

function variants(field: string): Variant[] {
  return field
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const match = /^([a-z]{2}):(.+)$/.exec(part);
      return match ? { lang: match[1]!, text: match[2]!.trim() } : { lang: '', text: part };
    });
}

function inLanguage(options: Variant[], lang: string): string {
  return (options.find((option) => option.lang === lang) ?? options[0])?.text ?? '';
}

export class StarterDataError extends Error {
  constructor(line: number, message: string) {
    super(`starter gazetteer line ${line}: ${message}`);
    this.name = 'StarterDataError';
  }
}

export function parseStarterData(text: string): GazetteerEntry[] {
  const entries: GazetteerEntry[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  let header = true;
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const fields = splitCsvLine(line);
    if (header) {
      if (fields.join(',') !== COLUMNS.join(','))
        throw new StarterDataError(lineNo, `header must be ${COLUMNS}`);
      header = false;
      return;
    }
    if (fields.length !== COLUMNS.length)
      throw new StarterDataError(lineNo, `expected ${COLUMNS.length} fields`);
    const [
      kind,
      latText,
      lonText,
      postcode,
      importanceText,
      country,
      namesField,
      municipalityField,
      aliases,
    ] = fields.map((field) => field.trim()) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!KINDS.has(kind)) throw new StarterDataError(lineNo, `unknown kind '${kind}'`);
    const lat = Number(latText);
    const lon = Number(lonText);
    const importance = Number(importanceText);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      throw new StarterDataError(lineNo, 'bad coordinates');
    }
    if (!(importance >= 0 && importance <= 1))
      throw new StarterDataError(lineNo, 'importance must be 0 to 1');
    const names = variants(namesField);
    if (names.length === 0) throw new StarterDataError(lineNo, 'no name');
    const municipalities = variants(municipalityField);
    if (kind !== 'locality' && municipalities.length === 0)
      throw new StarterDataError(lineNo, 'no municipality');
    const countryNames = country === 'BE' ? undefined : COUNTRY_NAMES[country];
    if (country !== 'BE' && !countryNames) throw new StarterDataError(lineNo, `unknown country '${country}'`);
    const groupKey = `starter:${postcode}:${foldText(names[0]!.text).replaceAll(' ', '-')}`;
    if (seen.has(groupKey)) throw new StarterDataError(lineNo, `duplicate place ${groupKey}`);
    seen.add(groupKey);
    const allMunicipalities = municipalities.map((option) => option.text).join(' ');
    const aliasOptions = variants(aliases);
    const defaultLang = municipalities[0]?.lang || COUNTRY_LANGUAGE[country] || 'fr';
    const allCountries = countryNames ? Object.values(countryNames).join(' ') : '';
    names.forEach((name, variant) => {
      const lang = name.lang || defaultLang;
      const ownAliases = aliasOptions
        .filter((alias) => alias.lang === '' || alias.lang === lang)
        .map((a) => a.text);
      const municipality = kind === 'locality' ? name.text : inLanguage(municipalities, lang);
      entries.push({
        key: `${groupKey}:${name.lang || variant}`,
        groupKey,
        kind: kind as EntryKind,
        source: 'starter',
        variant,
        name: name.text,
        label: formatLabel({
          kind: kind as EntryKind,
          name: name.text,
          postcode,
          municipality,
          country: countryNames?.[lang] ?? countryNames?.[COUNTRY_LANGUAGE[country] ?? 'en'],
        }),
        search: searchText(name.text, postcode, allMunicipalities, ...ownAliases, allCountries),
        lat,
        lon,
        importance,
        houseNumber: null,
      });
    });
  });
  if (header) throw new StarterDataError(1, 'missing header');
  return entries;
}
