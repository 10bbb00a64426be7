import { AIR_INPUT, METEOROLOGY_INPUT } from '../../domain/live/feed-inputs.ts';
import { FEED_ATTRIBUTION, isoOrNull, type Source } from '../../domain/live/provenance.ts';
import {
  NO_REFERENCE_YEARS,
  type ReferenceYear,
  type ReferenceYears,
  referenceYearsOf,
} from '../../domain/live/reference-year.ts';
import type { ReferenceStore } from './archive-port.ts';
import type { ModelObservationInput } from './model-observations-port.ts';

/**
 * The backfilled reference years every instance serves (issue #35): it polls the
 * versions in the database (one small query, like the city packages), loads a domain's
 * year when its version changed, and hands the set to the model's input port, which
 * changes the model's version — the key of every statistics cache — in the same step.
 * A backfill on any instance, or a `--reset`, reaches all of them within `refreshMs`.
 */
export interface ReferenceYearsDeps {
  store: ReferenceStore;
  model?: Pick<ModelObservationInput, 'setReferenceYears'>;
  /** default 10 s */
  refreshMs?: number;
  warn?: (error: unknown, message: string) => void;
  /** after the model took a new set: the domains whose year changed (to warm their statistics) */
  onChanged?: (domains: string[]) => void;
}

export interface ReferenceYearsService {
  /** reads the versions now and updates the model when they changed */
  refresh(): Promise<void>;
  current(): ReferenceYears;
  /** `meta.sources` of a domain's backfilled year; undefined when it runs on its package's */
  sources(domain: string): Source[] | undefined;
  start(): void;
  close(): void;
}

export const ARCHIVE_ATTRIBUTION = 'Weather data by Open-Meteo.com, ERA5 reanalysis (CC BY 4.0)';

export function referenceSources(year: ReferenceYear): Source[] {
  const sources: Source[] = [
    {
      id: 'open-meteo-archive',
      kind: 'reanalysis',
      status: 'fresh',
      as_of: isoOrNull(year.newestMeteoMs),
      input: METEOROLOGY_INPUT,
      attribution: ARCHIVE_ATTRIBUTION,
    },
  ];
  if (year.stations.length > 0)
    sources.push({
      id: 'ircel-celine',
      kind: 'observation',
      status: 'fresh',
      as_of: isoOrNull(year.newestAirMs),
      input: AIR_INPUT,
      attribution: FEED_ATTRIBUTION['ircel-celine'],
    });
  return sources;
}

export function createReferenceYears(deps: ReferenceYearsDeps): ReferenceYearsService {
  let current: ReferenceYears = NO_REFERENCE_YEARS;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function refresh(): Promise<void> {
    const active = await deps.store.active();
    const same =
      active.length === current.years.length &&
      active.every((a) => current.years.some((y) => y.domain === a.domain && y.version === a.version));
    if (same) return;
    const years: ReferenceYear[] = [];
    for (const a of active) {
      const held = current.years.find((y) => y.domain === a.domain && y.version === a.version);
      const year = held ?? (await deps.store.load(a.domain));
      if (year) years.push(year);
    }
    const next = referenceYearsOf(years);
    await deps.model?.setReferenceYears?.(next);
    const changed = [...new Set([...next.years, ...current.years].map((y) => y.domain))].filter(
      (domain) =>
        next.years.find((y) => y.domain === domain)?.version !==
        current.years.find((y) => y.domain === domain)?.version,
    );
    current = next;
    deps.onChanged?.(changed);
  }

  const service: ReferenceYearsService = {
    refresh() {
      running ??= refresh().finally(() => {
        running = null;
      });
      return running;
    },
    current: () => current,
    sources(domain) {
      const year = current.years.find((y) => y.domain === domain);
      return year && referenceSources(year);
    },
    start() {
      if (timer || closed) return;
      const tick = () => {
        service
          .refresh()
          .catch((error) => deps.warn?.(error, 'reference years: reading the store failed'))
          .finally(() => {
            if (closed) return;
            timer = setTimeout(tick, deps.refreshMs ?? 10_000);
            timer.unref();
          });
      };
      timer = setTimeout(tick, deps.refreshMs ?? 10_000);
      timer.unref();
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
  return service;
}
