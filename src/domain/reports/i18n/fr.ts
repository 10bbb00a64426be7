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
    'En dehors des zones haute résolution des villes, ces chiffres proviennent des données nationales, de plus faible résolution : chaque valeur décrit une maille d’environ 1 km autour de l’adresse, donc les environs plutôt que cette rue, et il n’y a pas de comparaison avec le centre-ville.',
  referenceYear: 'Année de référence',
  sampling: 'Valeurs tirées de',
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
  airTitle: 'Qualité de l’air',
  windTitle: 'Confort au vent',
  thermalTitle: 'Confort thermique',
  glanceAir: 'Note {rating} / 10 : air de bonne qualité pendant {pct} des heures.',
  glanceWindSame:
    'Note {rating} / 10, égale au score : l’heure la plus venteuse ({worst} m/s) ne l’abaisse pas. Calme pendant {pct} des heures.',
  glanceWindCapped:
    'Note {rating} / 10, abaissée par l’heure la plus venteuse ({worst} m/s). Calme pendant {pct} des heures.',
  glanceThermal:
    'Note {rating} / 10 : dans la saison la moins favorable hors hiver, {season}, {pct} des heures de jour sont confortables.',
  keyFigures: 'Chiffres clés',
  dailyLife: 'Ce que cela signifie au quotidien',

  airIntro:
    'Chaque heure de l’année est classée selon l’indice belge BelAQI, de 1 (excellent) à 10 (exécrable). La classe horaire est fixée par le pire de trois polluants : le dioxyde d’azote, les particules fines et les particules plus grosses. Les classes 1 à 4 correspondent à un air de bonne qualité.',
  airRatingExplain:
    'Note {rating} : l’air était de bonne qualité (BelAQI 1 à 4) pendant {pct} des {hours} heures évaluées.',
  airScoreExplain:
    'Score {score} ({label}) : la moyenne annuelle de chaque polluant comparée aux lignes directrices 2021 de l’Organisation mondiale de la santé ; le polluant le plus éloigné de sa valeur guide est déterminant.',
  airLimiting: 'Polluant qui limite le score : {pollutant}.',
  airDistributionTitle: 'Répartition des heures par classe (BelAQI)',
  airMonthlyTitle: 'Part des heures avec un air de bonne qualité, mois par mois',
  airMonthlyHighlight: 'Encadrés : meilleur mois et mois le plus faible',
  airBestWorst: 'Meilleur mois : {best} ({bestPct}). Mois le plus faible : {worst} ({worstPct}).',
  airDayNight: 'Air de bonne qualité le jour (de 8 h à 20 h) : {day}. La nuit (de 20 h à 8 h) : {night}.',
  airDominant:
    'Polluant qui fixe le plus souvent la classe horaire : {pollutant}, pendant {pct} des heures évaluées.',
  airMeansTitle: 'Moyennes annuelles et valeurs de référence',
  cityReference: 'Référence centre-ville',
  colPollutant: 'Polluant',
  colAnnualMean: 'Moyenne annuelle',
  colWho: 'Ligne directrice OMS',
  colEu: 'Valeur limite UE 2030',
  colSubscore: 'Sous-score',
  noData: 'pas de données',
  airBenchmarkBetter:
    'La référence du centre-ville a un air de bonne qualité {ref} du temps : cette adresse fait mieux de {diff} points de pourcentage.',
  airBenchmarkWorse:
    'La référence du centre-ville a un air de bonne qualité {ref} du temps : cette adresse fait moins bien de {diff} points de pourcentage.',
  airBenchmarkSame:
    'La référence du centre-ville a un air de bonne qualité {ref} du temps, comme cette adresse.',
  pollutant_no2: 'dioxyde d’azote (NO₂)',
  pollutant_pm25: 'particules fines (PM2,5)',
  pollutant_pm10: 'particules (PM10)',
  source_no2:
    'Le dioxyde d’azote provient surtout du trafic routier : il est le plus élevé le long des rues fréquentées et aux heures de pointe, et diminue vite une ou deux rues plus loin.',
  source_pm25:
    'Les particules fines proviennent du chauffage, du trafic et de l’industrie, et une grande part vient de loin : les niveaux sont les plus élevés en hiver et lors des épisodes de pollution régionaux.',
  source_pm10:
    'Les particules proviennent du trafic (freins, pneus, poussière de la chaussée), des chantiers et du chauffage, en plus du fond régional : les niveaux sont les plus élevés en hiver et lors des épisodes.',
  airLife_high:
    'Un air propre la plus grande partie de l’année. Le sport en plein air, les jeux des enfants dehors et l’aération du logement ne demandent aucune précaution particulière.',
  airLife_good:
    'Un air généralement de bonne qualité. Les jours moins bons, surtout en hiver et aux heures de pointe, les personnes sensibles préféreront faire du sport loin du trafic.',
  airLife_fair:
    'La qualité de l’air est un vrai sujet ici une partie de l’année. Aérez aux heures calmes (tard le soir, tôt le matin) et courez ou pédalez dans des rues plus calmes ou dans les parcs.',
  airLife_poor:
    'L’air est souvent de mauvaise qualité ici. Les personnes asthmatiques ou cardiaques, les jeunes enfants et les personnes âgées sont les plus touchés : placez les chambres du côté calme du bâtiment et évitez l’effort le long de la rue.',

  windIntro:
    'Chaque heure est classée de calme à dangereuse d’après la vitesse du vent et les rafales ressenties par les piétons, selon les critères de confort de Lawson utilisés dans les études de vent en urbanisme : seuils de confort à 4, 6 et 8 m/s et seuil de sécurité à 15 m/s.',
  windRatingSame:
    'Note {rating} : égale au score ; l’heure la plus venteuse de l’année ({worst} m/s) n’a pas été assez forte pour l’abaisser.',
  windRatingCapped:
    'Note {rating} : inférieure au score à cause de l’heure la plus venteuse de l’année ({worst} m/s) ; une seule heure de tempête compte pour la sécurité.',
  windScoreExplain:
    'Score {score} ({label}) : la fréquence de dépassement de chaque seuil de confort, comparée aux tolérances annuelles de la méthode de la City of London.',
  windDistributionTitle: 'Répartition des heures par classe de confort au vent',
  windExceedanceTitle: 'Part de l’année au-dessus de chaque seuil de confort',
  exceed_above_frequent_sitting: 'Plus de 2,5 m/s, la limite pour rester assis longtemps',
  exceed_slightly_windy_or_worse: 'Légèrement venteux ou plus',
  exceed_windy_or_worse: 'Venteux ou plus',
  exceed_very_windy_or_worse: 'Très venteux ou plus',
  exceed_danger: 'Dangereux',
  exceedHours: 'environ {hours} h par an',
  exceedUnderOneHour: 'moins d’1 h par an',
  exceedNever: 'jamais',
  windMonthlyTitle: 'Vitesse moyenne du vent à hauteur de piéton, par mois (m/s)',
  windMean: 'Vitesse moyenne du vent à hauteur de piéton',
  windP95: 'Dépassée seulement 5 % du temps',
  windMaxGust: 'Rafale la plus forte',
  windWorst: 'Heure la plus venteuse de l’année',
  windWorstHours: 'Heure la plus venteuse de l’année ; {hours} h s’en sont approchées à 0,5 m/s près',
  windDanger:
    'Un vent dangereux a soufflé pendant {pct} des heures ({hours}) : des rafales qui peuvent déséquilibrer cyclistes, enfants et personnes âgées.',
  windLife_high:
    'Un endroit abrité. Terrasses, balcons et bancs sont utilisables dès que la météo le permet.',
  windLife_good:
    'Agréable la plupart du temps. Les jours plus venteux, rester longtemps assis dehors (terrasse de café, repas sur le balcon) est moins confortable ; marcher ne pose aucun problème.',
  windLife_fair:
    'Nettement venteux. Les espaces assis extérieurs ont besoin d’abris comme des écrans, des haies ou des auvents ; parasols et mobilier léger doivent être fixés.',
  windLife_poor:
    'Le vent est ici inconfortable, voire dangereux. Attendez-vous à des portes difficiles à ouvrir, à des moments assis dehors rarement agréables, et soyez prudent à vélo les jours de tempête.',

  thermalIntro:
    'Le confort thermique est mesuré par l’UTCI (indice universel du climat thermique) : la température réellement ressentie dehors, qui combine température de l’air, humidité, vent et soleil ou ombre. Entre 9 et 26 °C, il n’y a pas de stress thermique ; de 0 à 32 °C, cela reste acceptable.',
  thermalRatingExplain:
    'Note {rating} : pendant la saison la moins favorable à la vie dehors, {season}, {pct} des heures de jour (de 8 h à 20 h) sont confortables. L’hiver n’entre pas dans la note, car on s’attarde peu dehors à cette saison.',
  thermalScoreExplain:
    'Score {score} ({label}) : pour chaque saison, la part d’heures de jour acceptables (de 0 à 32 °C), jugée par rapport à ce qui est habituel pour cette saison ; la plus faible, {season}, est déterminante.',
  thermalSeasonsTitle: 'Heures de jour confortables et acceptables par saison',
  legendComfortable: 'Confortable (9 à 26 °C)',
  legendAcceptable: 'Acceptable (0 à 32 °C)',
  season_winter: 'Hiver',
  season_spring: 'Printemps',
  season_summer: 'Été',
  season_autumn: 'Automne',
  seasonInText_winter: 'l’hiver',
  seasonInText_spring: 'le printemps',
  seasonInText_summer: 'l’été',
  seasonInText_autumn: 'l’automne',
  thermalMonthlyTitle: 'Température ressentie moyenne (UTCI) par mois, °C',
  thermalSummerTitle: 'Chaleur estivale',
  heatDays: 'Jours de fort stress thermique (UTCI au-dessus de 32 °C)',
  tropicalNights: 'Nuits tropicales (la température de l’air ne descend pas sous 20 °C)',
  summerNight: 'Température ressentie moyenne des nuits d’été',
  summerNightWarmer:
    'Les nuits d’été, cet endroit est ressenti {diff} °C plus chaud que la moyenne de {area}.',
  summerNightCooler:
    'Les nuits d’été, cet endroit est ressenti {diff} °C plus frais que la moyenne de {area}.',
  summerNightSame: 'Les nuits d’été, cet endroit est ressenti aussi chaud que la moyenne de {area}.',
  area_brussels_extended: 'la zone haute résolution de {city}',
  area_belgium_lowres: 'la Belgique',
  summerDayComfort: 'Heures de jour confortables en été',
  thermalYear:
    'Sur l’année, la température ressentie est en moyenne de {mean} °C, de {min} °C à {max} °C ; {pct} de toutes les heures sont confortables.',
  thermalLife_high_heat:
    'Agréable dehors pendant la majeure partie de la belle saison ; aux après-midi les plus chauds, cherchez l’ombre.',
  thermalLife_good_heat:
    'Confortable la plupart du temps. Les après-midi chauds, cherchez l’ombre ; les chambres se rafraîchissent généralement la nuit.',
  thermalLife_fair_heat:
    'La chaleur estivale se fait sentir ici : prévoyez les activités extérieures le matin ou le soir, ombragez les fenêtres orientées sud et ouest, et attendez-vous à quelques nuits chaudes.',
  thermalLife_poor_heat:
    'Le stress thermique est fréquent. L’ombre, les arbres et des espaces intérieurs frais comptent ; les personnes vulnérables ont besoin d’une attention particulière pendant les vagues de chaleur, et les nuits peuvent rester trop chaudes pour bien dormir.',
  thermalLife_high_cold:
    'Confortable dehors une grande partie de l’année ; comme partout en Belgique, ce sont les jours froids et venteux qui limitent.',
  thermalLife_good_cold:
    'Confortable la plupart du temps. À la saison froide, le ressenti dehors descend souvent sous zéro, et le vent refroidit encore : les coins ensoleillés et abrités prolongent la saison en plein air.',
  thermalLife_fair_cold:
    'Le froid limite le confort dehors : en hiver et les jours venteux du printemps et de l’automne, le ressenti est bien plus froid que ne l’indique le thermomètre. Écrans contre le vent et places assises ensoleillées et abritées aident.',
  thermalLife_poor_cold:
    'L’endroit est exposé au froid : une grande partie de la saison froide, le ressenti est bien en dessous de zéro. Les places assises dehors doivent être protégées du vent, et il faut s’habiller pour une température ressentie bien inférieure à celle de l’air.',
  thermalHeatFacts: 'Chaque année : {days} de fort stress thermique et {nights}.',
  days_one: '{count} jour',
  days_other: '{count} jours',
  nights_one: '{count} nuit tropicale',
  nights_other: '{count} nuits tropicales',

  methodTitle: 'Méthode et sources',
  methodModel_brussels_extended:
    'Les chiffres décrivent l’année de référence {year} : {hours} valeurs horaires du modèle haute résolution de {city} (mailles de {cell}, bâtiments pris en compte) pour {cells}, calculées le {generated}.',
  methodModel_belgium_lowres:
    'Les chiffres décrivent l’année de référence {year} : {hours} valeurs horaires des données nationales (mailles d’environ 1 km, bâtiments non représentés) pour {cells}, calculées le {generated}.',
  methodAir:
    'Air : indice BelAQI de la Cellule interrégionale de l’environnement (IRCEL-CELINE, seuils horaires de 2022) ; scores ancrés sur les lignes directrices mondiales 2021 de l’OMS sur la qualité de l’air.',
  methodWind:
    'Vent : vitesses moyennes et rafales à hauteur de piéton, classes de confort de Lawson et méthode de dépassement de la City of London (2019).',
  methodThermal:
    'Chaleur et froid : UTCI, avec les dix catégories de stress de la définition internationale de l’UTCI ; le jour va de 8 h à 20 h, heure belge.',
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
    'Couleurs : température ressentie (UTCI) les après-midi d’été, moyenne de {days} jours à {hour}, de juin à août {year}.',
  mapBuildings: 'Bâtiments',
  mapSampled: 'Mailles dont proviennent les chiffres',
  mapSampledRadius: 'Rayon de la moyenne et ses mailles',
  mapRadius: 'Rayon de la moyenne',
  mapPoint: 'L’adresse',
  mapNorth: 'N',
  mapAlt:
    'Carte des environs de l’adresse : bâtiments, mailles dont proviennent les chiffres et température ressentie les après-midi d’été. Le nord est en haut.',
  windClassesTitle: 'Ce que signifient les classes de confort',
  windClass_1: 'moins de 4 m/s : confortable pour marcher, rester debout et s’asseoir un moment',
  windClass_2: 'de 4 à 6 m/s : bien pour rester debout ou s’arrêter, pas pour s’asseoir',
  windClass_3: 'de 6 à 8 m/s : convient pour marcher, désagréable pour rester debout ou assis',
  windClass_4: 'plus de 8 m/s, ou rafales de 10 m/s : seule la marche d’un bon pas reste supportable',
  windClass_5: 'plus de 15 m/s : on peut perdre l’équilibre, surtout à vélo ou quand on est fragile',
  windSittingNote:
    'Rester assis longtemps, comme à une terrasse de café fréquentée tous les jours, demande une limite plus stricte que la classe « calme » : 2,5 m/s, le critère de la City of London pour une assise fréquente. Les heures entre 2,5 et 4 m/s restent calmes ; ici, {pct} des heures dépassent 2,5 m/s.',
  readingTitle: 'Comment lire les chiffres',
  readingIntro:
    'La note (de 0 à 10) indique la fréquence des bonnes conditions ; le score (de 0 à 10) compare l’année aux recommandations de santé et de confort. L’appréciation à côté d’un score suit les tranches de la légende ci-dessous et a le même sens pour les trois thèmes.',
  colTheme: 'Thème',
  readingRating_air: 'part des heures où l’air est de bonne qualité (BelAQI 1 à 4), divisée par 10',
  readingScore_air: 'moyennes annuelles face aux lignes directrices 2021 de l’OMS',
  readingRating_wind: 'le score, abaissé quand l’heure la plus venteuse de l’année est dangereuse',
  readingScore_wind:
    'fréquence de dépassement des seuils de confort face aux tolérances de la City of London',
  readingRating_thermal:
    'part des heures de jour confortables pendant la saison la moins favorable hors hiver, divisée par 10',
  readingScore_thermal:
    'heures de jour acceptables de chaque saison face à ce qui est habituel pour cette saison',
  footer: 'svc-api · rapport {id} · établi le {date} · fichiers conservés 30 jours',
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
