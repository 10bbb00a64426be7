import {
  type ScreeningReport,
  screenWeather,
  type WeatherColumns,
} from '../../../domain/weather-screening/index.ts';
import { type EpwYear, parseEpw } from './epw.ts';

/**
 * A weather file as the model reads it: parsed (epw.ts), then screened
 * (domain/weather-screening) — the Uccle TMYx year's 52 hours of 0.00 m/s wind under a
 * turning vane on 5–7 October are a filled gap, not a calm, and are replaced by the same
 * hours of the neighbouring days. `screening` counts what was flagged and filled
 * (`npm run validate:model` prints it). A value the file marks missing stays missing
 * (NaN): the generator's value stands in for it (reference-weather.ts).
 */
export interface ScreenedEpwYear extends EpwYear {
  screening: ScreeningReport;
}

const toColumn = (values: Float32Array, scale = 1) => Float64Array.from(values, (v) => v * scale);
const fromColumn = (values: Float64Array | undefined, scale = 1) =>
  Float32Array.from(values ?? [], (v) => v / scale);

export function screenEpw(epw: EpwYear): ScreenedEpwYear {
  const columns: WeatherColumns = {
    ta_c: toColumn(epw.taC),
    rh_pct: toColumn(epw.rhPct),
    ghi_wm2: toColumn(epw.ghiWm2),
    wind_dir_deg: toColumn(epw.windDirDeg),
    wind_ms: toColumn(epw.wind10Ms),
    cloud_pct: toColumn(epw.cloud, 100),
  };
  const { columns: screened, report } = screenWeather(columns);
  return {
    timeZoneH: epw.timeZoneH,
    taC: fromColumn(screened.ta_c),
    rhPct: fromColumn(screened.rh_pct),
    ghiWm2: fromColumn(screened.ghi_wm2),
    windDirDeg: fromColumn(screened.wind_dir_deg),
    wind10Ms: fromColumn(screened.wind_ms),
    cloud: fromColumn(screened.cloud_pct, 100),
    screening: report,
  };
}

export function parseScreenedEpw(text: string): ScreenedEpwYear {
  return screenEpw(parseEpw(text));
}
