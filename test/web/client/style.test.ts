import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPropertyExpression, latest } from '@maplibre/maplibre-gl-style-spec';
import { findScale } from '../../../src/domain/scales/index.ts';
import type { Scale } from '../../../src/domain/scales/types.ts';
import { fillColor, legendEntries } from '../../../src/web/client/style.ts';
import { SCALE_IDS as SPEC_SCALE_IDS } from '../../helpers/spec-lists.ts';

/**
 * The expressions are evaluated by MapLibre's own style-spec engine (the code the
 * browser runs), so these tests check colours, not the shape of JSON.
 */
type Props = Record<string, number>;

function painter(scale: Scale, range?: { min: number; max: number }): (props: Props) => string {
  const compiled = createPropertyExpression(
    fillColor(scale, range),
    'layers[0].paint.fill-color',
    // biome-ignore lint/suspicious/noExplicitAny: the style spec's reference object is untyped JSON
    (latest as any).paint_fill['fill-color'],
  );
  if (compiled.result !== 'success') throw new Error(JSON.stringify(compiled.value));
  return (properties) => {
    // biome-ignore lint/suspicious/noExplicitAny: evaluate() takes MapLibre's internal feature shape
    const colour = (compiled.value as any).evaluate({ zoom: 14 }, { type: 'Polygon', properties });
    if (typeof colour === 'string') return colour.toLowerCase();
    const [r, g, b] = (colour.toString() as string).match(/[\d.]+/g)!.map(Number);
    return `#${[r, g, b].map((c) => Math.round(c!).toString(16).padStart(2, '0')).join('')}`;
  };
}

function scale(id: string): Scale {
  const s = findScale(id);
  assert.ok(s, `scale ${id}`);
  return s as Scale;
}

function colourOf(s: Scale, value: number): string {
  return s.classes.find((c) => c.value === value)!.color.toLowerCase();
}

test('wind comfort: the highest matching class wins, missing fields take no_data_color', () => {
  const s = scale('wind-comfort-standard');
  const paint = painter(s);
  assert.equal(paint({ Ucomfort: 2, Ugust: 5 }), '#0000ff', 'calm');
  assert.equal(paint({ Ucomfort: 3, Ugust: 12 }), '#ff8000', 'gusts make it very windy');
  assert.equal(paint({ Ucomfort: 16, Ugust: 12 }), '#bf0000', 'danger beats very windy');
  assert.equal(paint({ Ucomfort: 5, Ugust: 8 }), colourOf(s, 2));
  assert.equal(paint({ Ucomfort: 7, Ugust: 9 }), colourOf(s, 3));
  assert.equal(paint({ Ucomfort: 2 }), '#aaa4a4');
});

test('BelAQI: each pollutant has its own sub-index, the worst wins, zero NO2 means missing', () => {
  const s = scale('air-belaqi');
  const paint = painter(s);
  assert.equal(paint({ C: 5, C_PM25: 2, C_PM10: 5 }), colourOf(s, 1));
  assert.equal(paint({ C: 10, C_PM25: 3.5, C_PM10: 10 }), colourOf(s, 1), 'bounds are inclusive');
  assert.equal(paint({ C: 10.01, C_PM25: 3, C_PM10: 5 }), colourOf(s, 2));
  assert.equal(paint({ C: 5, C_PM25: 40, C_PM10: 5 }), colourOf(s, 7), 'PM2.5 decides');
  assert.equal(paint({ C: 80, C_PM25: 1, C_PM10: 1 }), colourOf(s, 10), 'above the last bound');
  assert.equal(paint({ C: 0, C_PM25: 8, C_PM10: 5 }), colourOf(s, 3), 'NO2 of zero is ignored');
  assert.equal(paint({ C: 0 }), '#aaa4a4');
});

test('UTCI classes: exclusive lower and inclusive upper bound', () => {
  const s = scale('thermal-utci');
  const paint = painter(s);
  const comfortable = s.classes.find((c) => c.label === 'Comfortable')!;
  assert.equal(paint({ UTCI: 26 }), comfortable.color.toLowerCase());
  assert.equal(paint({ UTCI: 9.01 }), comfortable.color.toLowerCase());
  assert.notEqual(paint({ UTCI: 9 }), comfortable.color.toLowerCase());
  assert.notEqual(paint({ UTCI: 26.01 }), comfortable.color.toLowerCase());
  assert.equal(paint({ UTCI: -45 }), colourOf(s, 1));
  assert.equal(paint({ UTCI: 50 }), colourOf(s, 10));
});

test('rainbow gradient interpolates between stops and holds the top colour above 15 m/s', () => {
  const s = scale('wind-mean-rainbow');
  const paint = painter(s);
  const stops = [...s.classes].sort((a, b) => a.bounds!.from - b.bounds!.from);
  assert.equal(paint({ Ucomfort: stops[1]!.bounds!.from }), stops[1]!.color.toLowerCase());
  assert.equal(paint({ Ucomfort: 30 }), stops.at(-1)!.color.toLowerCase());
  const between = paint({ Ucomfort: (stops[1]!.bounds!.from + stops[2]!.bounds!.from) / 2 });
  assert.notEqual(between, stops[1]!.color.toLowerCase());
  assert.notEqual(between, stops[2]!.color.toLowerCase());
});

test('relative stops are mapped onto the hour range: the same value paints differently in another range', () => {
  const s = scale('thermal-magma');
  assert.equal(s.relative, true);
  const first = [...s.classes].sort((a, b) => a.bounds!.from - b.bounds!.from)[0]!;
  const last = [...s.classes].sort((a, b) => b.bounds!.from - a.bounds!.from)[0]!;
  const cool = painter(s, { min: 10, max: 20 });
  assert.equal(cool({ UTCI: 10 }), first.color.toLowerCase());
  assert.equal(cool({ UTCI: 20 }), last.color.toLowerCase());
  const warm = painter(s, { min: 20, max: 30 });
  assert.equal(warm({ UTCI: 20 }), first.color.toLowerCase());
  assert.equal(
    painter(s)({ UTCI: s.fallback_range!.max }),
    last.color.toLowerCase(),
    'fallback range without one',
  );
});

test('every published scale compiles for fill-color', () => {
  for (const id of SPEC_SCALE_IDS) {
    assert.doesNotThrow(() => painter(scale(id), { min: 0, max: 30 }), id);
  }
});

test('the legend lists the classes in display order with their colours, then no data', () => {
  const s = scale('thermal-utci');
  const legend = legendEntries(s);
  assert.deepEqual(
    legend.slice(0, s.classes.length).map((e) => e.color),
    s.classes.map((c) => c.color),
  );
  assert.ok(legend.some((e) => e.label === 'Comfortable' && e.detail === '9 – 26 °C'));
  const relative = legendEntries(scale('thermal-magma'), { min: 10, max: 20 });
  assert.equal(relative[0]!.detail, '10 °C');
});
