import {
  type CityPlan,
  type District,
  type LonLat,
  rectangle,
} from '../../../src/model/embedded/morphology/city-plan.ts';

/**
 * Charleroi: Ville-Haute around Place Charles II, Ville-Basse between boulevard Tirou
 * and the Sambre, Charleroi-Central south of the river, the inner ring (R9) around
 * them and terraced houses beyond. Approximate positions from general knowledge.
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

/** the inner ring as a closed loop around the two town centres */
function ringRoad(centre: LonLat, radiiM: [number, number], points: number): LonLat[] {
  const [lon, lat] = centre;
  const path: LonLat[] = [];
  for (let k = 0; k <= points; k++) {
    const a = (2 * Math.PI * k) / points;
    const dx = radiiM[0] * Math.cos(a) * (1 + 0.08 * Math.sin(3 * a));
    const dy = radiiM[1] * Math.sin(a) * (1 + 0.06 * Math.cos(2 * a));
    path.push([lon + dx / (111_195 * Math.cos((lat * Math.PI) / 180)), lat + dy / 111_195]);
  }
  return path;
}

export const CHARLEROI_PLAN: CityPlan = {
  id: 'charleroi',
  seed: 2,
  tunnels: [],
  roads: [
    { roadClass: 'major', widthM: 30, path: ringRoad([4.4438, 50.4088], [560, 430], 24) },
    {
      roadClass: 'secondary',
      widthM: 26,
      path: [
        [4.4345, 50.4086],
        [4.4405, 50.4085],
        [4.4452, 50.4083],
        [4.451, 50.4079],
      ],
    },
    {
      roadClass: 'secondary',
      widthM: 20,
      path: [
        [4.4392, 50.4058],
        [4.4418, 50.4085],
        [4.4442, 50.4112],
        [4.4468, 50.4148],
        [4.4498, 50.4195],
      ],
    },
    {
      roadClass: 'secondary',
      widthM: 18,
      path: [
        [4.4325, 50.4035],
        [4.4385, 50.4032],
        [4.4455, 50.4028],
        [4.4555, 50.4022],
      ],
    },
  ],
  water: [
    {
      widthM: 40,
      path: [
        [4.4215, 50.4078],
        [4.4305, 50.4066],
        [4.4385, 50.4058],
        [4.4462, 50.4052],
        [4.4555, 50.4044],
        [4.4672, 50.4026],
      ],
    },
  ],
  open: [
    { name: 'Place Charles II', kind: 'plaza', ring: rectangle([4.4441, 50.4111], [90, 80]) },
    { name: 'Place de la Digue', kind: 'plaza', ring: rectangle([4.4442, 50.4075], [70, 50]) },
    { name: 'Place de la Gare du Sud', kind: 'plaza', ring: rectangle([4.4388, 50.4041], [110, 50]) },
    { name: 'Place du Manège', kind: 'plaza', ring: rectangle([4.4418, 50.4132], [110, 70]) },
    { name: 'Parc Reine Astrid', kind: 'park', ring: rectangle([4.4482, 50.4128], [120, 110]) },
    { name: 'Parc Jacques Bertrand', kind: 'park', ring: rectangle([4.4385, 50.4142], [150, 120]) },
  ],
  landmarks: [
    { name: 'Police tower', centre: [4.4405, 50.4121], sizeM: [30, 30], heightM: 75 },
    { name: 'Belfry (Hôtel de Ville)', centre: [4.4448, 50.4103], sizeM: [40, 30], heightM: 38 },
    { name: 'Rive Gauche', centre: [4.4418, 50.4067], sizeM: [120, 40], heightM: 24 },
  ],
  districts: [
    district({
      name: 'Ville-Haute',
      centre: [4.4442, 50.4118],
      radiusM: 330,
      blockM: 82,
      streetM: 11,
      depthM: 16,
      heightM: 16,
      orientationDeg: 20,
      warpM: 14,
      parcelM: 12,
    }),
    district({
      name: 'Ville-Basse',
      centre: [4.442, 50.4074],
      radiusM: 300,
      blockM: 76,
      streetM: 11,
      depthM: 16,
      heightM: 15,
      orientationDeg: 5,
      warpM: 10,
      parcelM: 12,
    }),
    district({
      name: 'Station quarter',
      centre: [4.4385, 50.4038],
      radiusM: 260,
      blockM: 100,
      streetM: 14,
      depthM: 18,
      heightM: 17,
      orientationDeg: 0,
      towerShare: 0.15,
      towerHeightM: [30, 55],
      parcelM: 22,
    }),
  ],
  fallback: district({
    name: 'terraced quarters',
    centre: [4.444, 50.41],
    radiusM: 0,
    blockM: 100,
    streetM: 11,
    depthM: 13,
    heightM: 10,
    orientationDeg: 12,
    parcelM: 7,
  }),
};
