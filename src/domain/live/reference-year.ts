import { createHash } from 'node:crypto';
import type { LivePoint, LiveStation } from './live-inputs.ts';
import type { MeteoQuantity } from './readings.ts';

/**
 * A reference year built from the archives (`svc feeds backfill`, docs/live-data.md): the
 * hours that actually happened at a model domain — the reanalysis meteorology at its
 * centre (Open-Meteo archive, ERA5) and the stations' measured NO2, PM10, PM2.5 and O3
 * (IRCEL-CELINE) — validated and gap-filled (year-validation.ts). It replaces the
 * package's weather (or the generator's) as that domain's reference year; the model
 * reads it through its input port (services/live/model-observations-port.ts, setReferenceYears).
 */
export interface ReferenceYear {
  /** the model domain: a city id, or `belgium` (the nationwide grid) */
  domain: string;
  year: number;
  /** a digest of the values: part of the model's version, so of every statistics cache key */
  version: string;
  /** the reanalysis at the domain's centre (one point; the shape the live port takes) */
  meteo: LivePoint<MeteoQuantity>[];
  /** the stations that measured that year near the domain (every station for `belgium`) */
  stations: LiveStation[];
  /** newest hour of each input, for `meta.sources.as_of`; null: that input is absent */
  newestMeteoMs: number | null;
  newestAirMs: number | null;
}

/** every domain's backfilled year; an absent domain runs on its package's weather */
export interface ReferenceYears {
  /** 'package' when none is loaded */
  version: string;
  years: ReferenceYear[];
}

export const NO_REFERENCE_YEARS: ReferenceYears = { version: 'package', years: [] };

export function referenceYearsOf(years: readonly ReferenceYear[]): ReferenceYears {
  if (years.length === 0) return NO_REFERENCE_YEARS;
  const sorted = [...years].sort((a, b) => a.domain.localeCompare(b.domain));
  const digest = createHash('sha256')
    .update(sorted.map((y) => `${y.domain}:${y.version}`).join(','))
    .digest('hex')
    .slice(0, 10);
  return { version: `ref-${digest}`, years: sorted };
}

/** the digest a year's values get (the same values, the same version, on every instance) */
export function referenceVersion(year: Omit<ReferenceYear, 'version'>): string {
  return createHash('sha256').update(JSON.stringify(year)).digest('hex').slice(0, 12);
}
