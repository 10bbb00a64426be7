/**
 * Thermal comfort's report text in the report's languages, taken into the catalogues of
 * domain/reports/i18n/ (placeholders are `{name}`; the i18n tests hold every language to
 * the English keys and placeholders).
 */
export const THERMAL_MESSAGES = {
  en: {
    thermalTitle: 'Thermal comfort',
    glanceThermal:
      'Rating {rating} / 10: in the weakest season outside winter, {season}, {pct} of the daytime hours are comfortable.',
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
    thermalHeatFactsNone: 'Each year: no day with strong heat stress, and {nights}.',
    thermalScoreExplainTop:
      'Score {score} ({label}): every season’s share of acceptable daytime hours (0 to 32 °C) reaches what is usual for that season, so no season holds the score back.',
    thermalLife_top:
      'Comfortable outdoors in every season, measured against what is usual for each: no season falls short.',
    thermalLife_top_heatDays:
      'Comfortable outdoors in every season, measured against what is usual for each; still, on the few afternoons of strong heat stress, look for shade.',
    methodThermal:
      'Heat and cold: UTCI, with the ten stress categories of the international UTCI definition; daytime is 08:00 to 20:00 Belgian time.',
    readingRating_thermal:
      'share of comfortable daytime hours in the weakest season outside winter, divided by 10',
    readingScore_thermal: 'each season’s acceptable daytime hours against what is usual for that season',
  },
  fr: {
    thermalTitle: 'Confort thermique',
    glanceThermal:
      'Note {rating} / 10 : dans la saison la moins favorable hors hiver, {season}, {pct} des heures de jour sont confortables.',
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
    thermalHeatFactsNone: 'Chaque année : aucun jour de fort stress thermique, et {nights}.',
    thermalScoreExplainTop:
      'Score {score} ({label}) : dans chaque saison, la part d’heures de jour acceptables (de 0 à 32 °C) atteint ce qui est habituel pour cette saison ; aucune saison ne fait baisser le score.',
    thermalLife_top:
      'Confortable dehors en toute saison, au regard de ce qui est habituel pour chacune : aucune saison n’est en retrait.',
    thermalLife_top_heatDays:
      'Confortable dehors en toute saison, au regard de ce qui est habituel pour chacune ; les quelques après-midi de fort stress thermique, cherchez tout de même l’ombre.',
    methodThermal:
      'Chaleur et froid : UTCI, avec les dix catégories de stress de la définition internationale de l’UTCI ; le jour va de 8 h à 20 h, heure belge.',
    readingRating_thermal:
      'part des heures de jour confortables pendant la saison la moins favorable hors hiver, divisée par 10',
    readingScore_thermal:
      'heures de jour acceptables de chaque saison face à ce qui est habituel pour cette saison',
  },
  nl: {
    thermalTitle: 'Thermisch comfort',
    glanceThermal:
      'Beoordeling {rating} / 10: in het zwakste seizoen buiten de winter, {season}, is {pct} van de uren overdag comfortabel.',
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
    thermalHeatFactsNone: 'Elk jaar: geen dag met sterke hittestress, en {nights}.',
    thermalScoreExplainTop:
      'Score {score} ({label}): in elk seizoen haalt het aandeel aanvaardbare uren overdag (0 tot 32 °C) wat voor dat seizoen gebruikelijk is; geen enkel seizoen haalt de score omlaag.',
    thermalLife_top:
      'Comfortabel buiten in elk seizoen, gemeten aan wat voor elk seizoen gebruikelijk is: geen enkel seizoen schiet tekort.',
    thermalLife_top_heatDays:
      'Comfortabel buiten in elk seizoen, gemeten aan wat voor elk seizoen gebruikelijk is; zoek op de enkele namiddagen met sterke hittestress toch de schaduw op.',
    methodThermal:
      'Hitte en koude: UTCI, met de tien stresscategorieën van de internationale UTCI-definitie; overdag is van 8 tot 20 uur Belgische tijd.',
    readingRating_thermal:
      'aandeel comfortabele uren overdag in het zwakste seizoen buiten de winter, gedeeld door 10',
    readingScore_thermal:
      'aanvaardbare uren overdag per seizoen, tegenover wat voor dat seizoen gebruikelijk is',
  },
} as const;
