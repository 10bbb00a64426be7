import type { CityPlan } from '../../src/model/embedded/morphology/city-plan.ts';
import type { CityClimate } from '../../src/model/embedded/morphology/generate-city.ts';
import { BRUSSELS_PLAN } from '../../src/model/embedded/morphology/plans/brussels.ts';
import { CHARLEROI_PLAN } from '../../src/model/embedded/morphology/plans/charleroi.ts';

/** The synthetic plans the embedded packages (data/cities/<id>/) are generated from. */
export const EMBEDDED_PLANS: Readonly<Record<string, CityPlan>> = {
  brussels: BRUSSELS_PLAN,
  charleroi: CHARLEROI_PLAN,
};

/** the climates the model gave these cities in code before they became packages */
export const PLAN_CLIMATES: Readonly<Record<string, CityClimate>> = {
  brussels: { urbanIndex: 1, taOffsetC: 0 },
  // a smaller urban background; about 40 m higher than Uccle and inland
  charleroi: { urbanIndex: 0.72, taOffsetC: -0.25 },
};
