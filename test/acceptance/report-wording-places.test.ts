import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { REPORT_LANGS, type ReportLang, translator } from '../../src/domain/reports/i18n/index.ts';
import { renderReportHtml } from '../../src/domain/reports/template.ts';
import type { HistoricalStats } from '../../src/domain/stats/historical-stats.ts';
import { EMBEDDED_REGISTRY } from '../helpers/embedded-cities.ts';
import { serviceForFile } from '../helpers/service.ts';

/**
 * Issue #49 item 1, over many places: the statistics of real places (the embedded model,
 * read through GET /historical/stats), each rendered as a report in the three languages,
 * must never contradict themselves. Each rule is checked against figures of the block
 * that do not come from the sentence under test:
 *  - a wind share said "never" prints 0, and no hour can be proven by the block's maxima
 *    (the strongest gust, the windiest hour) to have crossed its threshold;
 *  - at the top score nothing is named as limiting it (air, thermal);
 *  - the thermal paragraph agrees with the count of strong heat-stress days;
 *  - the reference year is called a typical year of its weather file's years wherever it
 *    is printed, and the cover says the figures are simulated;
 *  - French and Dutch reports hold no English sentence but the verbatim credits, and
 *    French puts a space before its colons and semicolons.
 */
const file = serviceForFile();

/** Brussels' high-resolution zone: landmarks, squares, parks and streets of the centre */
const BRUSSELS: ReadonlyArray<[number, number]> = [
  [50.84654, 4.35271],
  [50.84463, 4.36307],
  [50.8378, 4.37802],
  [50.85402, 4.36426],
  [50.84121, 4.38847],
  [50.8422, 4.35936],
  [50.84485, 4.356],
  [50.843, 4.3807],
  [50.85556, 4.35873],
  [50.83807, 4.35678],
  [50.84782, 4.3603],
  [50.8465, 4.35175],
  [50.84786, 4.35056],
  [50.84758, 4.36764],
  [50.84362, 4.38277],
  [50.84955, 4.35434],
  [50.84174, 4.36212],
  [50.84714, 4.36356],
];

/** a lattice over Belgium: each point inside the country is a place of the nationwide dataset (or a city's zone) */
function belgianLattice(): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let lat = 49.55; lat <= 51.45; lat += 0.19)
    for (let lon = 2.6; lon <= 6.35; lon += 0.34)
      points.push([Number(lat.toFixed(5)), Number(lon.toFixed(5))]);
  return points;
}

const RADII = [undefined, 25, 50] as const;

async function statsAt(
  lat: number,
  lon: number,
  radius: number | undefined,
): Promise<HistoricalStats | null> {
  const query = `lat=${lat}&lon=${lon}${radius === undefined ? '' : `&radius=${radius}`}`;
  const response = await file.service.composition.app.inject({
    url: `/v1/historical/stats?${query}`,
    headers: { authorization: `Bearer ${file.key}` },
  });
  // outside Belgium, or a radius with no outdoor cell: not a place a report is made of
  if (response.statusCode === 422) return null;
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as HistoricalStats;
}

/** what a report in `lang` prints as its attribution, as the report service picks it (services/data/historical.ts) */
function attributionOf(stats: HistoricalStats, lang: ReportLang): string | undefined {
  const city = stats.city ? EMBEDDED_REGISTRY.find(stats.city.id) : undefined;
  if (!city) return undefined;
  return (lang === 'en' ? undefined : city.attributionTranslations?.[lang]) ?? city.attribution;
}

const between = (html: string, start: string, end: string): string => {
  const from = html.indexOf(start);
  if (from < 0) return '';
  const to = html.indexOf(end, from + start.length);
  return html.slice(from, to < 0 ? undefined : to);
};
const text = (markup: string) =>
  markup
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<title>[\s\S]*?<\/title>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    // line breaks and indents only: the no-break spaces are part of what is checked
    .replace(/[ \t\r\n]+/g, ' ');

/** words that name a limit, by language */
const LIMIT_WORDS: Record<ReportLang, RegExp> = {
  en: /\blimit(s|ing|ed)?\b|\bdecides\b/i,
  fr: /\blimit(e|ent|ant)\b|déterminant/i,
  nl: /\bbeperk|\bbeslist\b/i,
};

/**
 * The credits and names a French or Dutch report prints as they are (sources' names,
 * licences, standards): taken out before the English check.
 */
const VERBATIM = [
  '© OpenStreetMap contributors',
  'OpenStreetMap',
  'Natural Earth',
  'climate.onebuilding.org',
  'NOAA ISD',
  'Copernicus ERA5',
  'TMYx',
  'City of London',
  'Universal Thermal Climate Index',
  'svc-api',
  'ODbL',
];
/** English words no French or Dutch sentence uses (not "of" or "is": Dutch words too) */
const ENGLISH_WORDS =
  /(?<!\p{L})(the|and|for|to|with|from|which|between|above|below|hours?|days?|weather|buildings|values|output|measurements|typical|year|not|are|by|this|these|inside|outside|only|than|when|where)(?!\p{L})/iu;

/** a colon, semicolon, question or exclamation mark written without the space French puts before it */
const FRENCH_TIGHT_PUNCTUATION = /[^\s\u00a0\u202f\d][:;!?](?=[\s\u00a0]|$)/u;

const NEVER: Record<ReportLang, string> = { en: 'never', fr: 'jamais', nl: 'nooit' };

interface Place {
  stats: HistoricalStats;
  where: string;
}

describe('reports over many places, in three languages, never contradict themselves', () => {
  const places: Place[] = [];

  test('at least 50 places of the model answer their statistics', async () => {
    const candidates: Array<[number, number]> = [...BRUSSELS, ...belgianLattice()];
    for (const [index, [lat, lon]] of candidates.entries()) {
      const radius = RADII[index % RADII.length];
      const stats = await statsAt(lat, lon, radius);
      if (stats) places.push({ stats, where: `${lat},${lon} r=${radius ?? 'default'}` });
    }
    assert.ok(places.length >= 50, `${places.length} places`);
    assert.ok(
      places.some((place) => place.stats.meta.dataset === 'brussels_extended') &&
        places.some((place) => place.stats.meta.dataset === 'belgium_lowres'),
      'both datasets among the places',
    );
  });

  test('each rule holds in every report', () => {
    assert.ok(places.length >= 50);
    let nevers = 0;
    let bounded = 0;
    let tops = 0;
    for (const { stats, where } of places) {
      for (const lang of REPORT_LANGS) {
        const tr = translator(lang);
        const at = `${where} ${lang}`;
        const attribution = attributionOf(stats, lang);
        const html = renderReportHtml(stats, lang, {
          jobId: '0b6f7c9e-2d4a-4c1e-9f3b-8a7d6e5c4b3a',
          address: `${stats.location.lat}, ${stats.location.lon}`,
          generatedAtMs: Date.UTC(2026, 11, 3, 7),
          ...(attribution ? { attribution } : {}),
        });

        // wind: "never" only next to a zero, and only when no hour is proven by the maxima
        const wind = stats.wind;
        if (wind) {
          const rows = [
            ...html.matchAll(
              /<tr class="exceedance (\w+)"><td>[^<]*<\/td><td class="num">([^<]*)<\/td><td class="num muted">([^<]*)<\/td><\/tr>/g,
            ),
          ];
          assert.equal(rows.length, 5, `${at}: five exceedance rows`);
          const keys = [
            'above_frequent_sitting',
            'slightly_windy_or_worse',
            'windy_or_worse',
            'very_windy_or_worse',
            'danger',
          ] as const;
          // an hour above each threshold is certain when the block's maxima cross it (scale rules: class 2 Ucomfort ≥ 4,
          // class 3 > 6, class 4 > 8 or gust ≥ 10, class 5 > 15 or gust > 15; the windiest hour's effective speed is max(U, gust/1.85))
          const certain = [
            wind.worst_moment_ms > 2.51,
            wind.worst_moment_ms > 8.1 || wind.max_gust_ms >= 10.01,
            wind.worst_moment_ms > 8.1 || wind.max_gust_ms >= 10.01,
            wind.worst_moment_ms > 8.1 || wind.max_gust_ms >= 10.01,
            wind.worst_moment_ms > 15.1 || wind.max_gust_ms > 15.01,
          ];
          rows.forEach((row, index) => {
            const share = text(row[2]!).trim();
            const hours = text(row[3]!).trim();
            const published = wind.exceedance_pct[keys[index]!];
            if (hours === NEVER[lang]) {
              nevers++;
              assert.equal(published, 0, `${at} ${keys[index]}: "never" beside a published ${published} %`);
              assert.match(
                share,
                /^0([.,]0)?[\u00a0\u202f]?%$/,
                `${at} ${keys[index]}: "never" beside ${share}`,
              );
              assert.ok(!certain[index], `${at} ${keys[index]}: "never" though the maxima prove an hour`);
            } else if (published === 0) {
              bounded++;
              assert.match(share, /^<\u00a0/, `${at} ${keys[index]}: an unproven zero reads as a bound`);
            } else {
              assert.doesNotMatch(
                share,
                /^0([.,]0)?[\u00a0\u202f]?%$/,
                `${at}: a non-zero share printed as zero`,
              );
            }
          });
        }

        // nothing named as limiting at the top score
        const cards = between(html, '<section class="glance">', '</section>');
        const daily = between(html, '<section class="daily">', '</section>');
        for (const id of ['air', 'thermal'] as const) {
          const block = stats[id];
          if (!block) continue;
          const headline = between(
            between(html, `<section class="theme ${id}">`, '</section>'),
            '<div class="headline">',
            '<figure',
          );
          const card = between(cards, `<div class="card ${id}">`, '</div>\n');
          const life = between(daily, `<div class="life ${id}">`, '</div>');
          const said = text(`${headline} ${card} ${life}`);
          if (block.score >= 10) {
            tops++;
            assert.doesNotMatch(said, LIMIT_WORDS[lang], `${at} ${id} at 10/10 names a limit`);
          } else if (id === 'air') {
            assert.ok(
              said.includes(tr.t('airLimiting', { pollutant: '' }).split(/\s*[:：]/)[0]!),
              `${at}: the limiting pollutant named`,
            );
          }
        }

        // the thermal paragraph and its heat-stress days
        const thermal = stats.thermal;
        if (thermal) {
          const life = text(between(daily, '<div class="life thermal">', '</div>'));
          const days = thermal.strong_heat_stress_days;
          const noDay = tr.t('thermalHeatFactsNone', { nights: '' }).split(/[,،]/)[0]!;
          if (days === 0) assert.ok(life.includes(noDay), `${at}: no heat-stress day said so`);
          else {
            assert.ok(!life.includes(noDay), `${at}: ${days} heat-stress days, yet "no day"`);
            assert.match(life, new RegExp(`\\b${days}\\b`), `${at}: the ${days} heat-stress days counted`);
          }
        }

        // the reference year is a typical year wherever it is printed; the cover says simulated
        const body = text(html.slice(html.indexOf('<body>')));
        const year = String(stats.meta.reference_year);
        const typical = tr.t('yearAs', {
          year,
          weather: tr.t('weatherTypical', { from: '2007', to: '2021' }),
        });
        // the year as a word: not the digits inside a coordinate or a report id
        const printed = body.match(new RegExp(`(?<![\\d.,])${year}(?![\\d.,]\\d)`, 'g'))?.length ?? 0;
        assert.ok(printed >= 1, `${at}: the reference year printed`);
        assert.equal(body.split(typical).length - 1, printed, `${at}: every "${year}" is "${typical}"`);
        assert.ok(
          text(between(html, '<header class="cover">', '</header>')).includes(
            tr.t('coverSimulated', { weather: tr.t('weatherTypical', { from: '2007', to: '2021' }) }),
          ),
          `${at}: the cover says the figures are simulated`,
        );

        // French and Dutch: no English sentence but the verbatim credits
        if (lang !== 'en') {
          assert.match(html, new RegExp(`<html lang="${lang}">`));
          let foreign = body;
          for (const credit of VERBATIM) foreign = foreign.split(credit).join(' ');
          for (const sentence of foreign.split(/(?<=[.!?])\s+/)) {
            assert.doesNotMatch(sentence, ENGLISH_WORDS, `${at}: an English sentence: ${sentence}`);
          }
          if (lang === 'fr') {
            const tight = FRENCH_TIGHT_PUNCTUATION.exec(body.replace(/https?:\/\/\S+/g, ''));
            assert.equal(
              tight,
              null,
              `${at}: no space before "${tight?.[0]}" in …${body.slice(Math.max(0, (tight?.index ?? 0) - 40), (tight?.index ?? 0) + 10)}`,
            );
          }
        }
      }
    }
    // the places exercise the rules, not only their easy side
    process.stdout.write(
      `# ${places.length} places: ${nevers} "never", ${bounded} bounded zeros, ${tops} top scores\n`,
    );
  });
});
