/**
 * EnergyPlus weather (EPW) files: 8 header lines (the first is `LOCATION,…` whose 9th
 * field is the time zone in hours from UTC), then 8760 hourly rows of comma-separated
 * values, hour N covering (N−1, N] in local standard time. No well-kept EPW parser
 * exists on npm, so this reads the few columns the model uses (0-based): 1 month,
 * 2 day, 3 hour, 6 dry bulb °C, 8 relative humidity %, 13 global horizontal radiation
 * Wh/m², 20 wind direction °, 21 wind speed m/s, 22 total sky cover (tenths). EPW's
 * "missing" codes (99.9, 999, 9999, 99) become NaN, so the caller falls back to its
 * own value for that field and hour.
 */
export interface EpwYear {
  /** time zone of the rows' local standard time, hours east of UTC */
  timeZoneH: number;
  /** 8760 values each, row order (1 January 01:00 first) */
  taC: Float32Array;
  rhPct: Float32Array;
  ghiWm2: Float32Array;
  windDirDeg: Float32Array;
  wind10Ms: Float32Array;
  /** 0–1 */
  cloud: Float32Array;
}

export const EPW_HOURS = 8760;

export class EpwFormatError extends Error {
  constructor(
    /** 1-based line number in the file, null for the whole file */
    readonly line: number | null,
    message: string,
  ) {
    super(message);
  }
}

function column(fields: string[], index: number, missingAtOrAbove: number, line: number): number {
  const text = fields[index];
  const value = text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  if (text !== undefined && text.trim() !== '' && !Number.isFinite(value))
    throw new EpwFormatError(line, `column ${index + 1} '${text}' is not a number`);
  return value >= missingAtOrAbove ? Number.NaN : value;
}

export function parseEpw(text: string): EpwYear {
  const lines = text.split(/\r?\n/);
  if (!lines[0]?.startsWith('LOCATION,'))
    throw new EpwFormatError(1, 'an EnergyPlus weather file starts with a LOCATION line');
  const timeZoneH = Number(lines[0].split(',')[8]);
  if (!Number.isFinite(timeZoneH) || Math.abs(timeZoneH) > 14)
    throw new EpwFormatError(1, 'the LOCATION line has no time zone (9th field, hours from UTC)');
  const rows = lines.slice(8).filter((l) => l.trim() !== '');
  if (rows.length !== EPW_HOURS)
    throw new EpwFormatError(
      null,
      `8 header lines then ${EPW_HOURS} hourly rows expected, found ${rows.length} rows`,
    );
  const year: EpwYear = {
    timeZoneH,
    taC: new Float32Array(EPW_HOURS),
    rhPct: new Float32Array(EPW_HOURS),
    ghiWm2: new Float32Array(EPW_HOURS),
    windDirDeg: new Float32Array(EPW_HOURS),
    wind10Ms: new Float32Array(EPW_HOURS),
    cloud: new Float32Array(EPW_HOURS),
  };
  rows.forEach((row, i) => {
    const line = 9 + i;
    const f = row.split(',');
    if (f.length < 23)
      throw new EpwFormatError(line, `an hourly row has at least 23 fields, found ${f.length}`);
    year.taC[i] = column(f, 6, 99.9, line);
    year.rhPct[i] = column(f, 8, 999, line);
    year.ghiWm2[i] = column(f, 13, 9999, line);
    year.windDirDeg[i] = column(f, 20, 999, line);
    year.wind10Ms[i] = column(f, 21, 999, line);
    year.cloud[i] = column(f, 22, 99, line) / 10;
  });
  return year;
}
