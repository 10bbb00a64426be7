/**
 * Wind comfort's report text in the report's languages, taken into the catalogues of
 * domain/reports/i18n/ (placeholders are `{name}`; the i18n tests hold every language to
 * the English keys and placeholders).
 */
export const WIND_MESSAGES = {
  en: {
    windTitle: 'Wind comfort',
    glanceWindSame:
      'Rating {rating} / 10, the same as the score: the windiest hour ({worst} m/s) does not lower it. Calm during {pct} of the hours.',
    glanceWindCapped:
      'Rating {rating} / 10, lowered by the windiest hour ({worst} m/s). Calm during {pct} of the hours.',
    keyFigures: 'Key figures',
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
    exceedAtMost: 'at most {hours} h a year',
    exceedNever: 'never',
    windMonthlyTitle: 'Average pedestrian wind speed by month (m/s)',
    windMean: 'Average wind speed at pedestrian level',
    windP95: 'Exceeded only 5% of the time',
    windMaxGust: 'Strongest gust',
    windWorst: 'Windiest hour of the year',
    windWorstHours: 'Windiest hour of the year; {hours} h came within 0.5 m/s of it',
    windDanger:
      'Dangerous wind occurred during {pct} of the hours ({hours}): gusts that can make cyclists, children and older people lose their balance.',
    windLife_high:
      'A sheltered spot. Terraces, balconies and benches can be used whenever the weather allows.',
    windLife_good:
      'Mostly pleasant. On the windier days, long sitting outside (a café terrace, a balcony lunch) is less comfortable; walking is fine.',
    windLife_fair:
      'Noticeably windy. Outdoor sitting areas need shelter such as screens, hedges or canopies; umbrellas and light furniture need securing.',
    windLife_poor:
      'Uncomfortable or even hazardous wind occurs here. Expect doors that are hard to open, sitting outside to be rarely pleasant, and take care on a bicycle on stormy days.',

    methodWind:
      'Wind: pedestrian-level mean and gust speeds, Lawson comfort classes and the City of London (2019) exceedance method.',
    windClassesTitle: 'What the comfort classes mean',
    windClass_1: 'below 4 m/s: comfortable for walking, standing and sitting for a while',
    windClass_2: '4 to 6 m/s: fine for standing and short stops, not for sitting',
    windClass_3: '6 to 8 m/s: fine for walking, unpleasant for standing or sitting',
    windClass_4: 'above 8 m/s, or gusts of 10 m/s: only brisk walking is tolerable',
    windClass_5: 'above 15 m/s: people can lose their balance, especially cyclists and frail people',
    windSittingNote:
      'Long sitting, as on a café terrace used every day, needs a stricter limit than the calm class: 2.5 m/s, the City of London criterion for frequent sitting. Hours between 2.5 and 4 m/s still count as calm; here {pct} of the hours are above 2.5 m/s.',
    readingRating_wind: 'the score, lowered when the windiest hour of the year is dangerous',
    readingScore_wind: 'how often the comfort thresholds are exceeded, against the City of London allowances',
  },
  fr: {
    windTitle: 'Confort au vent',
    glanceWindSame:
      'Note {rating} / 10, égale au score : l’heure la plus venteuse ({worst} m/s) ne l’abaisse pas. Calme pendant {pct} des heures.',
    glanceWindCapped:
      'Note {rating} / 10, abaissée par l’heure la plus venteuse ({worst} m/s). Calme pendant {pct} des heures.',
    keyFigures: 'Chiffres clés',
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
    exceedAtMost: 'au plus {hours} h par an',
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

    methodWind:
      'Vent : vitesses moyennes et rafales à hauteur de piéton, classes de confort de Lawson et méthode de dépassement de la City of London (2019).',
    windClassesTitle: 'Ce que signifient les classes de confort',
    windClass_1: 'moins de 4 m/s : confortable pour marcher, rester debout et s’asseoir un moment',
    windClass_2: 'de 4 à 6 m/s : bien pour rester debout ou s’arrêter, pas pour s’asseoir',
    windClass_3: 'de 6 à 8 m/s : convient pour marcher, désagréable pour rester debout ou assis',
    windClass_4: 'plus de 8 m/s, ou rafales de 10 m/s : seule la marche d’un bon pas reste supportable',
    windClass_5: 'plus de 15 m/s : on peut perdre l’équilibre, surtout à vélo ou quand on est fragile',
    windSittingNote:
      'Rester assis longtemps, comme à une terrasse de café fréquentée tous les jours, demande une limite plus stricte que la classe « calme » : 2,5 m/s, le critère de la City of London pour une assise fréquente. Les heures entre 2,5 et 4 m/s restent calmes ; ici, {pct} des heures dépassent 2,5 m/s.',
    readingRating_wind: 'le score, abaissé quand l’heure la plus venteuse de l’année est dangereuse',
    readingScore_wind:
      'fréquence de dépassement des seuils de confort face aux tolérances de la City of London',
  },
  nl: {
    windTitle: 'Windcomfort',
    glanceWindSame:
      'Beoordeling {rating} / 10, gelijk aan de score: het winderigste uur ({worst} m/s) verlaagt ze niet. Rustig tijdens {pct} van de uren.',
    glanceWindCapped:
      'Beoordeling {rating} / 10, verlaagd door het winderigste uur ({worst} m/s). Rustig tijdens {pct} van de uren.',
    keyFigures: 'Kerncijfers',
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
    exceedAtMost: 'hoogstens {hours} u per jaar',
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

    methodWind:
      'Wind: gemiddelde snelheid en windstoten op voetgangershoogte, Lawson-comfortklassen en de overschrijdingsmethode van de City of London (2019).',
    windClassesTitle: 'Wat de comfortklassen betekenen',
    windClass_1: 'onder 4 m/s: comfortabel om te wandelen, te staan en een tijdje te zitten',
    windClass_2: '4 tot 6 m/s: prima om te staan of even halt te houden, niet om te zitten',
    windClass_3: '6 tot 8 m/s: prima om te wandelen, onaangenaam om te staan of te zitten',
    windClass_4: 'boven 8 m/s, of windstoten van 10 m/s: alleen stevig doorstappen is nog te doen',
    windClass_5:
      'boven 15 m/s: mensen kunnen hun evenwicht verliezen, vooral fietsers en wie minder stevig ter been is',
    windSittingNote:
      'Lang zitten, zoals op een caféterras dat elke dag gebruikt wordt, vraagt een strengere grens dan de klasse rustig: 2,5 m/s, het criterium van de City of London voor vaak en lang zitten. Uren tussen 2,5 en 4 m/s tellen nog als rustig; hier ligt {pct} van de uren boven 2,5 m/s.',
    readingRating_wind: 'de score, verlaagd als het winderigste uur van het jaar gevaarlijk is',
    readingScore_wind:
      'hoe vaak de comfortdrempels overschreden worden, tegenover de toleranties van de City of London',
  },
} as const;
