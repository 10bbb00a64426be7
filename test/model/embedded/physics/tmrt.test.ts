import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { skyEmissivity } from '../../../../src/model/embedded/meteo/solar.ts';
import { meanRadiantTemperature } from '../../../../src/model/embedded/physics/tmrt.ts';

const SIGMA = 5.670374419e-8;

describe('mean radiant temperature', () => {
  test('gives about 58 °C for a sunlit summer street (DOMAIN.md §2.2 check, ±1.5 K)', () => {
    const taC = 30;
    const tmrt = meanRadiantTemperature({
      directNormal: (850 - 127) / Math.sin(Math.PI / 3),
      diffuse: 127,
      ghi: 850,
      sunElevationDeg: 60,
      skyLongwave: skyEmissivity(taC, 40, 0) * SIGMA * (taC + 273.15) ** 4,
      svf: 0.8,
      sunlit: 1,
      wallC: 35,
      groundC: 45,
    });
    assert.ok(Math.abs(tmrt - 57.8) < 1.5, `got ${tmrt}`);
  });

  test('falls below air temperature on a clear night under an open sky', () => {
    const taC = 20;
    const tmrt = meanRadiantTemperature({
      directNormal: 0,
      diffuse: 0,
      ghi: 0,
      sunElevationDeg: -10,
      skyLongwave: skyEmissivity(taC, 70, 0) * SIGMA * (taC + 273.15) ** 4,
      svf: 1,
      sunlit: 0,
      wallC: taC,
      groundC: taC,
    });
    assert.ok(tmrt < taC - 5 && tmrt > taC - 12, `got ${tmrt}`);
  });

  test('is lower in shade than in sun for the same street', () => {
    const base = {
      directNormal: 800,
      diffuse: 120,
      ghi: 800,
      sunElevationDeg: 55,
      skyLongwave: 380,
      svf: 0.5,
      wallC: 30,
      groundC: 35,
    };
    const sun = meanRadiantTemperature({ ...base, sunlit: 1 });
    const shade = meanRadiantTemperature({ ...base, sunlit: 0 });
    assert.ok(sun - shade > 10, `sun ${sun} shade ${shade}`);
  });
});
