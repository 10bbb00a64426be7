import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monthlyBars } from '../../../src/domain/reports/charts.ts';

/** x and anchor of every axis label of the drawing whose class is given */
function tickLabels(svg: string, className: string): Array<{ x: number; label: string }> {
  const drawing = svg.split('<svg').find((part) => part.includes(className)) ?? '';
  return [...drawing.matchAll(/<text x="([\d.-]+)" y="[\d.-]+" text-anchor="end"[^>]*>([^<]*)<\/text>/g)].map(
    (match) => ({ x: Number(match[1]), label: match[2] ?? '' }),
  );
}

test('monthly bars: the longest axis label fits left of the plot, on the phone drawing too', () => {
  const svg = String(
    monthlyBars({
      values: [53, 81, 74, 92, 100, 89, 99, 84, 94, 90, 85, 69],
      labels: ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'],
      title: 'good air',
      format: (value) => `${value} %`,
      color: () => '#2563eb',
      min: 0,
      max: 100,
      ticks: [0, 25, 50, 75, 100],
    }),
  );
  for (const className of ['chart-wide', 'chart-compact']) {
    const labels = tickLabels(svg, className);
    assert.equal(labels.length, 5, `${className}: five axis labels`);
    for (const { x, label } of labels) {
      // right-anchored at x: at about 0.6 em a character (11 units) the label starts at or right of 0
      assert.ok(
        x - label.length * 6.6 >= 0,
        `${className}: "${label}" ends at ${x}, starts left of the drawing`,
      );
    }
  }
});
