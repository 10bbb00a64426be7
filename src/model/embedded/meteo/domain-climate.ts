import type { NationalClimate } from '../../../domain/coverage/national-climate.ts';

/**
 * The climate a domain's weather is generated in: the national descriptor's normals and
 * wind rose, and the civil time zone of its daily and weekly cycles (the city's own, the
 * national one for the nationwide grid). Plain data, carried by the morphology to the
 * model's threads.
 */
export type DomainClimate = Pick<NationalClimate, 'timeZone' | 'monthlyNormals' | 'windRose'>;

export function domainClimate(national: NationalClimate): DomainClimate {
  return {
    timeZone: national.timeZone,
    monthlyNormals: national.monthlyNormals,
    windRose: national.windRose,
  };
}

/** a city's climate: the nation's, on the city's own civil clock when its package names one */
export function cityClimate(national: DomainClimate, timeZone: string | undefined): DomainClimate {
  return timeZone ? { ...national, timeZone } : national;
}
