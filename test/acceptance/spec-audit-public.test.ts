import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  ERROR_CODES,
  json,
  SCALE_IDS,
  type Server,
  startServer,
} from '../helpers/acceptance.ts';

/**
 * Spec audit of the public resources: GeoJSON validity of city boundaries, the machine-readable
 * rules of the wind comfort scales, scale content and caching, the city index agreeing with the
 * map catalog, and the problem `type` URIs resolving to the served error documentation.
 */

type Json = Record<string, unknown>;
type Position = [number, number];
type Layers = Record<string, { tilejson: string }>;
type Step = { timestamp_ms: number; layers: Layers };

let server: Server;
let key: CreatedKey;
let cities: Json[];
const details: Record<string, Json> = {};

before(async () => {
  server = await startServer();
  key = await server.createKey(['--rate-per-min', '10000']);
  cities = (await json(await server.fetch('/cities'))).cities as Json[];
  for (const city of cities) details[String(city.id)] = await json(await server.fetch(`/cities/${city.id}`));
});
after(async () => {
  await server?.close();
});

/** Shoelace formula on [lon, lat] positions: positive = counterclockwise. */
function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const orient = (p: Position, q: Position, r: Position) =>
    (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function boundaryRings(): Array<[string, Position[]]> {
  const rings: Array<[string, Position[]]> = [];
  for (const [id, city] of Object.entries(details)) {
    for (const member of ['boundary', 'planned_boundary']) {
      const feature = city[member] as Json | undefined;
      if (!feature) continue;
      const coordinates = (feature.geometry as Json).coordinates as Position[][];
      rings.push([`${id}.${member}`, coordinates[0]!]);
    }
  }
  return rings;
}

describe('city boundaries are valid GeoJSON polygons', () => {
  test('each ring is simple: no repeated consecutive position, no self-intersection', () => {
    const rings = boundaryRings();
    assert.ok(rings.length >= 3, 'brussels boundary and planned_boundary, another city boundary');
    for (const [where, ring] of rings) {
      for (let i = 0; i < ring.length - 1; i++)
        assert.notDeepEqual(ring[i], ring[i + 1], `${where}: position ${i} repeated`);
      const n = ring.length - 1;
      for (let i = 0; i < n; i++) {
        for (let j = i + 2; j < n; j++) {
          if (i === 0 && j === n - 1) continue; // adjacent through the closing position
          assert.equal(
            segmentsCross(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!),
            false,
            `${where}: edges ${i} and ${j} cross`,
          );
        }
      }
      assert.notEqual(signedArea(ring), 0, `${where}: the ring encloses an area`);
    }
  });

  test('exterior rings follow the right-hand rule (counterclockwise, RFC 7946 §3.1.6)', () => {
    for (const [where, ring] of boundaryRings()) {
      assert.ok(signedArea(ring) > 0, `${where} is clockwise; RFC 7946 requires counterclockwise`);
    }
  });

  test('the city detail repeats the city entry of the index', () => {
    for (const entry of cities) {
      const detail = details[String(entry.id)]!;
      for (const [field, value] of Object.entries(entry))
        assert.deepEqual(detail[field], value, `${entry.id}.${field}`);
    }
  });
});

type Test = { field: string; lt?: number; lte?: number; gt?: number; gte?: number };
type Rule = { all?: Test[]; any?: Test[] };

function passes(test: Test, values: Record<string, number>): boolean {
  const v = values[test.field]!;
  if (test.lt !== undefined) return v < test.lt;
  if (test.lte !== undefined) return v <= test.lte;
  if (test.gt !== undefined) return v > test.gt;
  return v >= (test.gte as number);
}

/** The highest class value whose `when` rule matches (array order must not matter). */
function classify(classes: Json[], values: Record<string, number>): number | undefined {
  let best: number | undefined;
  for (const c of classes) {
    const rule = c.when as Rule;
    const ok = rule.all
      ? rule.all.every((t) => passes(t, values))
      : (rule.any ?? []).some((t) => passes(t, values));
    if (ok && (best === undefined || (c.value as number) > best)) best = c.value as number;
  }
  return best;
}

describe('wind comfort scales: machine-readable rules', () => {
  test('every `when` holds exactly one of all/any, each test one field and one comparison', async () => {
    for (const id of ['wind-comfort-standard', 'wind-comfort-colour-blind']) {
      const scale = await json(await server.fetch(`/scales/${id}`));
      for (const c of scale.classes as Json[]) {
        const rule = c.when as Json;
        assert.ok(rule && typeof rule === 'object', `${id} class ${c.value} has when`);
        const kinds = Object.keys(rule);
        assert.equal(kinds.length, 1, `${id} class ${c.value}: exactly one of all/any`);
        assert.ok(['all', 'any'].includes(kinds[0]!));
        const tests = rule[kinds[0]!] as Json[];
        assert.ok(Array.isArray(tests) && tests.length > 0);
        for (const t of tests) {
          assert.ok((scale.fields as string[]).includes(String(t.field)), `${id}: field ${t.field}`);
          const ops = Object.keys(t).filter((k) => k !== 'field');
          assert.equal(ops.length, 1, `${id}: one comparison per test`);
          assert.ok(['lt', 'lte', 'gt', 'gte'].includes(ops[0]!));
          assert.equal(typeof t[ops[0]!], 'number');
        }
      }
    }
  });

  test('the rules give the published classes 1, 4 and 5 for every (Ucomfort, Ugust), in any array order', async () => {
    const values = [
      0, 1, 2, 3, 3.99, 4, 4.5, 5, 6, 6.01, 7, 8, 8.01, 9, 9.99, 10, 12, 14.99, 15, 15.01, 16, 20, 30,
    ];
    for (const id of ['wind-comfort-standard', 'wind-comfort-colour-blind']) {
      const classes = (await json(await server.fetch(`/scales/${id}`))).classes as Json[];
      const reversed = [...classes].reverse();
      for (const u of values) {
        for (const g of values) {
          const point = { Ucomfort: u, Ugust: g };
          const got = classify(classes, point);
          assert.ok(got !== undefined, `${id}: Ucomfort ${u}, Ugust ${g} matches some class`);
          assert.equal(classify(reversed, point), got, 'array order does not affect the outcome');
          const where = `${id}: Ucomfort ${u}, Ugust ${g} → class ${got}`;
          if (u > 15 || g > 15) assert.equal(got, 5, where);
          else if (u > 8 || g >= 10) assert.equal(got, 4, where);
          else if (u < 4 && g < 10) assert.equal(got, 1, where);
          else assert.ok(got === 2 || got === 3, where);
        }
      }
    }
  });

  test('the colour-blind scale has the same classes and rules as the standard one', async () => {
    const standard = (await json(await server.fetch('/scales/wind-comfort-standard'))).classes as Json[];
    const blind = (await json(await server.fetch('/scales/wind-comfort-colour-blind'))).classes as Json[];
    assert.deepEqual(
      blind.map((c) => [c.value, c.label, c.when]),
      standard.map((c) => [c.value, c.label, c.when]),
    );
  });
});

describe('scale content', () => {
  test('classes in display order; only the last class is open-ended; units except on index scales', async () => {
    for (const id of SCALE_IDS) {
      const scale = await json(await server.fetch(`/scales/${id}`));
      const classes = scale.classes as Json[];
      const values = classes.map((c) => c.value as number);
      assert.deepEqual(
        values,
        [...values].sort((a, b) => a - b),
        `${id}: classes in display order`,
      );
      classes.forEach((c, i) => {
        const bounds = c.bounds as { from: number; to: number | null } | undefined;
        if (!bounds) return;
        if (bounds.to === null) assert.equal(i, classes.length - 1, `${id}: only the last class is open`);
        else assert.ok(bounds.to > bounds.from, `${id} class ${c.value}: from < to`);
      });
      if (scale.thresholds) assert.equal(scale.unit, undefined, `${id}: index scale has no unit`);
      else assert.equal(typeof scale.unit, 'string', `${id}: unit of classified values`);
    }
  });

  test('thermal-utci bands are contiguous from -50 up, open-ended on top', async () => {
    const classes = (await json(await server.fetch('/scales/thermal-utci'))).classes as Json[];
    const bounds = classes.map((c) => c.bounds as { from: number; to: number | null });
    assert.equal(bounds[0]!.from, -50);
    for (let i = 0; i < bounds.length - 1; i++) assert.equal(bounds[i]!.to, bounds[i + 1]!.from);
    assert.equal(bounds[bounds.length - 1]!.to, null);
  });

  test('the rainbow gradients use the comfort-class colours at their five stops', async () => {
    const standard = (await json(await server.fetch('/scales/wind-comfort-standard'))).classes as Json[];
    const colours = standard.map((c) => String(c.color).toLowerCase());
    for (const id of ['wind-mean-rainbow', 'wind-gust-rainbow']) {
      const scale = await json(await server.fetch(`/scales/${id}`));
      assert.equal(scale.kind, 'gradient');
      assert.equal(scale.interpolate, true);
      assert.equal(scale.unit, 'm/s');
      assert.deepEqual(
        (scale.classes as Json[]).map((c) => String(c.color).toLowerCase()),
        colours,
        id,
      );
    }
  });

  test('thermal-magma is relative: its stops are positions from 0 to 1', async () => {
    const scale = await json(await server.fetch('/scales/thermal-magma'));
    assert.equal(scale.kind, 'gradient');
    assert.equal(scale.relative, true);
    for (const c of scale.classes as Json[]) {
      const from = (c.bounds as Json).from as number;
      assert.ok(from >= 0 && from <= 1, `stop ${from}`);
    }
  });

  test('GET /scales/{scale} is public, max-age=3600, with or without a key', async () => {
    for (const headers of [{}, bearer(key.key)]) {
      for (const id of ['air-belaqi', 'thermal-magma']) {
        const response = await server.fetch(`/scales/${id}`, { headers });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('cache-control'), 'public, max-age=3600', id);
        await response.arrayBuffer();
      }
    }
  });

  test('every scale summary names an existing view of the same metric that lists it', async () => {
    const body = await json(await server.fetch('/scales'));
    const views = body.views as Json[];
    for (const summary of body.scales as Json[]) {
      const view = views.find((v) => v.id === summary.view && v.metric === summary.metric);
      assert.ok(view, `${summary.id}: view ${summary.view} of ${summary.metric}`);
      assert.ok((view.scales as string[]).includes(String(summary.id)));
      if (summary.reference !== undefined) assert.match(String(summary.reference), /^https?:\/\/\S+$/);
    }
  });
});

describe('the city index agrees with the map catalog', () => {
  test('catalog_ttl_s is the 60-second server-side cache; a first fetch misses, the next hits', async () => {
    const first = await server.fetch('/map/charleroi', { headers: bearer(key.key) });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-cache'), 'miss', 'nothing fetched this catalog before');
    const catalog = await json(first);
    assert.equal((catalog.meta as Json).catalog_ttl_s, 60);
    const second = await server.fetch('/map/charleroi', { headers: bearer(key.key) });
    assert.equal(second.headers.get('x-cache'), 'hit');
    await second.arrayBuffer();
  });

  test('catalog layers, resolution and forecast ceiling match each city map entry', async () => {
    for (const city of cities.filter((c) => (c.products as Json).map)) {
      const map = city.map as Json;
      const response = await server.fetch(`/map/${city.id}`, { headers: bearer(key.key) });
      assert.equal(response.status, 200, String(city.id));
      const catalog = await json(response);
      const steps = [catalog.realtime as Step | undefined, ...(catalog.forecast as Step[])].filter(
        (s): s is Step => s !== undefined,
      );
      const layers = new Set<string>(Object.keys(catalog.static as Layers));
      for (const step of steps) for (const layer of Object.keys(step.layers)) layers.add(layer);
      assert.deepEqual([...layers].sort(), [...(map.layers as string[])].sort(), `${city.id} layers`);
      if (map.resolution_m !== undefined)
        assert.equal((catalog.meta as Json).resolution_m, map.resolution_m, `${city.id} resolution`);
      if (map.forecast_hours !== undefined) {
        const last = (catalog.forecast as Step[]).at(-1);
        if (last)
          assert.ok(
            last.timestamp_ms <= Date.now() + (map.forecast_hours as number) * 3_600_000,
            `${city.id}: forecast_hours is a ceiling`,
          );
      }
    }
  });
});

describe('problem type URIs', () => {
  test('the default type URI is served: one documentation page with an anchor per error code', async () => {
    const problem = await json(await server.fetch('/cities/atlantis'));
    const type = String(problem.type);
    assert.equal(type, `${server.base}/docs/errors#not_found`);
    const page = await fetch(type.replace(/#.*$/, ''));
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const html = await page.text();
    for (const code of ERROR_CODES)
      assert.match(html, new RegExp(`id=["']${code}["']`), `anchor for ${code}`);
  });
});
