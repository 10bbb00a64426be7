import type { Source } from '../../domain/live/provenance.ts';
import type { CatalogSources } from '../../domain/map/catalog.ts';
import type { CatalogSkeleton } from './catalog-skeleton.ts';

/**
 * `sources` of the map catalog (beyond the spec, like the data answers' `meta.sources`):
 * what the "now" step and the forecast steps stand on, so a map page can say on its face
 * when the weather is generated (no feeds) and, with feeds, credit them with their
 * `as_of` (issue #49). Told fresh on every catalog: a signed body is kept for a minute,
 * the feeds' state moves on its own.
 */
export interface CatalogLiveData {
  snapshot(): {
    realtimeSources(hours: { fromMs: number; toMs: number }): Source[];
    forecastSources(hours: { fromMs: number; toMs: number }, issuedMs: number): Source[];
  };
}

function synthetic(toMs: number): Source[] {
  return [{ id: 'synthetic', kind: 'synthetic', status: 'fallback', as_of: new Date(toMs).toISOString() }];
}

export function catalogSources(live: CatalogLiveData | undefined, skeleton: CatalogSkeleton): CatalogSources {
  const snapshot = live?.snapshot();
  const now = skeleton.realtime;
  const forecast = skeleton.forecast;
  const first = forecast[0];
  const last = forecast.at(-1);
  const sources: CatalogSources = { forecast: [] };
  if (now) {
    const hours = { fromMs: now.hourMs, toMs: now.hourMs };
    sources.realtime = snapshot ? snapshot.realtimeSources(hours) : synthetic(now.hourMs);
  }
  if (first && last) {
    const hours = { fromMs: first.hourMs, toMs: last.hourMs };
    const issuedMs = first.issuedMs ?? now?.hourMs ?? first.hourMs;
    sources.forecast = snapshot ? snapshot.forecastSources(hours, issuedMs) : synthetic(last.hourMs);
  }
  return sources;
}
