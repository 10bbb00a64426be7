import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  findScale,
  listScaleSummaries,
  listViews,
  SCALE_IDS,
  SCALES,
  type Scale,
  VIEW_IDS,
} from '../../../src/domain/scales/index.ts';
import { SCALE_IDS as SPEC_SCALE_IDS } from '../../helpers/spec-lists.ts';

function scale(id: string): Scale {
  const found = findScale(id);
  assert.ok(found, `scale ${id} exists`);
  return found;
}

function classOf(id: string, value: number) {
  const found = scale(id).classes.find((entry) => entry.value === value);
  assert.ok(found, `${id} has class ${value}`);
  return found;
}

describe('scale catalogue', () => {
  test('holds exactly the ten spec scale ids, in the spec order', () => {
    assert.deepEqual(
      SCALES.map((entry) => entry.id),
      SPEC_SCALE_IDS,
    );
    assert.deepEqual(
      [...SCALE_IDS],
      SCALES.map((entry) => entry.id),
    );
  });

  test('finds no scale outside the closed set', () => {
    assert.equal(findScale('wind-comfort'), undefined);
    assert.equal(findScale(''), undefined);
  });

  test('credits every scale with an authority and an https reference', () => {
    for (const entry of SCALES) {
      assert.ok(entry.authority.length > 10, entry.id);
      assert.match(entry.reference, /^https:\/\/\S+$/, entry.id);
    }
  });

  test('uses hex colours everywhere and the spec no-data grey on the spec scales', () => {
    for (const entry of SCALES) {
      for (const item of entry.classes)
        assert.match(item.color, /^#[0-9A-Fa-f]{6}$/, `${entry.id} ${item.value}`);
    }
    assert.equal(scale('wind-comfort-standard').no_data_color, '#aaa4a4');
    assert.equal(scale('air-belaqi').no_data_color, '#aaa4a4');
  });

  test('gives every gradient ascending stops and only gradients interpolate', () => {
    for (const entry of SCALES) {
      if (entry.kind === 'classes') {
        assert.equal(entry.interpolate, undefined, entry.id);
        continue;
      }
      const stops = entry.classes.map((item) => item.bounds?.from);
      for (let i = 1; i < stops.length; i++) assert.ok(stops[i]! > stops[i - 1]!, entry.id);
      entry.classes.forEach((item, i) => {
        assert.equal(item.bounds?.to, i === entry.classes.length - 1 ? null : stops[i + 1], entry.id);
      });
    }
  });

  test('gives every `when` exactly one of all or any, each a non-empty list of single comparisons', () => {
    let rules = 0;
    for (const entry of SCALES) {
      for (const item of entry.classes) {
        if (!item.when) continue;
        rules++;
        const keys = Object.keys(item.when);
        assert.equal(keys.length, 1, `${entry.id} ${item.value}`);
        assert.ok(keys[0] === 'all' || keys[0] === 'any');
        const tests = Object.values(item.when)[0] as Array<Record<string, unknown>>;
        assert.ok(tests.length > 0);
        for (const test of tests) {
          const operators = Object.keys(test).filter((key) => key !== 'field');
          assert.equal(operators.length, 1);
          assert.ok(['lt', 'lte', 'gt', 'gte'].includes(operators[0]!));
          assert.ok(
            entry.fields.includes(test.field as never),
            `${entry.id} rule reads a field of the scale`,
          );
        }
      }
    }
    assert.equal(rules, 10, 'both wind comfort palettes carry five rules');
  });
});

describe('wind comfort scales (spec facts)', () => {
  test('class 1 Calm #0000FF: Ucomfort < 4 and Ugust < 10', () => {
    const calm = classOf('wind-comfort-standard', 1);
    assert.equal(calm.label, 'Calm');
    assert.equal(calm.color.toUpperCase(), '#0000FF');
    assert.deepEqual(calm.when, {
      all: [
        { field: 'Ucomfort', lt: 4 },
        { field: 'Ugust', lt: 10 },
      ],
    });
  });

  test('class 4 Very windy #ff8000: Ucomfort > 8 or Ugust >= 10', () => {
    const veryWindy = classOf('wind-comfort-standard', 4);
    assert.equal(veryWindy.label, 'Very windy');
    assert.equal(veryWindy.color.toLowerCase(), '#ff8000');
    assert.deepEqual(veryWindy.when, {
      any: [
        { field: 'Ucomfort', gt: 8 },
        { field: 'Ugust', gte: 10 },
      ],
    });
  });

  test('class 5 Danger #BF0000: Ucomfort > 15 or Ugust > 15', () => {
    const danger = classOf('wind-comfort-standard', 5);
    assert.equal(danger.label, 'Danger');
    assert.equal(danger.color.toUpperCase(), '#BF0000');
    assert.deepEqual(danger.when, {
      any: [
        { field: 'Ucomfort', gt: 15 },
        { field: 'Ugust', gt: 15 },
      ],
    });
  });

  test('reads Ucomfort and Ugust in m/s, classes 1 to 5, each with a condition', () => {
    for (const id of ['wind-comfort-standard', 'wind-comfort-colour-blind']) {
      const entry = scale(id);
      assert.equal(entry.kind, 'classes');
      assert.deepEqual(entry.fields, ['Ucomfort', 'Ugust']);
      assert.equal(entry.unit, 'm/s');
      assert.deepEqual(
        entry.classes.map((item) => item.value),
        [1, 2, 3, 4, 5],
      );
      for (const item of entry.classes) assert.ok(item.condition && item.when, `${id} ${item.value}`);
    }
  });

  test('colour-blind palette keeps the standard labels and rules with five distinct colours of its own', () => {
    const standard = scale('wind-comfort-standard');
    const colourBlind = scale('wind-comfort-colour-blind');
    const strip = (entry: Scale) => entry.classes.map(({ color: _color, ...rest }) => rest);
    assert.deepEqual(strip(colourBlind), strip(standard));
    const colours = colourBlind.classes.map((item) => item.color.toLowerCase());
    assert.equal(new Set(colours).size, 5);
    for (const colour of colours) {
      assert.ok(!standard.classes.some((item) => item.color.toLowerCase() === colour));
    }
  });

  test('rainbow gradients interpolate stops 0, 4, 6, 8, 15 m/s in the comfort-class colours, top open-ended', () => {
    const comfortColours = scale('wind-comfort-standard').classes.map((item) => item.color);
    for (const [id, field] of [
      ['wind-mean-rainbow', 'Ucomfort'],
      ['wind-gust-rainbow', 'Ugust'],
    ] as const) {
      const entry = scale(id);
      assert.equal(entry.kind, 'gradient');
      assert.equal(entry.interpolate, true);
      assert.deepEqual(entry.fields, [field]);
      assert.equal(entry.unit, 'm/s');
      assert.deepEqual(
        entry.classes.map((item) => item.bounds?.from),
        [0, 4, 6, 8, 15],
      );
      assert.equal(entry.classes.at(-1)?.bounds?.to, null);
      assert.deepEqual(
        entry.classes.map((item) => item.color),
        comfortColours,
      );
    }
  });
});

describe('air scales (spec facts)', () => {
  test('air-belaqi reads C, C_PM25, C_PM10 and has ten labelled classes with the spec end colours', () => {
    const entry = scale('air-belaqi');
    assert.equal(entry.kind, 'classes');
    assert.deepEqual(entry.fields, ['C', 'C_PM25', 'C_PM10']);
    assert.equal(entry.unit, undefined, 'index scales are dimensionless');
    assert.deepEqual(
      entry.classes.map((item) => [item.value, item.label]),
      [
        [1, 'Excellent'],
        [2, 'Very good'],
        [3, 'Good'],
        [4, 'Fairly good'],
        [5, 'Moderate'],
        [6, 'Poor'],
        [7, 'Very poor'],
        [8, 'Bad'],
        [9, 'Very bad'],
        [10, 'Horrible'],
      ],
    );
    assert.equal(classOf('air-belaqi', 1).color, '#012BF5');
    assert.equal(classOf('air-belaqi', 2).color, '#2D9BF8');
    assert.equal(classOf('air-belaqi', 10).color, '#8E2695');
    assert.equal(new Set(entry.classes.map((item) => item.color)).size, 10);
  });

  test('air-belaqi thresholds are the spec table', () => {
    assert.deepEqual(scale('air-belaqi').thresholds, {
      no2: { field: 'C', bounds: [10, 15, 20, 30, 40, 45, 50, 60, 75], zero_means_missing: true },
      pm25: { field: 'C_PM25', bounds: [3.5, 7.5, 10, 15, 20, 35, 50, 60, 75] },
      pm10: { field: 'C_PM10', bounds: [10, 20, 35, 45, 60, 80, 95, 110, 140] },
    });
  });

  test('only the index scale carries thresholds', () => {
    for (const entry of SCALES)
      assert.equal(entry.thresholds !== undefined, entry.id === 'air-belaqi', entry.id);
  });

  test('pollutant gradients start at 0, pass the WHO 2021 annual guideline and span their fallback range', () => {
    const guideline = { 'air-no2': 10, 'air-pm25': 5, 'air-pm10': 15 } as const;
    for (const [id, aqg] of Object.entries(guideline)) {
      const entry = scale(id);
      assert.equal(entry.kind, 'gradient');
      assert.equal(entry.interpolate, true);
      assert.equal(entry.unit, 'µg/m3');
      const stops = entry.classes.map((item) => item.bounds!.from);
      assert.equal(stops[0], 0);
      assert.equal(stops[1], aqg);
      assert.deepEqual(entry.fallback_range, { min: 0, max: stops.at(-1) });
    }
    assert.equal(scale('air-no2').zero_means_missing, true);
    assert.equal(scale('air-pm25').zero_means_missing, undefined);
  });
});

describe('thermal scales (spec facts)', () => {
  test('thermal-utci: comfort band 9 to 26 labelled Comfortable, lowest band Extreme cold -50 to -40', () => {
    const entry = scale('thermal-utci');
    assert.equal(entry.kind, 'classes');
    assert.deepEqual(entry.fields, ['UTCI']);
    assert.equal(entry.unit, '°C');
    const comfortable = entry.classes.find((item) => item.label === 'Comfortable');
    assert.deepEqual(comfortable?.bounds, { from: 9, to: 26 });
    assert.equal(entry.classes[0]?.label, 'Extreme cold');
    assert.deepEqual(entry.classes[0]?.bounds, { from: -50, to: -40 });
  });

  test('thermal-utci bands are the ten published UTCI categories, contiguous', () => {
    const entry = scale('thermal-utci');
    assert.deepEqual(
      entry.classes.map((item) => item.bounds?.to),
      [-40, -27, -13, 0, 9, 26, 32, 38, 46, null],
    );
    entry.classes.forEach((item, i) => {
      if (i > 0) assert.equal(item.bounds?.from, entry.classes[i - 1]?.bounds?.to);
    });
  });

  test('thermal-magma is a relative gradient of magma stops with a fallback range', () => {
    const entry = scale('thermal-magma');
    assert.equal(entry.kind, 'gradient');
    assert.equal(entry.relative, true);
    assert.equal(entry.interpolate, true);
    assert.deepEqual(entry.fields, ['UTCI']);
    assert.equal(entry.classes[0]?.bounds?.from, 0);
    assert.equal(entry.classes.at(-1)?.bounds?.from, 1);
    assert.equal(entry.classes[0]?.color, '#000004');
    assert.equal(entry.classes.at(-1)?.color, '#fcfdbf');
    assert.ok(entry.fallback_range && entry.fallback_range.min < entry.fallback_range.max);
  });
});

describe('views', () => {
  test('are the spec views per metric, with the spec defaults', () => {
    assert.deepEqual(
      listViews('wind').map((view) => view.id),
      ['comfort-danger', 'mean', 'gust'],
    );
    assert.deepEqual(
      listViews('air').map((view) => view.id),
      ['index', 'no2', 'pm25', 'pm10'],
    );
    assert.deepEqual(
      listViews('thermal').map((view) => view.id),
      ['utci', 'utci-temp'],
    );
    assert.deepEqual(
      [...VIEW_IDS],
      listViews().map((view) => view.id),
    );
    const defaults = listViews().filter((view) => view.default);
    assert.deepEqual(
      defaults.map((view) => view.id),
      ['comfort-danger', 'index', 'utci'],
    );
    for (const view of listViews()) assert.ok(view.default === undefined || view.default === true);
  });

  test('colour utci-temp with thermal-magma', () => {
    const view = listViews('thermal').find((entry) => entry.id === 'utci-temp');
    assert.deepEqual(view?.scales, ['thermal-magma']);
  });

  test('list valid scales of their own metric, label every field, and default to one of their scales', () => {
    for (const view of listViews()) {
      assert.ok(view.scales.includes(view.default_scale), view.id);
      assert.deepEqual(Object.keys(view.field_labels).sort(), [...view.fields].sort(), view.id);
      for (const id of view.scales) {
        const entry = scale(id);
        assert.equal(entry.metric, view.metric);
        assert.equal(entry.view, view.id);
        assert.deepEqual(entry.fields, view.fields);
      }
    }
  });

  test('use the tile property labels of the spec layer table', () => {
    const labels = Object.assign({}, ...listViews().map((view) => view.field_labels));
    assert.deepEqual(labels, {
      Ucomfort: 'Wind',
      Ugust: 'Gust',
      C: 'NO2',
      C_PM25: 'PM2.5',
      C_PM10: 'PM10',
      UTCI: 'Temperature UTCI',
    });
  });
});

describe('scale summaries', () => {
  test('carry the summary fields only, filtered by metric', () => {
    const summaries = listScaleSummaries('air');
    assert.deepEqual(
      summaries.map((entry) => entry.id),
      ['air-belaqi', 'air-no2', 'air-pm25', 'air-pm10'],
    );
    for (const entry of listScaleSummaries()) {
      assert.deepEqual(Object.keys(entry).sort(), [
        'authority',
        'default',
        'id',
        'kind',
        'metric',
        'name',
        'reference',
        'view',
      ]);
    }
  });

  test('mark as default exactly the default scale of each metric default view', () => {
    const defaults = listScaleSummaries()
      .filter((entry) => entry.default)
      .map((entry) => entry.id);
    const expected = listViews()
      .filter((view) => view.default)
      .map((view) => view.default_scale);
    assert.deepEqual(defaults, expected);
    assert.deepEqual(defaults, ['wind-comfort-standard', 'air-belaqi', 'thermal-utci']);
  });
});
