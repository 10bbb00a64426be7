import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  belaqiClass,
  belaqiSubIndex,
  findScale,
  type Pollutant,
  utciClass,
  windComfortClass,
} from '../../../src/domain/scales/index.ts';

describe('windComfortClass', () => {
  test('class 1 just below both calm limits', () => {
    assert.equal(windComfortClass(3.99, 9.99), 1);
    assert.equal(windComfortClass(0, 0), 1);
  });

  test('gust exactly 10 m/s is very windy whatever the mean speed', () => {
    assert.equal(windComfortClass(1, 10), 4);
    assert.equal(windComfortClass(3.99, 10), 4);
  });

  test('gust of 15 stays very windy, above 15 is danger', () => {
    assert.equal(windComfortClass(2, 15), 4);
    assert.equal(windComfortClass(2, 15.01), 5);
  });

  test('mean speed: 4 → 2, 6 → 2, 6.01 → 3, 8 → 3, 8.01 → 4, 15 → 4, 15.01 → 5', () => {
    const cases: Array<[number, number]> = [
      [4, 2],
      [6, 2],
      [6.01, 3],
      [8, 3],
      [8.01, 4],
      [15, 4],
      [15.01, 5],
    ];
    for (const [speed, expected] of cases) assert.equal(windComfortClass(speed, 9), expected, `U=${speed}`);
  });

  test('takes the worse of the mean and gust readings', () => {
    assert.equal(windComfortClass(7, 12), 4);
    assert.equal(windComfortClass(16, 5), 5);
    assert.equal(windComfortClass(5, 16), 5);
  });

  test('is null only when missing readings leave the class undecided', () => {
    assert.equal(windComfortClass(Number.NaN, Number.NaN), null);
    assert.equal(windComfortClass(2, Number.NaN), null);
    assert.equal(windComfortClass(Number.NaN, 12), 4, 'a gust of 12 is very windy on its own');
    assert.equal(windComfortClass(5, Number.NaN), 2);
  });
});

describe('belaqiClass', () => {
  const clean = { no2: 5, pm25: 1, pm10: 1 };

  test('NO2 exactly 10 is class 1, 10.01 class 2 (upper bounds inclusive)', () => {
    assert.deepEqual(belaqiClass({ ...clean, no2: 10 }), { value: 1, dominant: 'no2' });
    assert.deepEqual(belaqiClass({ ...clean, no2: 10.01 }), { value: 2, dominant: 'no2' });
  });

  test('above the last bound is class 10', () => {
    assert.equal(belaqiClass({ ...clean, no2: 75 })?.value, 9);
    assert.equal(belaqiClass({ ...clean, no2: 75.1 })?.value, 10);
    assert.equal(belaqiClass({ ...clean, pm10: 140.5 })?.value, 10);
  });

  test('the worst pollutant wins and is reported as dominant', () => {
    assert.deepEqual(belaqiClass({ no2: 12, pm25: 16, pm10: 30 }), { value: 5, dominant: 'pm25' });
    assert.deepEqual(belaqiClass({ no2: 12, pm25: 4, pm10: 50 }), { value: 5, dominant: 'pm10' });
  });

  test('ties go to NO2, then PM2.5, then PM10', () => {
    // all three in class 3
    assert.deepEqual(belaqiClass({ no2: 18, pm25: 9, pm10: 30 }), { value: 3, dominant: 'no2' });
    assert.deepEqual(belaqiClass({ no2: 1, pm25: 9, pm10: 30 }), { value: 3, dominant: 'pm25' });
  });

  test('ignores a missing pollutant: NaN, negative, or NO2 zero', () => {
    assert.deepEqual(belaqiClass({ no2: Number.NaN, pm25: 4, pm10: 5 }), { value: 2, dominant: 'pm25' });
    assert.deepEqual(belaqiClass({ no2: 0, pm25: 0, pm10: 0 }), { value: 1, dominant: 'pm25' });
    assert.equal(belaqiSubIndex('pm25', 0), 1, 'zero PM is a valid reading');
    assert.equal(belaqiSubIndex('no2', 0), null);
    assert.equal(belaqiSubIndex('pm10', -1), null);
  });

  test('every sub-index is the first class whose inclusive bound holds, right at, just below and just above each bound', () => {
    // the classifier reads a look-up table; the published bounds are the definition
    for (const pollutant of ['no2', 'pm25', 'pm10'] as const) {
      const { bounds } = findScale('air-belaqi')!.thresholds![pollutant]!;
      const byDefinition = (value: number) => {
        const band = bounds.findIndex((bound) => value <= bound);
        return band === -1 ? bounds.length + 1 : band + 1;
      };
      const probes = [0.0001, 0.2, 1e-9, 200, 1e6];
      for (const bound of bounds) probes.push(bound, bound - 1e-9, bound + 1e-9, bound - 0.25, bound + 0.25);
      for (let tenth = 1; tenth <= 1600; tenth++) probes.push(tenth / 10);
      for (const value of probes) {
        assert.equal(belaqiSubIndex(pollutant, value), byDefinition(value), `${pollutant} at ${value}`);
      }
    }
  });

  test('is null when no pollutant is valid', () => {
    assert.equal(belaqiClass({ no2: 0, pm25: Number.NaN, pm10: Number.NaN }), null);
    assert.equal(belaqiClass({ no2: Number.NaN, pm25: Number.NaN, pm10: Number.NaN }), null);
  });
});

describe('utciClass', () => {
  test('bounds belong to the colder class', () => {
    assert.equal(utciClass(26), 6);
    assert.equal(utciClass(26.0001), 7);
    assert.equal(utciClass(9), 5);
    assert.equal(utciClass(9.0001), 6);
    assert.equal(utciClass(-40), 1);
    assert.equal(utciClass(-39.9), 2);
    assert.equal(utciClass(46), 9);
    assert.equal(utciClass(46.1), 10);
  });

  test('the end classes are open: below -50 and far above 46', () => {
    assert.equal(utciClass(-60), 1);
    assert.equal(utciClass(70), 10);
  });

  test('is null for a missing reading', () => {
    assert.equal(utciClass(Number.NaN), null);
  });
});

// Independent readings of the published data, written from the spec's wording, to
// check that the classifiers apply exactly what /scales publishes.

type Test = { field: string; lt?: number; lte?: number; gt?: number; gte?: number };
function specTest(test: Test, values: Record<string, number>): boolean {
  const v = values[test.field]!;
  if (test.lt !== undefined) return v < test.lt;
  if (test.lte !== undefined) return v <= test.lte;
  if (test.gt !== undefined) return v > test.gt;
  return v >= test.gte!;
}

describe('classifiers agree with the published scale data', () => {
  test('wind: the highest class whose `when` matches, for both palettes, on a fine grid', () => {
    const grid: number[] = [];
    for (let v = 0; v <= 20; v += 0.25) grid.push(v);
    grid.push(3.99, 4.01, 5.99, 6.01, 7.99, 8.01, 9.99, 10.01, 14.99, 15.01);
    for (const id of ['wind-comfort-standard', 'wind-comfort-colour-blind']) {
      const classes = findScale(id)!.classes;
      for (const u of grid) {
        for (const g of grid) {
          const values = { Ucomfort: u, Ugust: g };
          const matching = classes
            .filter((entry) => {
              const when = entry.when as { all?: Test[]; any?: Test[] };
              return when.all
                ? when.all.every((t) => specTest(t, values))
                : when.any!.some((t) => specTest(t, values));
            })
            .map((entry) => entry.value);
          assert.ok(matching.length > 0, `some rule matches (${u}, ${g})`);
          assert.equal(windComfortClass(u, g), Math.max(...matching), `${id} (${u}, ${g})`);
        }
      }
    }
  });

  test('wind class 1 is exactly the spec calm rule', () => {
    for (let u = 0; u <= 12; u += 0.5) {
      for (let g = 0; g <= 16; g += 0.5) {
        assert.equal(windComfortClass(u, g) === 1, u < 4 && g < 10, `(${u}, ${g})`);
      }
    }
  });

  test('BelAQI: the worst per-pollutant class from the published thresholds', () => {
    const thresholds = findScale('air-belaqi')!.thresholds!;
    const pollutants: Pollutant[] = ['no2', 'pm25', 'pm10'];
    const sub = (pollutant: Pollutant, c: number) => {
      const bounds = thresholds[pollutant].bounds;
      const index = bounds.findIndex((bound) => c <= bound);
      return index === -1 ? 10 : index + 1;
    };
    for (let no2 = 1; no2 <= 90; no2 += 2.5) {
      for (let pm25 = 0; pm25 <= 90; pm25 += 3.5) {
        for (const pm10 of [0, 10, 10.5, 60, 140, 141]) {
          const values = { no2, pm25, pm10 };
          const classes = pollutants.map((p) => sub(p, values[p]));
          const worst = Math.max(...classes);
          const result = belaqiClass(values);
          assert.equal(result?.value, worst, JSON.stringify(values));
          assert.equal(result?.dominant, pollutants[classes.indexOf(worst)]);
        }
      }
    }
  });

  test('UTCI: the class whose (from, to] band holds the value', () => {
    const classes = findScale('thermal-utci')!.classes;
    for (let t = -49.5; t <= 60; t += 0.25) {
      const band = classes.find(
        (entry) => t > entry.bounds!.from && (entry.bounds!.to === null || t <= entry.bounds!.to),
      );
      assert.equal(utciClass(t), band!.value, `UTCI ${t}`);
    }
  });
});
