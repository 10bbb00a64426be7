/**
 * Air quality's report text in the report's languages, taken into the catalogues of
 * domain/reports/i18n/ (placeholders are `{name}`; the i18n tests hold every language to
 * the English keys and placeholders).
 */
export const AIR_MESSAGES = {
  en: {
    airTitle: 'Air quality',
    glanceAir: 'Rating {rating} / 10: good air during {pct} of the hours.',
    airIntro:
      'Every hour of the year is graded on the Belgian BelAQI index, from 1 (excellent) to 10 (horrible). The hourly grade is set by the worst of three pollutants: nitrogen dioxide, fine particles and coarser particles. Classes 1 to 4 count as good air.',
    airRatingExplain:
      'Rating {rating}: the air was good (BelAQI 1 to 4) during {pct} of the {hours} graded hours.',
    airScoreExplain:
      'Score {score} ({label}): the yearly average of each pollutant read against the World Health Organization guidelines of 2021; the pollutant furthest above its guideline decides.',
    airLimiting: 'Pollutant that limits the score: {pollutant}.',
    airScoreExplainTop:
      'Score {score} ({label}): the yearly average of each pollutant read against the World Health Organization guidelines of 2021; every one is at or below its guideline.',
    airLimitingNone: 'No pollutant limits the score: each yearly average is at or below its WHO guideline.',
    airDistributionTitle: 'How the hours were graded (BelAQI)',
    airMonthlyTitle: 'Share of hours with good air, month by month',
    airMonthlyHighlight: 'Outlined: best and weakest month',
    airBestWorst: 'Best month: {best} ({bestPct}). Weakest month: {worst} ({worstPct}).',
    airDayNight: 'Good air by day (08:00–20:00): {day}. By night (20:00–08:00): {night}.',
    airDominant: 'Pollutant that most often set the hourly grade: {pollutant}, in {pct} of graded hours.',
    airMeansTitle: 'Yearly averages against the guidelines',
    airStationTitle: 'Measured at the nearest station',
    airStationIntro:
      'The reference year {year} is weather that happened. In {year} the IRCEL-CELINE measuring station {station}, {distance} from here, measured these yearly averages; beside them, the modelled yearly averages at this place for the same hours.',
    colStationMeasured: 'Measured at the station',
    colModelledHere: 'Modelled here',
    cityReference: 'City-centre reference',
    colPollutant: 'Pollutant',
    colAnnualMean: 'Yearly average',
    colWho: 'WHO guideline',
    colEu: 'EU limit 2030',
    colSubscore: 'Subscore',
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

    methodAir:
      'Air: BelAQI index of the Belgian interregional environment agency (IRCEL-CELINE, 2022 hourly thresholds); scores anchored on the WHO 2021 global air quality guidelines.',
    readingRating_air: 'share of hours with good air (BelAQI 1 to 4), divided by 10',
    readingScore_air: 'yearly averages against the WHO 2021 guidelines',
  },
  fr: {
    airTitle: 'Qualité de l’air',
    glanceAir: 'Note {rating} / 10 : air de bonne qualité pendant {pct} des heures.',
    airIntro:
      'Chaque heure de l’année est classée selon l’indice belge BelAQI, de 1 (excellent) à 10 (exécrable). La classe horaire est fixée par le pire de trois polluants : le dioxyde d’azote, les particules fines et les particules plus grosses. Les classes 1 à 4 correspondent à un air de bonne qualité.',
    airRatingExplain:
      'Note {rating} : l’air était de bonne qualité (BelAQI 1 à 4) pendant {pct} des {hours} heures évaluées.',
    airScoreExplain:
      'Score {score} ({label}) : la moyenne annuelle de chaque polluant comparée aux lignes directrices 2021 de l’Organisation mondiale de la santé ; le polluant le plus éloigné de sa valeur guide est déterminant.',
    airLimiting: 'Polluant qui limite le score : {pollutant}.',
    airScoreExplainTop:
      'Score {score} ({label}) : la moyenne annuelle de chaque polluant comparée aux lignes directrices 2021 de l’Organisation mondiale de la santé ; toutes sont au niveau de leur valeur guide ou en dessous.',
    airLimitingNone:
      'Aucun polluant ne limite le score : chaque moyenne annuelle est au niveau de sa valeur guide de l’OMS ou en dessous.',
    airDistributionTitle: 'Répartition des heures par classe (BelAQI)',
    airMonthlyTitle: 'Part des heures avec un air de bonne qualité, mois par mois',
    airMonthlyHighlight: 'Encadrés : meilleur mois et mois le plus faible',
    airBestWorst: 'Meilleur mois : {best} ({bestPct}). Mois le plus faible : {worst} ({worstPct}).',
    airDayNight: 'Air de bonne qualité le jour (de 8 h à 20 h) : {day}. La nuit (de 20 h à 8 h) : {night}.',
    airDominant:
      'Polluant qui fixe le plus souvent la classe horaire : {pollutant}, pendant {pct} des heures évaluées.',
    airMeansTitle: 'Moyennes annuelles et valeurs de référence',
    airStationTitle: 'Mesuré à la station la plus proche',
    airStationIntro:
      'L’année de référence {year} est une météo réellement observée. En {year}, la station de mesure IRCEL-CELINE {station}, à {distance} d’ici, a mesuré ces moyennes annuelles ; à côté, les moyennes annuelles modélisées à cet endroit pour les mêmes heures.',
    colStationMeasured: 'Mesuré à la station',
    colModelledHere: 'Modélisé ici',
    cityReference: 'Référence centre-ville',
    colPollutant: 'Polluant',
    colAnnualMean: 'Moyenne annuelle',
    colWho: 'Ligne directrice OMS',
    colEu: 'Valeur limite UE 2030',
    colSubscore: 'Sous-score',
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

    methodAir:
      'Air : indice BelAQI de la Cellule interrégionale de l’environnement (IRCEL-CELINE, seuils horaires de 2022) ; scores ancrés sur les lignes directrices mondiales 2021 de l’OMS sur la qualité de l’air.',
    readingRating_air: 'part des heures où l’air est de bonne qualité (BelAQI 1 à 4), divisée par 10',
    readingScore_air: 'moyennes annuelles face aux lignes directrices 2021 de l’OMS',
  },
  nl: {
    airTitle: 'Luchtkwaliteit',
    glanceAir: 'Beoordeling {rating} / 10: goede lucht tijdens {pct} van de uren.',
    airIntro:
      'Elk uur van het jaar krijgt een klasse op de Belgische BelAQI-index, van 1 (uitstekend) tot 10 (afschuwelijk). De klasse van het uur wordt bepaald door de slechtste van drie polluenten: stikstofdioxide, fijn stof en grover stof. Klassen 1 tot 4 gelden als goede lucht.',
    airRatingExplain:
      'Beoordeling {rating}: de lucht was goed (BelAQI 1 tot 4) tijdens {pct} van de {hours} beoordeelde uren.',
    airScoreExplain:
      'Score {score} ({label}): het jaargemiddelde van elke polluent, afgezet tegen de richtlijnen van de Wereldgezondheidsorganisatie van 2021; de polluent die het verst boven zijn richtwaarde ligt, beslist.',
    airLimiting: 'Polluent die de score beperkt: {pollutant}.',
    airScoreExplainTop:
      'Score {score} ({label}): het jaargemiddelde van elke polluent, afgezet tegen de richtlijnen van de Wereldgezondheidsorganisatie van 2021; elk ligt op of onder zijn richtwaarde.',
    airLimitingNone:
      'Geen enkele polluent beperkt de score: elk jaargemiddelde ligt op of onder zijn WHO-richtwaarde.',
    airDistributionTitle: 'Verdeling van de uren per klasse (BelAQI)',
    airMonthlyTitle: 'Aandeel uren met goede lucht, maand per maand',
    airMonthlyHighlight: 'Omkaderd: beste en zwakste maand',
    airBestWorst: 'Beste maand: {best} ({bestPct}). Zwakste maand: {worst} ({worstPct}).',
    airDayNight: 'Goede lucht overdag (van 8 tot 20 uur): {day}. ’s Nachts (van 20 tot 8 uur): {night}.',
    airDominant:
      'Polluent die het vaakst de klasse van het uur bepaalde: {pollutant}, tijdens {pct} van de beoordeelde uren.',
    airMeansTitle: 'Jaargemiddelden tegenover de richtwaarden',
    airStationTitle: 'Gemeten aan het dichtstbijzijnde meetstation',
    airStationIntro:
      'Het referentiejaar {year} is weer dat echt plaatsvond. In {year} mat het IRCEL-CELINE-meetstation {station}, op {distance} van hier, deze jaargemiddelden; ernaast de gemodelleerde jaargemiddelden op deze plek voor dezelfde uren.',
    colStationMeasured: 'Gemeten aan het station',
    colModelledHere: 'Hier gemodelleerd',
    cityReference: 'Referentie stadscentrum',
    colPollutant: 'Polluent',
    colAnnualMean: 'Jaargemiddelde',
    colWho: 'WHO-richtlijn',
    colEu: 'EU-grenswaarde 2030',
    colSubscore: 'Deelscore',
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

    methodAir:
      'Lucht: BelAQI-index van de Intergewestelijke Cel voor het Leefmilieu (IRCEL-CELINE, uurdrempels van 2022); scores verankerd aan de wereldwijde luchtkwaliteitsrichtlijnen 2021 van de WHO.',
    readingRating_air: 'aandeel uren met goede lucht (BelAQI 1 tot 4), gedeeld door 10',
    readingScore_air: 'jaargemiddelden tegenover de WHO-richtlijnen van 2021',
  },
} as const;
