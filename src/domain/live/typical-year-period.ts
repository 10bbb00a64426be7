/**
 * The years a typical weather year was built from, read from its EnergyPlus weather
 * file: climate.onebuilding.org's TMYx files say it in their first comment line
 * ("… Period of Record=2007-2021; Jan=2019; …"). A report calls the reference year what
 * it is, "a typical year of 2007–2021 weather", rather than printing "2025" as if the
 * figures were that year's (issue #49).
 */
export interface TypicalYearPeriod {
  from: number;
  to: number;
}

/** how far into the file the header lines reach: the eight header lines are short */
const HEADER_CHARS = 8192;
const PERIOD_OF_RECORD = /^COMMENTS \d,.*?Period of Record\s*=\s*(\d{4})\s*-\s*(\d{4})/m;

/** the period of record of a weather file's typical year; undefined when its header does not say */
export function typicalYearPeriod(epw: string | null | undefined): TypicalYearPeriod | undefined {
  if (!epw) return undefined;
  const match = PERIOD_OF_RECORD.exec(epw.slice(0, HEADER_CHARS));
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = Number(match[2]);
  return from <= to ? { from, to } : undefined;
}
