/**
 * English report text. Placeholders are `{name}`; every language file has exactly the
 * keys and placeholders of this one (test/reports/i18n.test.ts holds them to it).
 */
export const en = {
  brand: 'svc-api · Environmental Intelligence Report',
  title: 'Environmental report',
  subtitle: '{topics} at this address',
  generatedLabel: 'Generated on',
  reportId: 'Report {id}',
  coordinates: 'Coordinates',
  coordinatesValue: '{lat}° N, {lon}° E',
  area: 'Area',
  areaNationwide: 'Belgium (nationwide dataset)',
  dataset: 'Dataset',
  dataset_brussels_extended: 'High-resolution model of {city}, street scale ({cell} cells)',
  dataset_belgium_lowres: 'Belgium nationwide dataset, about 1 km cells',
  nationwideNote:
    'Outside the high-resolution zones of the cities, these figures come from the lower-resolution nationwide dataset: each value describes a cell of about 1 km around the address, so the surrounding area rather than this street, and there is no city-centre comparison.',
  referenceYear: 'Reference year',
  sampling: 'Values taken from',
  sampling_point: 'the grid cell containing the address',
  sampling_nearest_outdoor: 'the nearest outdoor cells, {distance} m away (the address is inside a building)',
  sampling_radius: 'the average of {cells} within {radius} m',
  cells_one: '{count} outdoor grid cell',
  cells_other: '{count} outdoor grid cells',
  samplingNote:
    'These figures are the average of the {cells} within {radius} m of the address, so they can differ slightly from those the API gives for the point itself, which describe the one cell containing it.',

  glanceTitle: 'At a glance',
  glanceIntro:
    'Each theme leads with its score from 0 to 10, higher is better: the year read against health and comfort guidelines, with the label of its band. The rating under it says how often conditions are good.',
  scoreLegend: 'Score labels:',
  rating: 'Rating',
  score: 'Score',
  outOfTen: '{value} / 10',
  airTitle: 'Air quality',
  windTitle: 'Wind comfort',
  thermalTitle: 'Thermal comfort',
  glanceAir: 'Rating {rating} / 10: good air during {pct} of the hours.',
  glanceWindSame:
    'Rating {rating} / 10, the same as the score: the windiest hour ({worst} m/s) does not lower it. Calm during {pct} of the hours.',
  glanceWindCapped:
    'Rating {rating} / 10, lowered by the windiest hour ({worst} m/s). Calm during {pct} of the hours.',
  glanceThermal:
    'Rating {rating} / 10: in the weakest season outside winter, {season}, {pct} of the daytime hours are comfortable.',
  keyFigures: 'Key figures',
  dailyLife: 'What it means day to day',

  airIntro:
    'Every hour of the year is graded on the Belgian BelAQI index, from 1 (excellent) to 10 (horrible). The hourly grade is set by the worst of three pollutants: nitrogen dioxide, fine particles and coarser particles. Classes 1 to 4 count as good air.',
  airRatingExplain:
    'Rating {rating}: the air was good (BelAQI 1 to 4) during {pct} of the {hours} graded hours.',
  airScoreExplain:
    'Score {score} ({label}): the yearly average of each pollutant read against the World Health Organization guidelines of 2021; the pollutant furthest above its guideline decides.',
  airLimiting: 'Pollutant that limits the score: {pollutant}.',
  airDistributionTitle: 'How the hours were graded (BelAQI)',
  airMonthlyTitle: 'Share of hours with good air, month by month',
  airMonthlyHighlight: 'Outlined: best and weakest month',
  airBestWorst: 'Best month: {best} ({bestPct}). Weakest month: {worst} ({worstPct}).',
  airDayNight: 'Good air by day (08:00–20:00): {day}. By night (20:00–08:00): {night}.',
  airDominant: 'Pollutant that most often set the hourly grade: {pollutant}, in {pct} of graded hours.',
  airMeansTitle: 'Yearly averages against the guidelines',
  cityReference: 'City-centre reference',
  colPollutant: 'Pollutant',
  colAnnualMean: 'Yearly average',
  colWho: 'WHO guideline',
  colEu: 'EU limit 2030',
  colSubscore: 'Subscore',
  noData: 'no data',
  airBenchmarkBetter:
    'The city-centre reference has good air {ref} of the time: this address does better by {diff} percentage points.',
  airBenchmarkWorse:
    'The city-centre reference has good air {ref} of the time: this address does worse by {diff} percentage points.',
  airBenchmarkSame: 'The city-centre reference has good air {ref} of the time, the same as this address.',
  pollutant_no2: 'nitrogen dioxide (NO₂)',
  pollutant_pm25: 'fine particles (PM2.5)',
  pollutant_pm10: 'particles (PM10)',
  source_no2:
    'Nitrogen dioxide comes mostly from road traffic: it is highest along busy streets and at rush hour, and falls quickly a street or two away.',
  source_pm25:
    'Fine particles come from heating, traffic and industry, and much is carried in from far away: levels are highest in winter and during regional pollution episodes.',
  source_pm10:
    'Particles come from traffic (brakes, tyres, road dust), building work and heating, plus regional background: levels are highest in winter and during episodes.',
  airLife_high:
    'Clean air for most of the year. Outdoor sport, children playing outside and airing the home need no special planning.',
  airLife_good:
    'Generally good air. On the poorer days, mostly in winter and at rush hour, sensitive people may prefer to exercise away from traffic.',
  airLife_fair:
    'Air quality is a real concern here for part of the year. Air the home at quiet times (late evening, early morning), and run or cycle on quieter streets or in parks.',
  airLife_poor:
    'The air is often poor here. People with asthma, heart conditions, young children and older people are the most affected: prefer the quieter side of the building for bedrooms and avoid exercise along the street.',

  windIntro:
    'Every hour is classed from calm to dangerous using the wind speed and gusts felt by pedestrians, following the Lawson comfort criteria used in wind studies for planning: comfort thresholds at 4, 6 and 8 m/s and a safety threshold at 15 m/s.',
  windRatingSame:
    'Rating {rating}: the same as the score; the windiest hour of the year ({worst} m/s) was not strong enough to lower it.',
  windRatingCapped:
    'Rating {rating}: below the score because of the windiest hour of the year ({worst} m/s); a single stormy hour matters for safety.',
  windScoreExplain:
    'Score {score} ({label}): how often each comfort threshold is exceeded, against the yearly allowances of the City of London method.',
  windDistributionTitle: 'How windy the hours were',
  windExceedanceTitle: 'Share of the year above each comfort threshold',
  exceed_above_frequent_sitting: 'Above 2.5 m/s, the limit for long sitting',
  exceed_slightly_windy_or_worse: 'Slightly windy or worse',
  exceed_windy_or_worse: 'Windy or worse',
  exceed_very_windy_or_worse: 'Very windy or worse',
  exceed_danger: 'Dangerous',
  exceedHours: 'about {hours} h a year',
  exceedUnderOneHour: 'less than 1 h a year',
  exceedNever: 'never',
  windMonthlyTitle: 'Average pedestrian wind speed by month (m/s)',
  windMean: 'Average wind speed at pedestrian level',
  windP95: 'Exceeded only 5% of the time',
  windMaxGust: 'Strongest gust',
  windWorst: 'Windiest hour of the year',
  windWorstHours: 'Windiest hour of the year; {hours} h came within 0.5 m/s of it',
  windDanger:
    'Dangerous wind occurred during {pct} of the hours ({hours}): gusts that can make cyclists, children and older people lose their balance.',
  windLife_high: 'A sheltered spot. Terraces, balconies and benches can be used whenever the weather allows.',
  windLife_good:
    'Mostly pleasant. On the windier days, long sitting outside (a café terrace, a balcony lunch) is less comfortable; walking is fine.',
  windLife_fair:
    'Noticeably windy. Outdoor sitting areas need shelter such as screens, hedges or canopies; umbrellas and light furniture need securing.',
  windLife_poor:
    'Uncomfortable or even hazardous wind occurs here. Expect doors that are hard to open, sitting outside to be rarely pleasant, and take care on a bicycle on stormy days.',

  thermalIntro:
    'Thermal comfort is measured with the UTCI (Universal Thermal Climate Index): the temperature a person outdoors actually feels, combining air temperature, humidity, wind and sun or shade. Between 9 and 26 °C there is no thermal stress; 0 to 32 °C is still acceptable.',
  thermalRatingExplain:
    'Rating {rating}: in the weakest season for outdoor life, {season}, {pct} of the daytime hours (08:00–20:00) are comfortable. Winter is left out of the rating, as few people linger outdoors then.',
  thermalScoreExplain:
    'Score {score} ({label}): every season’s share of acceptable daytime hours (0 to 32 °C), each judged against what is usual for that season; the weakest, {season}, decides.',
  thermalSeasonsTitle: 'Comfortable and acceptable daytime hours by season',
  legendComfortable: 'Comfortable (9 to 26 °C)',
  legendAcceptable: 'Acceptable (0 to 32 °C)',
  season_winter: 'Winter',
  season_spring: 'Spring',
  season_summer: 'Summer',
  season_autumn: 'Autumn',
  seasonInText_winter: 'winter',
  seasonInText_spring: 'spring',
  seasonInText_summer: 'summer',
  seasonInText_autumn: 'autumn',
  thermalMonthlyTitle: 'Average felt temperature (UTCI) by month, °C',
  thermalSummerTitle: 'Summer heat',
  heatDays: 'Days with strong heat stress (UTCI above 32 °C)',
  tropicalNights: 'Tropical nights (the air stays at 20 °C or warmer all night)',
  summerNight: 'Average felt temperature on summer nights',
  summerNightWarmer: 'On summer nights this place feels {diff} °C warmer than the average of {area}.',
  summerNightCooler: 'On summer nights this place feels {diff} °C cooler than the average of {area}.',
  summerNightSame: 'On summer nights this place feels as warm as the average of {area}.',
  area_brussels_extended: 'the high-resolution zone of {city}',
  area_belgium_lowres: 'Belgium',
  summerDayComfort: 'Comfortable summer daytime hours',
  thermalYear:
    'Over the year the felt temperature averages {mean} °C, from {min} °C to {max} °C; {pct} of all hours are comfortable.',
  thermalLife_high_heat:
    'Pleasant outdoors for most of the warm season; on the hottest afternoons, look for shade.',
  thermalLife_good_heat:
    'Comfortable most of the time. On hot afternoons look for shade; bedrooms usually cool down at night.',
  thermalLife_fair_heat:
    'Summer heat is felt here: plan outdoor activity for the morning or evening, shade south- and west-facing windows, and expect some warm nights.',
  thermalLife_poor_heat:
    'Heat stress is frequent. Shade, trees and cool indoor spaces matter; vulnerable people need attention during heat waves, and nights may stay too warm for good sleep.',
  thermalLife_high_cold:
    'Comfortable outdoors for much of the year; as everywhere in Belgium, cold and windy days are the main limit.',
  thermalLife_good_cold:
    'Mostly comfortable. In the cold season it often feels below freezing outdoors, and wind makes it feel colder still: sunny, sheltered spots extend the outdoor season.',
  thermalLife_fair_cold:
    'Cold limits outdoor comfort here: in winter and on windy spring and autumn days it feels much colder than the thermometer says. Wind screens and sunny, sheltered seating help.',
  thermalLife_poor_cold:
    'The place is exposed to the cold: for much of the cold season it feels well below freezing. Outdoor seating needs shelter from the wind, and people should dress for a felt temperature far below the air temperature.',
  thermalHeatFacts: 'Each year: {days} with strong heat stress and {nights}.',
  days_one: '{count} day',
  days_other: '{count} days',
  nights_one: '{count} tropical night',
  nights_other: '{count} tropical nights',

  methodTitle: 'Method and sources',
  methodModel_brussels_extended:
    'The figures describe the reference year {year}: {hours} hourly values of the high-resolution model of {city} ({cell} cells, buildings resolved) for {cells}, computed on {generated}.',
  methodModel_belgium_lowres:
    'The figures describe the reference year {year}: {hours} hourly values of the nationwide dataset (cells of about 1 km, buildings not resolved) for {cells}, computed on {generated}.',
  methodAir:
    'Air: BelAQI index of the Belgian interregional environment agency (IRCEL-CELINE, 2022 hourly thresholds); scores anchored on the WHO 2021 global air quality guidelines.',
  methodWind:
    'Wind: pedestrian-level mean and gust speeds, Lawson comfort classes and the City of London (2019) exceedance method.',
  methodThermal:
    'Heat and cold: UTCI, with the ten stress categories of the international UTCI definition; daytime is 08:00 to 20:00 Belgian time.',
  methodScores:
    'Ratings and scores run from 0 to 10, higher is better, and are computed the same way in the high-resolution and nationwide datasets. Colours follow the scales published by the service.',
  methodLimits:
    'These are modelled yearly statistics, not measurements: they describe typical conditions outdoors, not a particular day, and say nothing about indoor air or temperatures.',
  attributionTitle: 'Attribution',
  attributionDefault:
    'Output of the svc-api microclimate model, a deterministic simulation, not measurements. Outside the cities’ zones the model runs on a generated map of Belgium in 1 km cells (towns, motorways, forests, terrain) and a measured weather year: by default the Uccle typical year 2007–2021 (TMYx, climate.onebuilding.org, from NOAA ISD and Copernicus ERA5). Belgium outline: Natural Earth.',
  attributionLive:
    'The live data behind the service’s real-time and forecast answers (not used in these yearly statistics): {credits}.',
  mapTitle: 'The address and its surroundings',
  mapCaption:
    'Colours: felt temperature (UTCI) on summer afternoons, the average of {days} days at {hour}, June to August {year}.',
  mapBuildings: 'Buildings',
  mapSampled: 'Cells the figures come from',
  mapSampledRadius: 'Averaging radius and its cells',
  mapRadius: 'Averaging radius',
  mapPoint: 'The address',
  mapNorth: 'N',
  mapAlt:
    'Map of the surroundings of the address: buildings, the cells the figures come from and the felt temperature on summer afternoons. North is up.',
  windClassesTitle: 'What the comfort classes mean',
  windClass_1: 'below 4 m/s: comfortable for walking, standing and sitting for a while',
  windClass_2: '4 to 6 m/s: fine for standing and short stops, not for sitting',
  windClass_3: '6 to 8 m/s: fine for walking, unpleasant for standing or sitting',
  windClass_4: 'above 8 m/s, or gusts of 10 m/s: only brisk walking is tolerable',
  windClass_5: 'above 15 m/s: people can lose their balance, especially cyclists and frail people',
  windSittingNote:
    'Long sitting, as on a café terrace used every day, needs a stricter limit than the calm class: 2.5 m/s, the City of London criterion for frequent sitting. Hours between 2.5 and 4 m/s still count as calm; here {pct} of the hours are above 2.5 m/s.',
  readingTitle: 'How to read the figures',
  readingIntro:
    'The rating (0 to 10) says how often conditions are good; the score (0 to 10) compares the year with health and comfort guidelines. The label next to a score follows the bands of the key below and means the same on all three themes.',
  colTheme: 'Theme',
  readingRating_air: 'share of hours with good air (BelAQI 1 to 4), divided by 10',
  readingScore_air: 'yearly averages against the WHO 2021 guidelines',
  readingRating_wind: 'the score, lowered when the windiest hour of the year is dangerous',
  readingScore_wind: 'how often the comfort thresholds are exceeded, against the City of London allowances',
  readingRating_thermal:
    'share of comfortable daytime hours in the weakest season outside winter, divided by 10',
  readingScore_thermal: 'each season’s acceptable daytime hours against what is usual for that season',
  footer: 'svc-api · report {id} · generated {date} · files kept for 30 days',
} as const;

export type MessageKey = keyof typeof en;

/** labels that come from the statistics, the scales and the city registry (English there), in this language */
export const enLabels: Record<string, string> = {};
