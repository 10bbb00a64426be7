import { AIR_MESSAGES } from '../../metrics/air/messages.ts';
import { THERMAL_MESSAGES } from '../../metrics/thermal/messages.ts';
import { WIND_MESSAGES } from '../../metrics/wind/messages.ts';
import type { MessageKey } from './en.ts';

/** Tekst van het rapport in het Nederlands (België). */
export const nl: Record<MessageKey, string> = {
  brand: 'svc-api · Rapport over de leefomgeving',
  title: 'Omgevingsrapport',
  subtitle: '{topics} op dit adres',
  generatedLabel: 'Opgemaakt op',
  reportId: 'Rapport {id}',
  coordinates: 'Coördinaten',
  coordinatesValue: '{lat}° NB, {lon}° OL',
  area: 'Gebied',
  areaNationwide: 'België (nationale gegevens)',
  dataset: 'Gegevens',
  dataset_brussels_extended: 'Model met hoge resolutie voor {city}, op straatniveau (cellen van {cell})',
  dataset_belgium_lowres: 'Nationale gegevens voor België, cellen van ongeveer 1 km',
  nationwideNote:
    'Buiten de zones met hoge resolutie van de steden komen deze cijfers uit de nationale gegevens, met een lagere resolutie: elke waarde beschrijft een cel van ongeveer 1 km rond het adres, dus eerder de omgeving dan deze straat, en er is geen vergelijking met het stadscentrum.',
  referenceYear: 'Referentiejaar',
  // what the reference year is (sections/weather-year.ts)
  yearAs: '{year}, {weather}',
  weatherTypical: 'een typisch jaar uit het weer van {from} tot {to}',
  weatherTypicalUndated: 'een typisch jaar uit gemeten weer',
  weatherMeasured: 'het weer van dat jaar (heranalyse)',
  weatherSimulated: 'gegenereerd weer, geen gemeten jaar',
  coverSimulated:
    'Gesimuleerd, niet gemeten: deze cijfers zijn de uitvoer van een microklimaatmodel, doorgerekend op {weather}.',
  coverSimulatedPlain: 'Gesimuleerd, niet gemeten: deze cijfers zijn de uitvoer van een microklimaatmodel.',
  sampling: 'Waarden uit',
  sampling_point: 'de rastercel waarin het adres ligt',
  sampling_nearest_outdoor:
    'de dichtstbijzijnde buitencellen, op {distance} m (het adres ligt in een gebouw)',
  sampling_radius: 'het gemiddelde van {cells} binnen {radius} m',
  cells_one: '{count} buitencel',
  cells_other: '{count} buitencellen',
  samplingNote:
    'Deze cijfers zijn het gemiddelde van {cells} binnen {radius} m rond het adres en kunnen dus licht afwijken van die welke de API voor het punt zelf geeft, die alleen de cel beschrijven waarin het ligt.',

  glanceTitle: 'In één oogopslag',
  glanceIntro:
    'Elk thema wordt samengevat met zijn score van 0 tot 10 (hoger is beter): het jaar vergeleken met richtlijnen voor gezondheid en comfort, met het label van zijn klasse. De beoordeling eronder zegt hoe vaak de omstandigheden goed zijn.',
  scoreLegend: 'Betekenis van de score:',
  rating: 'Beoordeling',
  score: 'Score',
  outOfTen: '{value} / 10',
  dailyLife: 'Wat dit betekent in het dagelijks leven',

  noData: 'geen gegevens',
  days_one: '{count} dag',
  days_other: '{count} dagen',
  nights_one: '{count} tropische nacht',
  nights_other: '{count} tropische nachten',

  methodTitle: 'Methode en bronnen',
  methodModel_brussels_extended:
    'De cijfers beschrijven het referentiejaar {year}: {hours} uurwaarden van het model met hoge resolutie voor {city} (cellen van {cell}, gebouwen meegerekend) voor {cells}, berekend op {generated}.',
  methodModel_belgium_lowres:
    'De cijfers beschrijven het referentiejaar {year}: {hours} uurwaarden van de nationale gegevens (cellen van ongeveer 1 km, zonder afzonderlijke gebouwen) voor {cells}, berekend op {generated}.',
  methodScores:
    'Beoordelingen en scores gaan van 0 tot 10, hoger is beter, en worden op dezelfde manier berekend voor de gegevens met hoge resolutie en de nationale gegevens. De kleuren volgen de schalen die de dienst publiceert.',
  methodLimits:
    'Dit zijn gemodelleerde jaarstatistieken, geen metingen: ze beschrijven de gebruikelijke omstandigheden buiten, geen bepaalde dag, en zeggen niets over lucht of temperatuur binnen.',
  attributionTitle: 'Bronvermelding',
  attributionDefault:
    'Uitvoer van het microklimaatmodel van svc-api, een deterministische simulatie: dit zijn geen metingen. Buiten de zones van de steden rekent het model op een gegenereerde kaart van België in cellen van 1 km (kernen, autosnelwegen, bossen, reliëf) en een gemeten weerjaar: standaard het typische jaar van Ukkel 2007–2021 (TMYx, climate.onebuilding.org, op basis van NOAA ISD en Copernicus ERA5). Omtrek van België: Natural Earth.',
  attributionLive:
    'De live gegevens achter de realtime- en verwachtingsantwoorden van de dienst (niet gebruikt in deze jaarstatistieken): {credits}.',
  mapTitle: 'Het adres en de omgeving',
  mapCaption:
    'Kleuren: gevoelstemperatuur (UTCI) op zomernamiddagen, het gemiddelde van {days} dagen om {hour}, van juni tot augustus.',
  mapBuildings: 'Gebouwen',
  mapStreets: 'Straten (OpenStreetMap)',
  mapSampled: 'Cellen waar de cijfers vandaan komen',
  mapSampledRadius: 'Straal van het gemiddelde en de cellen erin',
  mapRadius: 'Straal van het gemiddelde',
  mapPoint: 'Het adres',
  mapNorth: 'N',
  mapAlt:
    'Kaart van de omgeving van het adres: gebouwen, de cellen waar de cijfers vandaan komen en de gevoelstemperatuur op zomernamiddagen. Het noorden is boven.',
  readingTitle: 'Hoe de cijfers te lezen',
  readingIntro:
    'De beoordeling (0 tot 10) zegt hoe vaak de omstandigheden goed zijn; de score (0 tot 10) vergelijkt het jaar met richtlijnen voor gezondheid en comfort. Het label naast een score volgt de klassen van de legende hieronder en betekent hetzelfde voor de drie thema’s.',
  /** a label and its value, punctuated as the language does (French: a space before the colon) */
  labelled: '{label}: {value}',
  colTheme: 'Thema',
  footer: 'svc-api · rapport {id} · opgemaakt op {date} · bestanden 30 dagen bewaard',
  // each metric's own text, kept in its module (domain/metrics/<id>/messages.ts)
  ...AIR_MESSAGES.nl,
  ...WIND_MESSAGES.nl,
  ...THERMAL_MESSAGES.nl,
};

export const nlLabels: Record<string, string> = {
  Excellent: 'Uitstekend',
  'Very good': 'Zeer goed',
  Good: 'Goed',
  'Fairly good': 'Vrij goed',
  Fair: 'Vrij goed',
  Moderate: 'Matig',
  Average: 'Matig',
  Poor: 'Slecht',
  'Very poor': 'Zeer slecht',
  Bad: 'Erg slecht',
  'Very bad': 'Uiterst slecht',
  Horrible: 'Afschuwelijk',
  Calm: 'Rustig',
  'Slightly windy': 'Licht winderig',
  Windy: 'Winderig',
  'Very windy': 'Zeer winderig',
  Danger: 'Gevaar',
  Sheltered: 'Beschut',
  Breezy: 'Winderig',
  Exposed: 'Blootgesteld',
  'Extreme cold': 'Extreme koude',
  'Very strong cold': 'Zeer sterke koude',
  'Strong cold': 'Sterke koude',
  'Moderate cold': 'Matige koude',
  'Slight cold': 'Lichte koude',
  Comfortable: 'Comfortabel',
  Acceptable: 'Aanvaardbaar',
  Uncomfortable: 'Oncomfortabel',
  'Very uncomfortable': 'Zeer oncomfortabel',
  'Moderate heat': 'Matige hitte',
  'Strong heat': 'Sterke hitte',
  'Very strong heat': 'Zeer sterke hitte',
  'Extreme heat': 'Extreme hitte',
  // city names (the registry writes them in English)
  Brussels: 'Brussel',
};
