import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellAt } from '../../../../src/model/embedded/grid/geometry.ts';
import { sharedEngine } from '../../../helpers/shared-domains.ts';
import { epwAirTemperatures, epwRowOf } from '../../../helpers/uccle-epw.ts';

/**
 * The shipped Brussels package's weather.epw (Uccle TMYx 2007–2021) is its reference
 * year's weather (issue #33 item 4): the year's air temperature in the Pentagon is the
 * EPW's, day by day, plus the city's heat island (docs/model.md: ≈ 1–1.5 K annual).
 * Expected figures come from the EPW file itself.
 */
const DAY_HOURS = 24;

test("the Brussels reference year's air temperature is the EPW's, day by day, plus the heat island", async () => {
  const { engine, domains } = await sharedEngine();
  const m = domains.get('brussels')!;
  const year = m.info.referenceYear;
  const epw = epwAirTemperatures();
  // Sainte-Catherine, the Pentagon's urban-background site (scripts/model-validation/sites.ts)
  const pentagon = cellAt(m.info.grid, 50.8505, 4.3478);
  const [series] = engine.series('brussels', [pentagon], { kind: 'reference' });
  const hours = series!.hours;
  const epwOf = (i: number) => epw[epwRowOf(hours[i]!, year)]!;
  let modelSum = 0;
  let epwSum = 0;
  for (let i = 0; i < hours.length; i++) {
    modelSum += series!.airTempC[i]!;
    epwSum += epwOf(i);
  }
  const epwMean = epwSum / hours.length;
  const modelMean = modelSum / hours.length;
  assert.ok(epwMean > 9.5 && epwMean < 12, `the EPW's annual mean ${epwMean.toFixed(2)} °C`);
  assert.ok(
    modelMean - epwMean > 0.5 && modelMean - epwMean < 2,
    `annual mean ${modelMean.toFixed(2)} °C, EPW ${epwMean.toFixed(2)} °C`,
  );
  // daily means: the heat island varies with the weather (±0.3 K), a generated year's days by ±4 K
  const dailyDifferences: number[] = [];
  for (let d = 0; d + DAY_HOURS <= hours.length; d += DAY_HOURS) {
    let difference = 0;
    for (let i = d; i < d + DAY_HOURS; i++) difference += series!.airTempC[i]! - epwOf(i);
    dailyDifferences.push(difference / DAY_HOURS);
  }
  const meanDifference = dailyDifferences.reduce((a, b) => a + b, 0) / dailyDifferences.length;
  const spread = Math.sqrt(
    dailyDifferences.reduce((a, b) => a + (b - meanDifference) ** 2, 0) / dailyDifferences.length,
  );
  assert.ok(
    spread < 1,
    `daily means differ from the EPW's by ${meanDifference.toFixed(2)} ± ${spread.toFixed(2)} K`,
  );
});
