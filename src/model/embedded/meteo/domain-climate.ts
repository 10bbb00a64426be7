import type { NationalClimate } from '../../../domain/coverage/national-climate.ts';

/**
 * The climate a domain's weather is generated in: the national descriptor's normals, wind
 * rose and the civil time zone of its daily and weekly cycles. Plain data, carried by the
 * morphology to the model's threads.
 */
export type DomainClimate = Pick<NationalClimate, 'timeZone' | 'monthlyNormals' | 'windRose'>;

export function domainClimate(national: NationalClimate): DomainClimate {
  return {
    timeZone: national.timeZone,
    monthlyNormals: national.monthlyNormals,
    windRose: national.windRose,
  };
}
