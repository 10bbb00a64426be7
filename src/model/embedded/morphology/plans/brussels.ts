import { type CityPlan, type District, rectangle } from '../city-plan.ts';

/**
 * Brussels: the Pentagon inside its small ring, the North quarter towers along
 * boulevard Albert II, the European quarter on rue de la Loi, the Midi towers, the
 * canal on the west side, and 19th-century quarters of terraced houses around them.
 * Positions are approximate (a few tens of metres) and come from general knowledge of
 * the city; the generator fills blocks and heights between them.
 */
const district = (
  d: Omit<District, 'warpM' | 'bendM' | 'towerShare' | 'towerHeightM'> & Partial<District>,
): District => ({
  warpM: 0,
  bendM: 0,
  towerShare: 0,
  towerHeightM: [0, 0],
  ...d,
});

export const BRUSSELS_PLAN: CityPlan = {
  id: 'brussels',
  seed: 1,
  roads: [
    // the small ring (R20) around the Pentagon, clockwise from Porte de Hal
    {
      roadClass: 'major',
      widthM: 44,
      path: [
        [4.3445, 50.8327],
        [4.3535, 50.8357],
        [4.3625, 50.8386],
        [4.3662, 50.8422],
        [4.3695, 50.8462],
        [4.3703, 50.85],
        [4.3665, 50.8541],
        [4.3585, 50.8556],
        [4.349, 50.8562],
        [4.3425, 50.8538],
        [4.3385, 50.8505],
        [4.3362, 50.8468],
        [4.3368, 50.8425],
        [4.3405, 50.837],
        [4.3445, 50.8327],
      ],
    },
    // rue de la Loi, from rue Royale to the Cinquantenaire
    {
      roadClass: 'major',
      widthM: 30,
      path: [
        [4.3628, 50.8462],
        [4.3695, 50.8462],
        [4.3755, 50.8448],
        [4.3806, 50.8432],
        [4.3868, 50.8418],
      ],
    },
    // rue Belliard, parallel to the south
    {
      roadClass: 'major',
      widthM: 24,
      path: [
        [4.3662, 50.8422],
        [4.3735, 50.8412],
        [4.3795, 50.8398],
        [4.3868, 50.8386],
      ],
    },
    // boulevard du Roi Albert II through the North quarter
    {
      roadClass: 'major',
      widthM: 42,
      path: [
        [4.3585, 50.8556],
        [4.3596, 50.8605],
        [4.3607, 50.8655],
        [4.3618, 50.8705],
      ],
    },
    // avenue Louise towards the south-east
    {
      roadClass: 'major',
      widthM: 34,
      path: [
        [4.3555, 50.8368],
        [4.359, 50.8334],
        [4.3628, 50.8298],
        [4.3668, 50.826],
      ],
    },
    // avenue de Cortenbergh from Schuman to the north-east
    {
      roadClass: 'major',
      widthM: 30,
      path: [
        [4.3806, 50.8432],
        [4.3852, 50.8453],
        [4.3905, 50.8476],
        [4.396, 50.85],
      ],
    },
    // the central boulevards, pedestrian since 2015 (Lemonnier from the Midi to Fontainas,
    // Anspach from Fontainas past the Bourse to De Brouckère)
    {
      roadClass: 'pedestrian',
      widthM: 26,
      path: [
        [4.3405, 50.837],
        [4.3458, 50.8438],
        [4.35, 50.8484],
        [4.3529, 50.8511],
      ],
    },
    // boulevard Adolphe Max, De Brouckère to Rogier: buses, deliveries and residents only
    {
      roadClass: 'local',
      widthM: 20,
      path: [
        [4.3529, 50.8511],
        [4.3585, 50.8556],
      ],
    },
    // rue Royale along the park to the Botanique
    {
      roadClass: 'secondary',
      widthM: 18,
      path: [
        [4.3598, 50.8422],
        [4.362, 50.8462],
        [4.3642, 50.8505],
        [4.3665, 50.8541],
      ],
    },
    // boulevard Léopold II north-west from Sainctelette
    {
      roadClass: 'secondary',
      widthM: 30,
      path: [
        [4.3425, 50.8538],
        [4.3392, 50.8578],
        [4.3345, 50.8618],
      ],
    },
    // boulevard Charlemagne from Schuman to square Ambiorix
    {
      roadClass: 'secondary',
      widthM: 22,
      path: [
        [4.3806, 50.8432],
        [4.3795, 50.8465],
        [4.3788, 50.8495],
      ],
    },
    // chaussée de Wavre / rue du Luxembourg towards Place du Luxembourg
    {
      roadClass: 'secondary',
      widthM: 16,
      path: [
        [4.3625, 50.8386],
        [4.3685, 50.8392],
        [4.3735, 50.839],
      ],
    },
    // avenue Fonsny along the Midi station
    {
      roadClass: 'secondary',
      widthM: 22,
      path: [
        [4.3445, 50.8327],
        [4.339, 50.8348],
        [4.3335, 50.8372],
      ],
    },
    // the chaussées radiating from the gates of the small ring: the through streets of
    // the 19th-century quarters (Gand, Ninove, Mons, Waterloo, Charleroi, Ixelles, Wavre,
    // Louvain, Haecht, Anvers)
    ...(
      [
        [
          [4.3385, 50.8505],
          [4.3335, 50.8538],
          [4.3285, 50.8572],
          [4.3225, 50.8602],
        ],
        [
          [4.3362, 50.8468],
          [4.3312, 50.8461],
          [4.3262, 50.8449],
          [4.3205, 50.8441],
        ],
        [
          [4.3368, 50.8425],
          [4.3322, 50.8408],
          [4.3275, 50.8386],
          [4.3218, 50.8366],
        ],
        [
          [4.3445, 50.8327],
          [4.3462, 50.8296],
          [4.3488, 50.8262],
          [4.3502, 50.8228],
        ],
        [
          [4.3555, 50.8368],
          [4.3538, 50.8331],
          [4.3522, 50.8294],
          [4.3511, 50.8258],
        ],
        [
          [4.3625, 50.8386],
          [4.3652, 50.8352],
          [4.3675, 50.8318],
          [4.3702, 50.8282],
        ],
        [
          [4.3735, 50.839],
          [4.3782, 50.8365],
          [4.3838, 50.8338],
          [4.3895, 50.8318],
        ],
        [
          [4.3703, 50.85],
          [4.3765, 50.8512],
          [4.3832, 50.8531],
          [4.3905, 50.8548],
        ],
        [
          [4.3665, 50.8541],
          [4.3684, 50.8582],
          [4.3702, 50.8628],
          [4.3722, 50.8672],
        ],
        [
          [4.349, 50.8562],
          [4.3508, 50.8602],
          [4.3522, 50.8645],
          [4.3535, 50.869],
        ],
      ] as Array<Array<[number, number]>>
    ).map((path) => ({ roadClass: 'secondary' as const, widthM: 16, path })),
  ],
  // road tunnels of the small ring (R20), of rue de la Loi, rue Belliard and the
  // Cinquantenaire, and of boulevard Léopold II: the traffic is underground and the
  // exhaust leaves at the mouths. Montgomery and Reyers (middle ring) lie outside the
  // high-resolution zone; they are in the package and count once the zone reaches them.
  tunnels: [
    {
      name: 'Louise – Porte de Namur',
      roadClass: 'major',
      widthM: 14,
      path: [
        [4.3497, 50.8345],
        [4.3535, 50.8357],
        [4.3612, 50.8382],
      ],
    },
    {
      name: 'Trône – Arts-Loi',
      roadClass: 'major',
      widthM: 14,
      path: [
        [4.3641, 50.8398],
        [4.3662, 50.8422],
        [4.3695, 50.8462],
        [4.3699, 50.8478],
      ],
    },
    {
      name: 'Madou – Botanique – Rogier',
      roadClass: 'major',
      widthM: 14,
      path: [
        [4.3703, 50.8492],
        [4.3703, 50.85],
        [4.3665, 50.8541],
        [4.3585, 50.8556],
        [4.3558, 50.8558],
      ],
    },
    {
      name: 'Léopold II',
      roadClass: 'major',
      widthM: 14,
      path: [
        [4.3452, 50.8553],
        [4.3392, 50.8578],
        [4.3345, 50.8618],
        [4.3262, 50.8658],
        [4.3195, 50.8672],
      ],
    },
    {
      name: 'Loi – Cinquantenaire',
      roadClass: 'major',
      widthM: 14,
      path: [
        [4.3762, 50.8446],
        [4.3806, 50.8432],
        [4.3868, 50.8418],
        [4.3935, 50.8405],
        [4.3988, 50.8392],
      ],
    },
    {
      name: 'Belliard',
      roadClass: 'major',
      widthM: 11,
      path: [
        [4.3768, 50.8405],
        [4.3795, 50.8398],
        [4.3848, 50.8389],
      ],
    },
    {
      name: 'Montgomery',
      roadClass: 'major',
      widthM: 14,
      path: [
        [4.4042, 50.8394],
        [4.4078, 50.8385],
        [4.4112, 50.8376],
      ],
    },
    {
      name: 'Reyers',
      roadClass: 'major',
      widthM: 14,
      path: [
        [4.4018, 50.8478],
        [4.4012, 50.8515],
        [4.4022, 50.8558],
      ],
    },
  ],
  water: [
    // the Charleroi–Brussels canal west of the Pentagon
    {
      widthM: 45,
      path: [
        [4.3255, 50.8325],
        [4.3298, 50.8398],
        [4.3325, 50.8462],
        [4.3352, 50.8512],
        [4.3398, 50.8565],
        [4.3452, 50.8628],
        [4.3502, 50.8708],
      ],
    },
  ],
  open: [
    { name: 'Grand-Place', kind: 'plaza', ring: rectangle([4.3525, 50.8467], [95, 70]) },
    { name: 'Parc de Bruxelles', kind: 'park', ring: rectangle([4.3645, 50.8443], [320, 330]) },
    { name: 'Parc du Cinquantenaire', kind: 'park', ring: rectangle([4.3915, 50.8405], [640, 400]) },
    { name: 'Parc Léopold', kind: 'park', ring: rectangle([4.3808, 50.8378], [230, 190]) },
    { name: 'Jardin botanique', kind: 'park', ring: rectangle([4.3635, 50.8528], [260, 110]) },
    { name: 'Parc Maximilien', kind: 'park', ring: rectangle([4.3505, 50.8605], [240, 260]) },
    { name: "Parc d'Egmont", kind: 'park', ring: rectangle([4.3578, 50.8382], [120, 110]) },
    { name: 'Mont des Arts', kind: 'plaza', ring: rectangle([4.3565, 50.8444], [110, 80]) },
    { name: 'Place Royale', kind: 'plaza', ring: rectangle([4.3598, 50.8422], [70, 70]) },
    { name: 'Place Rogier', kind: 'plaza', ring: rectangle([4.3578, 50.8548], [150, 110]) },
    { name: 'Place Poelaert', kind: 'plaza', ring: rectangle([4.3522, 50.8375], [150, 110]) },
    { name: 'Place du Jeu de Balle', kind: 'plaza', ring: rectangle([4.3445, 50.838], [80, 70]) },
    { name: 'Place Sainte-Catherine', kind: 'plaza', ring: rectangle([4.3478, 50.8512], [60, 170]) },
    { name: 'Place de la Monnaie', kind: 'plaza', ring: rectangle([4.3537, 50.8497], [70, 60]) },
    { name: 'Place du Luxembourg', kind: 'plaza', ring: rectangle([4.3735, 50.8388], [90, 60]) },
    { name: 'Rond-point Schuman', kind: 'plaza', ring: rectangle([4.3806, 50.8432], [110, 100]) },
    { name: 'Place Madou', kind: 'plaza', ring: rectangle([4.3703, 50.85], [80, 70]) },
    { name: 'Square Ambiorix', kind: 'park', ring: rectangle([4.3815, 50.8478], [90, 230]) },
    { name: 'Place Bara (Midi)', kind: 'plaza', ring: rectangle([4.3405, 50.837], [90, 90]) },
  ],
  landmarks: [
    { name: 'Tour du Midi', centre: [4.3372, 50.8362], sizeM: [40, 40], heightM: 148 },
    { name: 'Tour des Finances', centre: [4.3612, 50.8532], sizeM: [50, 40], heightM: 145 },
    { name: 'Rogier Tower', centre: [4.3566, 50.8562], sizeM: [40, 40], heightM: 137 },
    { name: 'Tour Madou', centre: [4.3715, 50.8508], sizeM: [40, 30], heightM: 120 },
    { name: 'Proximus Towers', centre: [4.3618, 50.8598], sizeM: [40, 80], heightM: 102 },
    { name: 'World Trade Center', centre: [4.3582, 50.8618], sizeM: [40, 40], heightM: 102 },
    { name: 'North Galaxy', centre: [4.3588, 50.8582], sizeM: [60, 40], heightM: 90 },
    { name: 'Berlaymont', centre: [4.3825, 50.8438], sizeM: [130, 90], heightM: 55 },
    { name: 'Justus Lipsius', centre: [4.3818, 50.8412], sizeM: [120, 70], heightM: 42 },
    { name: 'Palais de Justice', centre: [4.3518, 50.8365], sizeM: [150, 150], heightM: 45 },
    { name: 'Espace Léopold (Parliament)', centre: [4.3755, 50.8385], sizeM: [150, 80], heightM: 70 },
  ],
  districts: [
    district({
      name: 'Pentagon core',
      centre: [4.3515, 50.8468],
      radiusM: 650,
      blockM: 72,
      streetM: 9,
      depthM: 16,
      heightM: 17,
      orientationDeg: 32,
      warpM: 26,
      bendM: 20,
      parcelM: 12,
    }),
    district({
      name: 'Marolles and Sablon',
      centre: [4.3475, 50.8395],
      radiusM: 420,
      blockM: 70,
      streetM: 9,
      depthM: 15,
      heightM: 15,
      orientationDeg: 55,
      warpM: 22,
      bendM: 20,
      parcelM: 11,
    }),
    district({
      name: 'Royal quarter',
      centre: [4.3605, 50.8432],
      radiusM: 300,
      blockM: 110,
      streetM: 14,
      depthM: 22,
      heightM: 22,
      orientationDeg: 62,
      bendM: 15,
      parcelM: 22,
    }),
    district({
      name: 'Upper town east',
      centre: [4.3655, 50.8485],
      radiusM: 280,
      blockM: 95,
      streetM: 12,
      depthM: 18,
      heightM: 24,
      orientationDeg: 62,
      bendM: 20,
      parcelM: 18,
    }),
    district({
      name: 'North quarter',
      centre: [4.3598, 50.8612],
      radiusM: 480,
      blockM: 115,
      streetM: 16,
      depthM: 22,
      heightM: 28,
      orientationDeg: 78,
      towerShare: 0.5,
      towerHeightM: [60, 125],
      parcelM: 30,
    }),
    district({
      name: 'European quarter',
      centre: [4.3775, 50.8428],
      radiusM: 560,
      blockM: 118,
      streetM: 14,
      depthM: 22,
      heightM: 30,
      orientationDeg: -14,
      bendM: 20,
      towerShare: 0.22,
      towerHeightM: [45, 80],
      parcelM: 26,
    }),
    district({
      name: 'Midi',
      centre: [4.3368, 50.8368],
      radiusM: 360,
      blockM: 105,
      streetM: 14,
      depthM: 20,
      heightM: 22,
      orientationDeg: 40,
      bendM: 15,
      towerShare: 0.35,
      towerHeightM: [55, 100],
      parcelM: 24,
    }),
    district({
      name: 'Saint-Gilles and Ixelles',
      centre: [4.3545, 50.8305],
      radiusM: 700,
      blockM: 112,
      streetM: 12,
      depthM: 15,
      heightM: 13,
      orientationDeg: 38,
      warpM: 4,
      bendM: 55,
      parcelM: 8,
    }),
    district({
      name: 'Schaerbeek and Saint-Josse',
      centre: [4.3745, 50.8575],
      radiusM: 750,
      blockM: 105,
      streetM: 12,
      depthM: 14,
      heightM: 13,
      orientationDeg: -28,
      warpM: 4,
      bendM: 55,
      parcelM: 8,
    }),
    district({
      name: 'Molenbeek',
      centre: [4.3305, 50.8535],
      radiusM: 650,
      blockM: 98,
      streetM: 11,
      depthM: 14,
      heightM: 12,
      orientationDeg: 18,
      warpM: 5,
      bendM: 50,
      parcelM: 8,
    }),
    district({
      name: 'Etterbeek',
      centre: [4.3885, 50.8345],
      radiusM: 650,
      blockM: 108,
      streetM: 12,
      depthM: 14,
      heightM: 14,
      orientationDeg: 12,
      warpM: 4,
      bendM: 50,
      parcelM: 9,
    }),
  ],
  fallback: district({
    name: 'outer quarters',
    centre: [4.36, 50.85],
    radiusM: 0,
    blockM: 105,
    streetM: 12,
    depthM: 13,
    heightM: 11,
    orientationDeg: 5,
    warpM: 5,
    bendM: 60,
    parcelM: 8,
  }),
};
