/**
 * The README's and docs' example answers and tables, from the service as `npm start` runs
 * it (embedded default, SQLite in a temporary DATA_DIR), through its HTTP routes. The clock
 * is fixed at DOCS_INSTANT so that the text is the same on every run: what changes it is a
 * change of the code or the model, which is what the drift test is for.
 */
import type { components } from '../../clients/typescript/src/openapi.ts';
import { startTestService } from '../../test/helpers/service.ts';

/** the instant every generated answer is computed at (a Sunday in late November, 05:00 UTC) */
export const DOCS_INSTANT = Date.parse('2026-11-22T05:00:00Z');

/** the places of the README's table: a square, a park, a tower corner, a village far away */
export const DOCS_PLACES = [
  { name: 'Grand-Place', note: 'open square', lat: 50.8467, lon: 4.3525 },
  { name: 'Parc de Bruxelles', note: 'park', lat: 50.8455, lon: 4.3633 },
  { name: 'North quarter tower corner', note: 'high-rise', lat: 50.85802, lon: 4.3596 },
  { name: 'Bouillon', note: 'Ardennes village', lat: 49.7936, lon: 5.067 },
] as const;

type Schemas = components['schemas'];
/** the statistics of a place with every metric (the README's places all have them) */
type Stats = Schemas['HistoricalStats'] &
  Required<Pick<Schemas['HistoricalStats'], 'air' | 'wind' | 'thermal'>>;

const HOUR_MS = 3_600_000;
const fence = (lang: string, body: string) => `\`\`\`${lang}\n${body}\n\`\`\``;

function placeRow(place: (typeof DOCS_PLACES)[number], stats: Stats): string {
  const { air, wind, thermal, meta } = stats;
  const where = `${place.name}, \`${place.lat},${place.lon}\` (${place.note})`;
  // outside every city the nationwide 1 km grid answers, with no city
  const grid = stats.city ? '' : ` (nationwide 1 km grid, \`${meta.dataset}\`)`;
  const airCell = `${air.label} ${air.score} — ${air.annual_mean_ugm3.no2}, ${air.good_pct} %${grid}`;
  const danger = wind.exceedance_pct.danger > 0 ? ` (danger ${wind.exceedance_pct.danger} % of hours)` : '';
  const windCell = `${wind.label} ${wind.score} — ${wind.mean_ucomfort_ms} / ${wind.p95_ucomfort_ms} / ${wind.max_gust_ms}${danger}`;
  const heatDays = thermal.strong_heat_stress_days;
  const thermalCell = `${thermal.label} ${thermal.score} — ${thermal.summer_day_comfort_pct} %, ${heatDays} ${heatDays === 1 ? 'day' : 'days'}`;
  return `| ${where} | ${airCell} | ${windCell} | ${thermalCell} |`;
}

/** which of the places stands out on each theme, said from the numbers themselves */
function placesStory(rows: { name: string; stats: Stats }[]): string {
  const most = (value: (s: Stats) => number, sign: 1 | -1) =>
    rows.reduce((best, row) => (sign * value(row.stats) > sign * value(best.stats) ? row : best));
  const cleanest = most((s) => s.air.annual_mean_ugm3.no2 ?? Number.POSITIVE_INFINITY, -1);
  const dirtiest = most((s) => s.air.annual_mean_ugm3.no2 ?? Number.NEGATIVE_INFINITY, 1);
  const calmest = most((s) => s.wind.mean_ucomfort_ms, -1);
  const gustiest = most((s) => s.wind.max_gust_ms, 1);
  const hottest = most((s) => s.thermal.strong_heat_stress_days, 1);
  return [
    `Cleanest air: ${cleanest.name} (NO2 ${cleanest.stats.air.annual_mean_ugm3.no2} µg/m³);`,
    `most polluted: ${dirtiest.name} (${dirtiest.stats.air.annual_mean_ugm3.no2} µg/m³).`,
    `Calmest on foot: ${calmest.name} (mean ${calmest.stats.wind.mean_ucomfort_ms} m/s);`,
    `strongest gusts: ${gustiest.name} (${gustiest.stats.wind.max_gust_ms} m/s).`,
    `Most heat-stress days: ${hottest.name} (${hottest.stats.thermal.strong_heat_stress_days}).`,
  ].join(' ');
}

/** "32 records: hourly to +24 h, then 3-hourly to +48 h", read from a forecast answer */
function forecastSpacing(hourly: readonly Schemas['HourlyRecord'][], nowMs: number): string {
  const hours = hourly.map((r) => (Date.parse(r.hour) - Math.floor(nowMs / HOUR_MS) * HOUR_MS) / HOUR_MS);
  const runs: { step: number; to: number }[] = [];
  for (let i = 1; i < hours.length; i++) {
    const step = hours[i]! - hours[i - 1]!;
    const last = runs.at(-1);
    if (last && last.step === step) last.to = hours[i]!;
    else runs.push({ step, to: hours[i]! });
  }
  const said = runs.map(({ step, to }) => `${step === 1 ? 'hourly' : `${step}-hourly`} to +${to} h`);
  const from = hours[0] === 0 ? 'the current hour' : `+${hours[0]} h`;
  return `${hourly.length} records from ${from}: ${said.join(', then ')}`;
}

function citiesTable(cities: readonly Schemas['CityEntry'][]): string {
  const lines = ['| city | products | metrics |', '|---|---|---|'];
  for (const city of cities) {
    const products = Object.entries(city.products)
      .map(([product, offered]) => (offered ? product : `~~${product}~~`))
      .join(', ');
    lines.push(`| ${city.name} (\`${city.id}\`) | ${products} | ${(city.metrics ?? []).join(', ')} |`);
  }
  return lines.join('\n');
}

/** every generated text region, by name, from one start of the service */
export async function collectAnswers(): Promise<Record<string, string>> {
  const service = await startTestService({}, { clock: () => DOCS_INSTANT });
  try {
    const key = await service.createKey(['--label', 'my laptop']);
    const get = async <T>(url: string): Promise<T> => {
      const answer = await service.composition.app.inject({ url, headers: { 'x-api-key': key } });
      if (answer.statusCode !== 200) throw new Error(`GET ${url}: ${answer.statusCode} ${answer.body}`);
      return answer.json() as T;
    };
    const stats = '/v1/historical/stats';
    const rows = [];
    for (const place of DOCS_PLACES)
      rows.push({ ...place, stats: await get<Stats>(`${stats}?lat=${place.lat}&lon=${place.lon}`) });
    const realtime = await get<Schemas['RecordEnvelope']>('/v1/realtime?lat=50.8467&lon=4.3525');
    const forecast = await get<Schemas['RecordEnvelope']>('/v1/forecast?lat=50.8467&lon=4.3525&radius=25');
    return {
      'key-answer': fence('json', JSON.stringify(await get('/v1/key'))),
      cities: citiesTable((await get<Schemas['CityIndex']>('/v1/cities')).cities),
      places: [
        '| place | air (NO2 µg/m³, good hours) | wind (mean / p95 / max gust m/s) | thermal (summer-day comfort, heat-stress days) |',
        '|---|---|---|---|',
        ...rows.map((row) => placeRow(row, row.stats)),
        '',
        placesStory(rows),
      ].join('\n'),
      'stats-wind-answer': fence(
        'json',
        JSON.stringify(await get(`${stats}?lat=50.8467&lon=4.3525&metrics=wind`)),
      ),
      'geocode-answer': fence(
        'json',
        JSON.stringify(await get('/v1/geocode?q=Grote%20Markt%20Brussel&limit=2')),
      ),
      'realtime-record': `the last of the ${realtime.hourly.length} hours answered at ${new Date(DOCS_INSTANT).toISOString()}:\n\n${fence('json', JSON.stringify(realtime.hourly.at(-1)))}`,
      'forecast-spacing': `The forecast answers ${forecastSpacing(forecast.hourly, DOCS_INSTANT)}.`,
    };
  } finally {
    await service.close();
  }
}
