import type { CityPlan } from '../../src/model/embedded/morphology/city-plan.ts';
import type { CityClimate } from '../../src/model/embedded/morphology/generate-city.ts';
import { CHARLEROI_PLAN } from './plans/charleroi.ts';

/**
 * The synthetic plans the embedded packages still generated from one (data/cities/<id>/)
 * come from. Brussels is built from OpenStreetMap since issue #33
 * (scripts/cities/build-brussels.ts).
 */
export const EMBEDDED_PLANS: Readonly<Record<string, CityPlan>> = {
  charleroi: CHARLEROI_PLAN,
};

/** the climates the model gave these cities in code before they became packages */
export const PLAN_CLIMATES: Readonly<Record<string, CityClimate>> = {
  // a smaller urban background; about 40 m higher than Uccle and inland
  charleroi: { urbanIndex: 0.72, taOffsetC: -0.25 },
};
