import type { Scale, ScaleClass, ValueRange, WhenTest } from './scale-types.ts';

/**
 * Scales as MapLibre GL style expressions, so every view of a layer paints the same
 * vector tiles and switching view or scale is a repaint. The four shapes of a scale
 * (spec, "Views and scales"):
 *   thresholds  an index over several fields, the worst sub-index wins;
 *   when        machine-readable rules, the highest matching class wins;
 *   bounds      classes on one field, exclusive lower and inclusive upper bound;
 *   gradient    bands (lower bound inclusive) or stops to interpolate between;
 * and `relative` stops (0 to 1) mapped onto the catalog's range for the hour shown.
 * A feature lacking a field the scale reads takes `no_data_color`.
 */
export type Expression = unknown[];

const TRANSPARENT = 'rgba(0,0,0,0)';

function noData(scale: Scale): string {
  return scale.no_data_color ?? TRANSPARENT;
}

function num(field: string): Expression {
  return ['to-number', ['get', field]];
}

function hasAll(fields: readonly string[]): Expression {
  return fields.length === 1 ? ['has', fields[0]] : ['all', ...fields.map((f) => ['has', f])];
}

/** Where a scale position lands on the value axis: relative scales span the hour's range. */
export function positionMapper(scale: Scale, range: ValueRange | undefined): (p: number) => number {
  if (!scale.relative) return (p) => p;
  const r = range ?? scale.fallback_range ?? { min: 0, max: 1 };
  // a flat hour (min = max) still needs strictly ascending stops
  const span = r.max - r.min > 1e-6 ? r.max - r.min : 1;
  return (p) => r.min + p * span;
}

function testExpression(test: WhenTest): Expression {
  const v = num(test.field);
  if ('lt' in test) return ['<', v, test.lt];
  if ('lte' in test) return ['<=', v, test.lte];
  if ('gt' in test) return ['>', v, test.gt];
  return ['>=', v, test.gte];
}

function byValue(classes: readonly ScaleClass[]): Map<number, string> {
  return new Map(classes.map((c) => [c.value, c.color]));
}

/** Sub-index of one pollutant: class k when the value is at most the k-th bound, 0 when missing. */
function subIndex(field: string, bounds: readonly number[], zeroMeansMissing: boolean): Expression {
  const v = num(field);
  const steps: unknown[] = [];
  bounds.forEach((b, i) => {
    steps.push(['<=', v, b], i + 1);
  });
  const classify = ['case', ...steps, bounds.length + 1];
  const missing: Expression = zeroMeansMissing
    ? ['any', ['!', ['has', field]], ['==', v, 0]]
    : ['!', ['has', field]];
  return ['case', missing, 0, classify];
}

function thresholdsColour(scale: Scale): Expression {
  const subs = Object.values(scale.thresholds!).map((t) =>
    subIndex(t.field, t.bounds, t.zero_means_missing ?? scale.zero_means_missing ?? false),
  );
  const index = subs.length === 1 ? subs[0] : ['max', ...subs];
  const pairs: unknown[] = [];
  for (const [value, color] of byValue(scale.classes)) pairs.push(value, color);
  return ['match', index, ...pairs, noData(scale)];
}

function whenColour(scale: Scale): Expression {
  const ruled = scale.classes.filter((c) => c.when).sort((a, b) => b.value - a.value);
  const branches: unknown[] = [];
  for (const c of ruled) {
    const when = c.when!;
    const tests = ('all' in when ? when.all : when.any).map(testExpression);
    branches.push(['all' in when ? 'all' : 'any', ...tests], c.color);
  }
  return ['case', ['!', hasAll(scale.fields)], noData(scale), ...branches, noData(scale)];
}

function boundsColour(scale: Scale, at: (p: number) => number): Expression {
  const field = scale.fields[0]!;
  const classes = scale.classes.filter((c) => c.bounds).sort((a, b) => a.bounds!.from - b.bounds!.from);
  const branches: unknown[] = [];
  classes.forEach((c, i) => {
    const to = c.bounds!.to;
    if (to === null || i === classes.length - 1) return;
    branches.push(['<=', num(field), at(to)], c.color);
  });
  const last = classes[classes.length - 1]?.color ?? noData(scale);
  return ['case', ['!', ['has', field]], noData(scale), ...branches, last];
}

function gradientColour(scale: Scale, at: (p: number) => number): Expression {
  const field = scale.fields[0]!;
  const stops = scale.classes.filter((c) => c.bounds).sort((a, b) => a.bounds!.from - b.bounds!.from);
  let bar: Expression;
  if (stops.length === 1) bar = ['literal', stops[0]!.color];
  else if (scale.interpolate) {
    bar = ['interpolate', ['linear'], num(field), ...stops.flatMap((c) => [at(c.bounds!.from), c.color])];
  } else {
    bar = [
      'step',
      num(field),
      stops[0]!.color,
      ...stops.slice(1).flatMap((c) => [at(c.bounds!.from), c.color]),
    ];
  }
  const missing: Expression = scale.zero_means_missing
    ? ['any', ['!', ['has', field]], ['==', num(field), 0]]
    : ['!', ['has', field]];
  return ['case', missing, noData(scale), bar];
}

/** The `fill-color` expression of a scale (with the hour's range for relative scales). */
export function fillColor(scale: Scale, range?: ValueRange): Expression {
  const at = positionMapper(scale, range);
  if (scale.thresholds) return thresholdsColour(scale);
  if (scale.classes.some((c) => c.when)) return whenColour(scale);
  if (scale.kind === 'gradient') return gradientColour(scale, at);
  return boundsColour(scale, at);
}

export interface LegendEntry {
  color: string;
  label: string;
  /** the values the entry stands for, as text; relative scales show the mapped values */
  detail: string;
}

/** The legend of a scale: its classes in display order, then the no-data swatch. */
export function legendEntries(scale: Scale, range?: ValueRange): LegendEntry[] {
  const at = positionMapper(scale, range);
  const unit = scale.unit ? ` ${scale.unit}` : '';
  const fmt = (v: number) => String(Math.round(v * 10) / 10);
  const entries = scale.classes.map((c) => {
    let detail = c.condition ?? '';
    if (!detail && c.bounds) {
      const from = at(c.bounds.from);
      detail =
        scale.kind === 'gradient'
          ? `${fmt(from)}${unit}`
          : c.bounds.to === null
            ? `> ${fmt(from)}${unit}`
            : `${fmt(from)} – ${fmt(at(c.bounds.to))}${unit}`;
    }
    return { color: c.color, label: c.label, detail };
  });
  if (scale.no_data_color) entries.push({ color: scale.no_data_color, label: 'No data', detail: '' });
  return entries;
}
