import type { CityDefinition } from '../../domain/coverage/cities.ts';
import type { DomainId } from '../../domain/grid/model-data.ts';
import { isTimedLayer, TIMED_LAYERS, type TimedMapLayer } from '../../domain/map/layers.ts';
import type { ModelCatalog } from './model-catalog-port.ts';
import type { RangeMemo } from './range-memo.ts';

/**
 * What the catalog says about a city before any key is applied: which hours exist,
 * which layers have data at each, and value ranges per layer and hour. This is the
 * part worth caching; keys, scopes and signatures are applied per request on top.
 */
export interface StepSkeleton {
  hourMs: number;
  /** forecasts: the observed hour the forecast was issued at */
  issuedMs?: number;
  layers: TimedMapLayer[];
}

export interface CatalogSkeleton {
  cityId: string;
  generatedMs: number;
  realtime: StepSkeleton | null;
  forecast: StepSkeleton[];
  /** per layer, keyed by the step's epoch ms */
  range: Partial<Record<TimedMapLayer, Record<string, { min: number; max: number }>>>;
}

/**
 * Layers whose ranges the catalog asks for: all timed layers, since a range is also how
 * the model tells which hours a layer has data for (thermal's is the one a relative
 * scale needs; the others come along for relative scales to come).
 */
export const RANGED_LAYERS: readonly TimedMapLayer[] = TIMED_LAYERS;

export interface SkeletonOptions {
  /** how long to wait for ranges not yet known before publishing without them */
  rangeWaitMs: number;
  deadlineMs?: number;
}

export function stepHours(model: ModelCatalog, city: CityDefinition, nowMs: number) {
  const issuedMs = model.latestObservedHour(nowMs);
  const hours: Array<{ hourMs: number; issuedMs?: number }> = [];
  if (city.products.realtime) hours.push({ hourMs: issuedMs });
  if (city.products.forecast) {
    for (const hourMs of model.forecastSteps(issuedMs, city.map!.forecast_hours))
      hours.push({ hourMs, issuedMs });
  }
  return hours;
}

export async function buildSkeleton(
  model: ModelCatalog,
  memo: RangeMemo,
  city: CityDefinition,
  nowMs: number,
  opts: SkeletonOptions,
): Promise<CatalogSkeleton> {
  const domain = city.id as DomainId;
  const hours = stepHours(model, city, nowMs);
  const modelled = model.domain(domain).models;
  const timed = city.map!.layers.filter(isTimedLayer).filter((layer) => modelled[layer]);
  const ranged = timed.filter((layer) => RANGED_LAYERS.includes(layer));
  const requests = memo.request(domain, ranged, hours, opts.deadlineMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    requests,
    new Promise<void>((resolve) => (timer = setTimeout(resolve, opts.rangeWaitMs))),
  ]);
  clearTimeout(timer);

  const range: CatalogSkeleton['range'] = {};
  const steps: StepSkeleton[] = hours.map((h) => {
    const layers = timed.filter((layer) => {
      const r = memo.get(domain, layer, h);
      // a known range that is not finite means the model has no data for that layer then
      return r === undefined || (Number.isFinite(r.min) && Number.isFinite(r.max));
    });
    for (const layer of ranged) {
      const r = memo.get(domain, layer, h);
      if (!r || !Number.isFinite(r.min) || !Number.isFinite(r.max)) continue;
      const perHour = range[layer] ?? {};
      perHour[String(h.hourMs)] = { min: round2(r.min), max: round2(r.max) };
      range[layer] = perHour;
    }
    return { ...h, layers };
  });
  return {
    cityId: city.id,
    generatedMs: nowMs,
    realtime: city.products.realtime ? steps[0]! : null,
    forecast: city.products.realtime ? steps.slice(1) : steps,
    range,
  };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
