import { AIR_MESSAGES } from '../../metrics/air/messages.ts';
import { THERMAL_MESSAGES } from '../../metrics/thermal/messages.ts';
import { WIND_MESSAGES } from '../../metrics/wind/messages.ts';
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
  // what the reference year is (sections/weather-year.ts)
  yearAs: '{year}, {weather}',
  weatherTypical: 'a typical year of {from}–{to} weather',
  weatherTypicalUndated: 'a typical year of measured weather',
  weatherMeasured: 'the weather of that year (reanalysis)',
  weatherSimulated: 'generated weather, not a measured year',
  coverSimulated:
    'Simulated, not measured: these figures are the output of a microclimate model run on {weather}.',
  coverSimulatedPlain: 'Simulated, not measured: these figures are the output of a microclimate model.',
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
  dailyLife: 'What it means day to day',

  noData: 'no data',
  days_one: '{count} day',
  days_other: '{count} days',
  nights_one: '{count} tropical night',
  nights_other: '{count} tropical nights',

  methodTitle: 'Method and sources',
  methodModel_brussels_extended:
    'The figures describe the reference year {year}: {hours} hourly values of the high-resolution model of {city} ({cell} cells, buildings resolved) for {cells}, computed on {generated}.',
  methodModel_belgium_lowres:
    'The figures describe the reference year {year}: {hours} hourly values of the nationwide dataset (cells of about 1 km, buildings not resolved) for {cells}, computed on {generated}.',
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
    'Colours: felt temperature (UTCI) on summer afternoons, the average of {days} days at {hour}, June to August.',
  mapBuildings: 'Buildings',
  mapStreets: 'Streets (OpenStreetMap)',
  mapSampled: 'Cells the figures come from',
  mapSampledRadius: 'Averaging radius and its cells',
  mapRadius: 'Averaging radius',
  mapPoint: 'The address',
  mapNorth: 'N',
  mapAlt:
    'Map of the surroundings of the address: buildings, the cells the figures come from and the felt temperature on summer afternoons. North is up.',
  readingTitle: 'How to read the figures',
  readingIntro:
    'The rating (0 to 10) says how often conditions are good; the score (0 to 10) compares the year with health and comfort guidelines. The label next to a score follows the bands of the key below and means the same on all three themes.',
  /** a label and its value, punctuated as the language does (French: a space before the colon) */
  labelled: '{label}: {value}',
  colTheme: 'Theme',
  footer: 'svc-api · report {id} · generated {date} · files kept for 30 days',
  // each metric's own text, kept in its module (domain/metrics/<id>/messages.ts)
  ...AIR_MESSAGES.en,
  ...WIND_MESSAGES.en,
  ...THERMAL_MESSAGES.en,
} as const;

export type MessageKey = keyof typeof en;

/** labels that come from the statistics, the scales and the city registry (English there), in this language */
export const enLabels: Record<string, string> = {};
