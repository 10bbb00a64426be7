import { AIR_MESSAGES } from '../../metrics/air/messages.ts';
import { THERMAL_MESSAGES } from '../../metrics/thermal/messages.ts';
import { WIND_MESSAGES } from '../../metrics/wind/messages.ts';
import type { MessageKey } from './en.ts';

/** Texte du rapport en français (Belgique). */
export const fr: Record<MessageKey, string> = {
  brand: 'svc-api · Rapport sur l’environnement du lieu',
  title: 'Rapport environnemental',
  subtitle: '{topics} à cette adresse',
  generatedLabel: 'Établi le',
  reportId: 'Rapport {id}',
  coordinates: 'Coordonnées',
  coordinatesValue: '{lat}° N ; {lon}° E',
  area: 'Zone',
  areaNationwide: 'Belgique (données nationales)',
  dataset: 'Données',
  dataset_brussels_extended: 'Modèle haute résolution de {city}, à l’échelle de la rue (mailles de {cell})',
  dataset_belgium_lowres: 'Données nationales pour la Belgique, mailles d’environ 1 km',
  nationwideNote:
    'Hors des zones haute résolution des villes, ces chiffres viennent des données nationales : chaque valeur décrit une maille d’environ 1 km autour de l’adresse, les environs plutôt que cette rue, sans comparaison avec le centre-ville.',
  referenceYear: 'Année de référence',
  // what the reference year is (sections/weather-year.ts)
  yearAs: '{year}, {weather}',
  weatherTypical: 'une année type tirée de la météo de {from} à {to}',
  weatherTypicalUndated: 'une année type tirée de météo mesurée',
  weatherMeasured: 'la météo de cette année-là (réanalyse)',
  weatherSimulated: 'une météo générée, pas une année mesurée',
  coverSimulated:
    'Simulé, non mesuré : ces chiffres sont le résultat d’un modèle de microclimat calculé sur {weather}.',
  coverSimulatedPlain: 'Simulé, non mesuré : ces chiffres sont le résultat d’un modèle de microclimat.',
  sampling: 'Origine des valeurs',
  sampling_point: 'la maille de la grille qui contient l’adresse',
  sampling_nearest_outdoor:
    'les mailles extérieures les plus proches, à {distance} m (l’adresse est dans un bâtiment)',
  sampling_radius: 'la moyenne de {cells} dans un rayon de {radius} m',
  cells_one: '{count} maille extérieure',
  cells_other: '{count} mailles extérieures',
  samplingNote:
    'Ces chiffres sont la moyenne de {cells} dans un rayon de {radius} m autour de l’adresse : ils peuvent donc différer légèrement de ceux que l’API donne pour le point lui-même, qui décrivent la seule maille qui le contient.',

  glanceTitle: 'En un coup d’œil',
  glanceIntro:
    'Chaque thème est résumé par son score de 0 à 10 (plus il est élevé, meilleure est la situation) : l’année comparée aux recommandations de santé et de confort, avec l’appréciation de sa tranche. La note, en dessous, indique la fréquence des bonnes conditions.',
  scoreLegend: 'Appréciations du score :',
  rating: 'Note',
  score: 'Score',
  outOfTen: '{value} / 10',
  dailyLife: 'Ce que cela signifie au quotidien',

  noData: 'pas de données',
  days_one: '{count} jour',
  days_other: '{count} jours',
  nights_one: '{count} nuit tropicale',
  nights_other: '{count} nuits tropicales',

  methodTitle: 'Méthode et sources',
  methodModel_brussels_extended:
    'Les chiffres décrivent l’année de référence {year} : {hours} valeurs horaires du modèle haute résolution de {city} (mailles de {cell}, bâtiments pris en compte) pour {cells}, calculées le {generated}.',
  methodModel_belgium_lowres:
    'Les chiffres décrivent l’année de référence {year} : {hours} valeurs horaires des données nationales (mailles d’environ 1 km, bâtiments non représentés) pour {cells}, calculées le {generated}.',
  methodScores:
    'Les notes et les scores vont de 0 à 10 (plus la valeur est élevée, meilleure est la situation) et se calculent de la même manière pour les données haute résolution et les données nationales. Les couleurs suivent les échelles publiées par le service.',
  methodLimits:
    'Il s’agit de statistiques annuelles modélisées, pas de mesures : elles décrivent les conditions habituelles à l’extérieur, pas un jour précis, et ne disent rien de l’air ni des températures à l’intérieur.',
  attributionTitle: 'Attribution',
  attributionDefault:
    'Résultats du modèle de microclimat de svc-api, une simulation déterministe : il ne s’agit pas de mesures. Hors des zones des villes, le modèle repose sur une carte générée de la Belgique en mailles de 1 km (villes, autoroutes, forêts, relief) et sur une année météorologique mesurée : par défaut l’année type d’Uccle 2007–2021 (TMYx, climate.onebuilding.org, d’après NOAA ISD et Copernicus ERA5). Contour de la Belgique : Natural Earth.',
  attributionLive:
    'Les données en direct derrière les réponses en temps réel et les prévisions du service (non utilisées dans ces statistiques annuelles) : {credits}.',
  mapTitle: 'L’adresse et ses environs',
  mapCaption:
    'Couleurs : température ressentie (UTCI) les après-midi d’été, moyenne de {days} jours à {hour}, de juin à août.',
  mapBuildings: 'Bâtiments',
  mapStreets: 'Rues (OpenStreetMap)',
  mapSampled: 'Mailles dont proviennent les chiffres',
  mapSampledRadius: 'Rayon de la moyenne et ses mailles',
  mapRadius: 'Rayon de la moyenne',
  mapPoint: 'L’adresse',
  mapNorth: 'N',
  mapAlt:
    'Carte des environs de l’adresse : bâtiments, mailles dont proviennent les chiffres et température ressentie les après-midi d’été. Le nord est en haut.',
  readingTitle: 'Comment lire les chiffres',
  readingIntro:
    'La note (de 0 à 10) indique la fréquence des bonnes conditions ; le score (de 0 à 10) compare l’année aux recommandations de santé et de confort. L’appréciation à côté d’un score suit les tranches de la légende ci-dessous et a le même sens pour les trois thèmes.',
  /** a label and its value, punctuated as the language does (French: a space before the colon) */
  labelled: '{label} : {value}',
  colTheme: 'Thème',
  footer: 'svc-api · rapport {id} · établi le {date} · fichiers conservés 30 jours',
  // each metric's own text, kept in its module (domain/metrics/<id>/messages.ts)
  ...AIR_MESSAGES.fr,
  ...WIND_MESSAGES.fr,
  ...THERMAL_MESSAGES.fr,
};

export const frLabels: Record<string, string> = {
  Excellent: 'Excellent',
  'Very good': 'Très bon',
  Good: 'Bon',
  'Fairly good': 'Assez bon',
  Fair: 'Assez bon',
  Moderate: 'Moyen',
  Average: 'Moyen',
  Poor: 'Médiocre',
  'Very poor': 'Très médiocre',
  Bad: 'Mauvais',
  'Very bad': 'Très mauvais',
  Horrible: 'Exécrable',
  Calm: 'Calme',
  'Slightly windy': 'Légèrement venteux',
  Windy: 'Venteux',
  'Very windy': 'Très venteux',
  Danger: 'Danger',
  Sheltered: 'Abrité',
  Breezy: 'Venté',
  Exposed: 'Exposé',
  'Extreme cold': 'Froid extrême',
  'Very strong cold': 'Froid très fort',
  'Strong cold': 'Froid fort',
  'Moderate cold': 'Froid modéré',
  'Slight cold': 'Léger froid',
  Comfortable: 'Confortable',
  Acceptable: 'Acceptable',
  Uncomfortable: 'Inconfortable',
  'Very uncomfortable': 'Très inconfortable',
  'Moderate heat': 'Chaleur modérée',
  'Strong heat': 'Forte chaleur',
  'Very strong heat': 'Très forte chaleur',
  'Extreme heat': 'Chaleur extrême',
  // city names (the registry writes them in English)
  Brussels: 'Bruxelles',
};
