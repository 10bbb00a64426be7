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
  airTitle: 'Luchtkwaliteit',
  windTitle: 'Windcomfort',
  thermalTitle: 'Thermisch comfort',
  glanceAir: 'Beoordeling {rating} / 10: goede lucht tijdens {pct} van de uren.',
  glanceWindSame:
    'Beoordeling {rating} / 10, gelijk aan de score: het winderigste uur ({worst} m/s) verlaagt ze niet. Rustig tijdens {pct} van de uren.',
  glanceWindCapped:
    'Beoordeling {rating} / 10, verlaagd door het winderigste uur ({worst} m/s). Rustig tijdens {pct} van de uren.',
  glanceThermal:
    'Beoordeling {rating} / 10: in het zwakste seizoen buiten de winter, {season}, is {pct} van de uren overdag comfortabel.',
  keyFigures: 'Kerncijfers',
  dailyLife: 'Wat dit betekent in het dagelijks leven',

  airIntro:
    'Elk uur van het jaar krijgt een klasse op de Belgische BelAQI-index, van 1 (uitstekend) tot 10 (afschuwelijk). De klasse van het uur wordt bepaald door de slechtste van drie polluenten: stikstofdioxide, fijn stof en grover stof. Klassen 1 tot 4 gelden als goede lucht.',
  airRatingExplain:
    'Beoordeling {rating}: de lucht was goed (BelAQI 1 tot 4) tijdens {pct} van de {hours} beoordeelde uren.',
  airScoreExplain:
    'Score {score} ({label}): het jaargemiddelde van elke polluent, afgezet tegen de richtlijnen van de Wereldgezondheidsorganisatie van 2021; de polluent die het verst boven zijn richtwaarde ligt, beslist.',
  airLimiting: 'Polluent die de score beperkt: {pollutant}.',
  airDistributionTitle: 'Verdeling van de uren per klasse (BelAQI)',
  airMonthlyTitle: 'Aandeel uren met goede lucht, maand per maand',
  airMonthlyHighlight: 'Omkaderd: beste en zwakste maand',
  airBestWorst: 'Beste maand: {best} ({bestPct}). Zwakste maand: {worst} ({worstPct}).',
  airDayNight: 'Goede lucht overdag (van 8 tot 20 uur): {day}. ’s Nachts (van 20 tot 8 uur): {night}.',
  airDominant:
    'Polluent die het vaakst de klasse van het uur bepaalde: {pollutant}, tijdens {pct} van de beoordeelde uren.',
  airMeansTitle: 'Jaargemiddelden tegenover de richtwaarden',
  cityReference: 'Referentie stadscentrum',
  colPollutant: 'Polluent',
  colAnnualMean: 'Jaargemiddelde',
  colWho: 'WHO-richtlijn',
  colEu: 'EU-grenswaarde 2030',
  colSubscore: 'Deelscore',
  noData: 'geen gegevens',
  airBenchmarkBetter:
    'Het referentiepunt in het stadscentrum heeft {ref} van de tijd goede lucht: dit adres doet het {diff} procentpunten beter.',
  airBenchmarkWorse:
    'Het referentiepunt in het stadscentrum heeft {ref} van de tijd goede lucht: dit adres doet het {diff} procentpunten slechter.',
  airBenchmarkSame:
    'Het referentiepunt in het stadscentrum heeft {ref} van de tijd goede lucht, net als dit adres.',
  pollutant_no2: 'stikstofdioxide (NO₂)',
  pollutant_pm25: 'fijn stof (PM2,5)',
  pollutant_pm10: 'stof (PM10)',
  source_no2:
    'Stikstofdioxide komt vooral van het wegverkeer: het is het hoogst langs drukke straten en tijdens de spits, en daalt snel een straat of twee verder.',
  source_pm25:
    'Fijn stof komt van verwarming, verkeer en industrie, en veel ervan waait van ver aan: de niveaus zijn het hoogst in de winter en tijdens regionale smogepisodes.',
  source_pm10:
    'Stof komt van het verkeer (remmen, banden, wegstof), bouwwerven en verwarming, bovenop de regionale achtergrond: de niveaus zijn het hoogst in de winter en tijdens episodes.',
  airLife_high:
    'Het grootste deel van het jaar schone lucht. Buiten sporten, kinderen die buiten spelen en de woning verluchten vragen geen bijzondere planning.',
  airLife_good:
    'Over het algemeen goede lucht. Op de mindere dagen, vooral in de winter en tijdens de spits, sporten gevoelige mensen beter weg van het verkeer.',
  airLife_fair:
    'Luchtkwaliteit is hier een deel van het jaar een echt aandachtspunt. Verlucht op rustige momenten (laat op de avond, vroeg in de ochtend) en loop of fiets in rustigere straten of in parken.',
  airLife_poor:
    'De lucht is hier vaak slecht. Mensen met astma of hartproblemen, jonge kinderen en ouderen worden het meest getroffen: leg slaapkamers aan de rustige kant van het gebouw en vermijd inspanning langs de straat.',

  windIntro:
    'Elk uur wordt ingedeeld van rustig tot gevaarlijk op basis van de windsnelheid en windstoten die voetgangers voelen, volgens de Lawson-comfortcriteria uit windstudies voor ruimtelijke planning: comfortdrempels bij 4, 6 en 8 m/s en een veiligheidsdrempel bij 15 m/s.',
  windRatingSame:
    'Beoordeling {rating}: gelijk aan de score; het winderigste uur van het jaar ({worst} m/s) was niet sterk genoeg om ze te verlagen.',
  windRatingCapped:
    'Beoordeling {rating}: lager dan de score door het winderigste uur van het jaar ({worst} m/s); één stormachtig uur telt voor de veiligheid.',
  windScoreExplain:
    'Score {score} ({label}): hoe vaak elke comfortdrempel overschreden wordt, tegenover de jaarlijkse toleranties uit de methode van de City of London.',
  windDistributionTitle: 'Verdeling van de uren per windcomfortklasse',
  windExceedanceTitle: 'Aandeel van het jaar boven elke comfortdrempel',
  exceed_above_frequent_sitting: 'Boven 2,5 m/s, de grens om lang te zitten',
  exceed_slightly_windy_or_worse: 'Licht winderig of erger',
  exceed_windy_or_worse: 'Winderig of erger',
  exceed_very_windy_or_worse: 'Zeer winderig of erger',
  exceed_danger: 'Gevaarlijk',
  exceedHours: 'ongeveer {hours} u per jaar',
  exceedUnderOneHour: 'minder dan 1 u per jaar',
  exceedNever: 'nooit',
  windMonthlyTitle: 'Gemiddelde windsnelheid op voetgangershoogte per maand (m/s)',
  windMean: 'Gemiddelde windsnelheid op voetgangershoogte',
  windP95: 'Slechts 5% van de tijd overschreden',
  windMaxGust: 'Sterkste windstoot',
  windWorst: 'Winderigste uur van het jaar',
  windWorstHours: 'Winderigste uur van het jaar; {hours} u kwamen er tot op 0,5 m/s bij',
  windDanger:
    'Gevaarlijke wind kwam voor tijdens {pct} van de uren ({hours}): windstoten die fietsers, kinderen en ouderen uit evenwicht kunnen brengen.',
  windLife_high:
    'Een beschutte plek. Terrassen, balkons en bankjes zijn bruikbaar wanneer het weer het toelaat.',
  windLife_good:
    'Meestal aangenaam. Op winderige dagen is lang buiten zitten (een caféterras, lunchen op het balkon) minder comfortabel; wandelen gaat prima.',
  windLife_fair:
    'Merkbaar winderig. Zitplekken buiten hebben beschutting nodig zoals schermen, hagen of luifels; parasols en licht meubilair moeten vastgezet worden.',
  windLife_poor:
    'Hier waait oncomfortabele of zelfs gevaarlijke wind. Reken op deuren die moeilijk opengaan, zelden aangenaam buiten zitten, en wees voorzichtig op de fiets bij storm.',

  thermalIntro:
    'Thermisch comfort wordt gemeten met de UTCI (Universal Thermal Climate Index): de temperatuur die iemand buiten echt voelt, een combinatie van luchttemperatuur, vochtigheid, wind en zon of schaduw. Tussen 9 en 26 °C is er geen hitte- of koudestress; van 0 tot 32 °C blijft het aanvaardbaar.',
  thermalRatingExplain:
    'Beoordeling {rating}: in het seizoen dat het minst geschikt is om buiten te zijn, {season}, is {pct} van de uren overdag (van 8 tot 20 uur) comfortabel. De winter telt niet mee voor de beoordeling, omdat dan weinig mensen lang buiten blijven.',
  thermalScoreExplain:
    'Score {score} ({label}): per seizoen het aandeel aanvaardbare uren overdag (0 tot 32 °C), afgezet tegen wat gebruikelijk is voor dat seizoen; het zwakste, {season}, beslist.',
  thermalSeasonsTitle: 'Comfortabele en aanvaardbare uren overdag per seizoen',
  legendComfortable: 'Comfortabel (9 tot 26 °C)',
  legendAcceptable: 'Aanvaardbaar (0 tot 32 °C)',
  season_winter: 'Winter',
  season_spring: 'Lente',
  season_summer: 'Zomer',
  season_autumn: 'Herfst',
  seasonInText_winter: 'de winter',
  seasonInText_spring: 'de lente',
  seasonInText_summer: 'de zomer',
  seasonInText_autumn: 'de herfst',
  thermalMonthlyTitle: 'Gemiddelde gevoelstemperatuur (UTCI) per maand, °C',
  thermalSummerTitle: 'Zomerhitte',
  heatDays: 'Dagen met sterke hittestress (UTCI boven 32 °C)',
  tropicalNights: 'Tropische nachten (de luchttemperatuur zakt niet onder 20 °C)',
  summerNight: 'Gemiddelde gevoelstemperatuur in zomernachten',
  summerNightWarmer: 'In zomernachten voelt deze plek {diff} °C warmer aan dan het gemiddelde van {area}.',
  summerNightCooler: 'In zomernachten voelt deze plek {diff} °C koeler aan dan het gemiddelde van {area}.',
  summerNightSame: 'In zomernachten voelt deze plek even warm aan als het gemiddelde van {area}.',
  area_brussels_extended: 'de zone met hoge resolutie van {city}',
  area_belgium_lowres: 'België',
  summerDayComfort: 'Comfortabele uren overdag in de zomer',
  thermalYear:
    'Over het jaar bedraagt de gevoelstemperatuur gemiddeld {mean} °C, van {min} °C tot {max} °C; {pct} van alle uren is comfortabel.',
  thermalLife_high_heat:
    'Aangenaam buiten gedurende het grootste deel van het warme seizoen; zoek op de heetste namiddagen de schaduw op.',
  thermalLife_good_heat:
    'Meestal comfortabel. Zoek op hete namiddagen de schaduw op; slaapkamers koelen ’s nachts meestal af.',
  thermalLife_fair_heat:
    'De zomerhitte is hier voelbaar: plan buitenactiviteiten ’s ochtends of ’s avonds, zorg voor zonwering op ramen naar het zuiden en westen, en reken op enkele warme nachten.',
  thermalLife_poor_heat:
    'Hittestress komt vaak voor. Schaduw, bomen en koele binnenruimtes zijn belangrijk; kwetsbare mensen verdienen extra aandacht tijdens hittegolven, en nachten kunnen te warm blijven om goed te slapen.',
  thermalLife_high_cold:
    'Een groot deel van het jaar comfortabel buiten; zoals overal in België zijn koude, winderige dagen de voornaamste beperking.',
  thermalLife_good_cold:
    'Meestal comfortabel. In het koude seizoen voelt het buiten vaak onder nul aan, en wind maakt het nog kouder: zonnige, beschutte plekken verlengen het buitenseizoen.',
  thermalLife_fair_cold:
    'Koude beperkt hier het comfort buiten: in de winter en op winderige lente- en herfstdagen voelt het veel kouder aan dan de thermometer aangeeft. Windschermen en zonnige, beschutte zitplekken helpen.',
  thermalLife_poor_cold:
    'De plek is blootgesteld aan de koude: een groot deel van het koude seizoen voelt het ver onder nul aan. Zitplekken buiten hebben beschutting tegen de wind nodig, en kleed je voor een gevoelstemperatuur ver onder de luchttemperatuur.',
  thermalHeatFacts: 'Elk jaar: {days} met sterke hittestress en {nights}.',
  days_one: '{count} dag',
  days_other: '{count} dagen',
  nights_one: '{count} tropische nacht',
  nights_other: '{count} tropische nachten',

  methodTitle: 'Methode en bronnen',
  methodModel_brussels_extended:
    'De cijfers beschrijven het referentiejaar {year}: {hours} uurwaarden van het model met hoge resolutie voor {city} (cellen van {cell}, gebouwen meegerekend) voor {cells}, berekend op {generated}.',
  methodModel_belgium_lowres:
    'De cijfers beschrijven het referentiejaar {year}: {hours} uurwaarden van de nationale gegevens (cellen van ongeveer 1 km, zonder afzonderlijke gebouwen) voor {cells}, berekend op {generated}.',
  methodAir:
    'Lucht: BelAQI-index van de Intergewestelijke Cel voor het Leefmilieu (IRCEL-CELINE, uurdrempels van 2022); scores verankerd aan de wereldwijde luchtkwaliteitsrichtlijnen 2021 van de WHO.',
  methodWind:
    'Wind: gemiddelde snelheid en windstoten op voetgangershoogte, Lawson-comfortklassen en de overschrijdingsmethode van de City of London (2019).',
  methodThermal:
    'Hitte en koude: UTCI, met de tien stresscategorieën van de internationale UTCI-definitie; overdag is van 8 tot 20 uur Belgische tijd.',
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
    'Kleuren: gevoelstemperatuur (UTCI) op zomernamiddagen, het gemiddelde van {days} dagen om {hour}, van juni tot augustus {year}.',
  mapBuildings: 'Gebouwen',
  mapSampled: 'Cellen waar de cijfers vandaan komen',
  mapSampledRadius: 'Straal van het gemiddelde en de cellen erin',
  mapRadius: 'Straal van het gemiddelde',
  mapPoint: 'Het adres',
  mapNorth: 'N',
  mapAlt:
    'Kaart van de omgeving van het adres: gebouwen, de cellen waar de cijfers vandaan komen en de gevoelstemperatuur op zomernamiddagen. Het noorden is boven.',
  windClassesTitle: 'Wat de comfortklassen betekenen',
  windClass_1: 'onder 4 m/s: comfortabel om te wandelen, te staan en een tijdje te zitten',
  windClass_2: '4 tot 6 m/s: prima om te staan of even halt te houden, niet om te zitten',
  windClass_3: '6 tot 8 m/s: prima om te wandelen, onaangenaam om te staan of te zitten',
  windClass_4: 'boven 8 m/s, of windstoten van 10 m/s: alleen stevig doorstappen is nog te doen',
  windClass_5:
    'boven 15 m/s: mensen kunnen hun evenwicht verliezen, vooral fietsers en wie minder stevig ter been is',
  windSittingNote:
    'Lang zitten, zoals op een caféterras dat elke dag gebruikt wordt, vraagt een strengere grens dan de klasse rustig: 2,5 m/s, het criterium van de City of London voor vaak en lang zitten. Uren tussen 2,5 en 4 m/s tellen nog als rustig; hier ligt {pct} van de uren boven 2,5 m/s.',
  readingTitle: 'Hoe de cijfers te lezen',
  readingIntro:
    'De beoordeling (0 tot 10) zegt hoe vaak de omstandigheden goed zijn; de score (0 tot 10) vergelijkt het jaar met richtlijnen voor gezondheid en comfort. Het label naast een score volgt de klassen van de legende hieronder en betekent hetzelfde voor de drie thema’s.',
  colTheme: 'Thema',
  readingRating_air: 'aandeel uren met goede lucht (BelAQI 1 tot 4), gedeeld door 10',
  readingScore_air: 'jaargemiddelden tegenover de WHO-richtlijnen van 2021',
  readingRating_wind: 'de score, verlaagd als het winderigste uur van het jaar gevaarlijk is',
  readingScore_wind:
    'hoe vaak de comfortdrempels overschreden worden, tegenover de toleranties van de City of London',
  readingRating_thermal:
    'aandeel comfortabele uren overdag in het zwakste seizoen buiten de winter, gedeeld door 10',
  readingScore_thermal:
    'aanvaardbare uren overdag per seizoen, tegenover wat voor dat seizoen gebruikelijk is',
  footer: 'svc-api · rapport {id} · opgemaakt op {date} · bestanden 30 dagen bewaard',
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
