/**
 * A metric added as the docs say (docs/metrics.md), in this file alone: a small "noise"
 * module registered beside the service's metrics flows through the statistics (its block
 * is computed, and the threads' share-out weighs its cost), the statistics resource's schema (its fragment is there, validated) and
 * the report (its section, card, paragraph and method line), with no other folder touched.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { planShares } from '../../../src/adapters/threads/statistics-plan.ts';
import { computeMetricBlocks } from '../../../src/domain/metrics/compute-blocks.ts';
import type { MetricModule } from '../../../src/domain/metrics/metric-module.ts';
import { createMetricRegistry, DEFAULT_METRICS } from '../../../src/domain/metrics/registry.ts';
import { html } from '../../../src/domain/reports/html.ts';
import { renderReportHtml } from '../../../src/domain/reports/template.ts';
import { scaleCatalogue } from '../../../src/domain/scales/catalog.ts';
import type { Scale, ScaledMetric, ScaleId } from '../../../src/domain/scales/types.ts';
import { viewCatalogue } from '../../../src/domain/scales/views.ts';
import { historicalStatsSchema } from '../../../src/domain/stats/historical-stats.ts';
import { BRUSSELS_ADDRESS, brusselsStats } from '../../helpers/report-stats.ts';
import { cell, input, yearHours } from '../../helpers/stats-years.ts';

/*
 * The API's vocabularies are closed lists taken from the spec (DATA_METRICS, SCALE_IDS):
 * a metric the service really serves adds its ids there, which this test, adding none,
 * stands in for with casts.
 */
const NOISE = 'noise' as ScaledMetric;
const NOISE_SCALE: Scale = {
  id: 'noise-lden' as ScaleId,
  metric: NOISE,
  view: 'index',
  name: 'Noise level (Lden)',
  kind: 'gradient',
  authority: 'test',
  reference: 'https://example.org/noise',
  default: true,
  description: 'Day-evening-night noise level, dB(A).',
  fields: ['UTCI'],
  classes: [{ value: 1, label: '40 dB', color: '#00ff00', meaning: 'quiet', bounds: { from: 40, to: null } }],
  no_data_color: '#aaa4a4',
};

const NoiseBlockSchema = Type.Object(
  {
    score: Type.Number({ minimum: 0, maximum: 10 }),
    mean_db: Type.Number({ description: 'mean level over the hours with a reading, dB(A)' }),
  },
  { title: 'NoiseStatistics' },
);

interface NoiseColumns {
  /** noise level, dB(A); NaN marks no reading */
  lden: ArrayLike<number>;
}

/** the mean of every cell-hour with a reading; null without any */
function computeNoiseBlock(data: { cells: readonly NoiseColumns[] }) {
  let sum = 0;
  let count = 0;
  for (const { lden } of data.cells)
    for (let i = 0; i < lden.length; i++)
      if (!Number.isNaN(lden[i]!)) {
        sum += lden[i]!;
        count++;
      }
  if (count === 0) return null;
  const mean = sum / count;
  return { score: Math.max(0, Math.min(10, (80 - mean) / 4)), mean_db: mean };
}

const noiseMetric: MetricModule<'noise', typeof NoiseBlockSchema, NoiseColumns, never> = {
  id: 'noise',
  views: [],
  scales: [NOISE_SCALE],
  // none of the model's physics: its columns would come from a model of its own
  physics: [],
  block: {
    schema: NoiseBlockSchema,
    columns: ['lden'],
    compute: computeNoiseBlock,
    // what the statistics threads' share-out weighs it at
    cost: { ms: 0.5, msPerCell: 0.05 },
  },
  report: {
    accent: '#7a5af8',
    title: () => 'Noise',
    glance: (block) => `Mean level ${block.mean_db} dB(A).`,
    dailyLife: () => 'Quiet enough to sleep with the window open.',
    section: (block) =>
      html`<section class="theme noise"><h2>Noise</h2><p>${block.mean_db} dB(A)</p></section>`,
    method: () => 'Noise: the mean Lden of the sampled cells.',
    reading: () => ({ rating: 'none', score: 'the mean level against 80 dB(A)' }),
  },
};

const registry = createMetricRegistry([...DEFAULT_METRICS, noiseMetric]);
const YEAR = yearHours(2024);

describe('an extra metric registered beside the service’s', () => {
  test('the registry lists it after the others and refuses a second module of one id', () => {
    assert.deepEqual(registry.ids, ['air', 'wind', 'thermal', 'noise']);
    assert.equal(registry.find('noise'), noiseMetric);
    assert.throws(() => createMetricRegistry([noiseMetric, noiseMetric]), /noise is registered twice/);
  });

  test('its block is computed with the others from the cells’ columns', () => {
    const data = input(YEAR, cell(YEAR, { ucomfort: 3, ugust: 5 }));
    const cells = data.cells.map((columns) => ({ ...columns, lden: new Float32Array(YEAR.length).fill(60) }));
    const blocks = computeMetricBlocks(registry, { ...data, cells });
    assert.deepEqual(blocks.noise, { score: 5, mean_db: 60 });
    assert.ok(blocks.wind, 'the wind block is computed beside it');
    assert.equal(blocks.air, undefined, 'no air readings, no air block');
    // asked for alone, it alone is computed
    assert.deepEqual(Object.keys(computeMetricBlocks(registry, { ...data, cells }, {}, ['noise'])), [
      'noise',
    ]);
    // no reading at all, no block
    const silent = data.cells.map((columns) => ({
      ...columns,
      lden: new Float32Array(YEAR.length).fill(NaN),
    }));
    assert.equal(computeMetricBlocks(registry, { ...data, cells: silent }).noise, undefined);
  });

  test('the statistics threads share its block out with the others, by its cost', () => {
    for (let cells = 1; cells <= 40; cells++) {
      const plans = planShares(cells, 2, registry.modules);
      const whole = plans.flatMap((plan) => plan.blocks);
      for (const id of ['wind', 'thermal', 'noise'])
        assert.equal(whole.filter((block) => block === id).length, 1, `${id}, ${cells} cells`);
      // air is computed whole once, or tallied over every cell
      const tallied = plans.reduce(
        (sum, plan) => sum + (plan.tally ? plan.tally.to - plan.tally.from : 0),
        0,
      );
      assert.ok(
        whole.filter((block) => block === 'air').length + (tallied === cells ? 1 : 0) === 1,
        `air, ${cells}`,
      );
    }
    // one cell: the two shares whose longer takes least long (0.85 + 1.22 ms against 1.70 + 0.55)
    assert.deepEqual(planShares(1, 2, registry.modules), [
      { blocks: ['air', 'thermal'] },
      { blocks: ['wind', 'noise'] },
    ]);
  });

  test('the statistics resource’s schema holds its block fragment, after the others', () => {
    const schema = historicalStatsSchema(registry);
    assert.deepEqual(Object.keys(schema.properties).slice(-4), ['air', 'wind', 'thermal', 'noise']);
    assert.deepEqual(schema.properties.noise, Type.Optional(NoiseBlockSchema));
    assert.deepEqual(schema.required, ['location', 'meta']);
    const body = { ...brusselsStats(), noise: { score: 5, mean_db: 60 } };
    assert.equal(Value.Check(schema, body), true);
    assert.equal(
      Value.Check(schema, { ...body, noise: { score: 5 } }),
      false,
      'a noise block without its mean',
    );
  });

  test('its scale joins the catalogue after the spec’s ones, and it has no view', () => {
    const scales = scaleCatalogue(registry);
    assert.equal(scales.at(-1), NOISE_SCALE);
    assert.equal(scales.length, 11);
    assert.equal(viewCatalogue(registry).length, 9);
  });

  test('the report shows its section, card, paragraph and method line, and leaves them out without its block', () => {
    const meta = { jobId: '0b6f7c9e-2d4a', address: BRUSSELS_ADDRESS, generatedAtMs: Date.UTC(2026, 10, 20) };
    const stats = { ...brusselsStats(), noise: { score: 5, mean_db: 60 } };
    const page = renderReportHtml(stats, 'en', { ...meta, metrics: registry });
    assert.match(page, /<section class="theme noise"><h2>Noise<\/h2><p>60 dB\(A\)<\/p><\/section>/);
    assert.match(page, /<div class="card noise">[\s\S]*?Mean level 60 dB\(A\)\./);
    assert.match(page, /<div class="life noise"><p><b class="life-title">Noise\.<\/b> Quiet enough/);
    assert.match(page, /<li>Noise: the mean Lden of the sampled cells\.<\/li>/);
    assert.match(page, /<tr><td>Noise<\/td><td>none<\/td>/);
    // its accent colours its page, card and paragraph
    assert.match(page, /--thermal:#e0652b;--noise:#7a5af8\}/);
    assert.match(page, /section\.noise\{--accent:var\(--noise\)\}/);
    assert.match(
      page,
      /\.card\.thermal\{--accent:var\(--thermal\)\}\.card\.noise\{--accent:var\(--noise\)\}/,
    );
    // the noise section follows the service's three, in the registry's order
    assert.ok(page.indexOf('class="theme noise"') > page.indexOf('<h2>Thermal comfort</h2>'));
    // without its block, none of its parts (its accent stays in the stylesheet, as every theme's does)
    const without = renderReportHtml(brusselsStats(), 'en', { ...meta, metrics: registry });
    for (const part of [
      'class="theme noise"',
      'class="card noise"',
      'class="life noise"',
      'Noise:',
      '<td>Noise</td>',
    ])
      assert.equal(without.includes(part), false, part);
    assert.match(without, /<section class="theme thermal">/);
    // with the service's registry, nothing of it at all
    assert.equal(renderReportHtml(stats, 'en', meta).includes('noise'), false);
  });
});
