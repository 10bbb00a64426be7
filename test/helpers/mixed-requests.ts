import { tileAt } from '../../src/domain/map/mercator.ts';

/**
 * The service's mixed load (README, "memory: RSS after … mixed requests"; bench/memory.ts,
 * and the outage soak of test/faults): real-time and forecast answers over 300 places in
 * central Brussels, historical statistics over 60 places, each as a point and as a 50 m
 * radius, map catalogs, data tiles, key and public routes, and a quarter of fuzz
 * (malformed numbers, swapped coordinates, unknown keys, forged signatures, unknown
 * paths, oversized values). Deterministic: the same sequence every run.
 */
export interface MixedRequest {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
}

/** the data tiles' URL templates of Brussels' map catalog, as a client finds them */
export async function tileTemplates(origin: string, secret: string): Promise<string[]> {
  const keyed = { 'x-api-key': secret };
  const catalog = (await (await fetch(`${origin}/v1/map/brussels`, { headers: keyed })).json()) as {
    realtime: { layers: Record<string, { tilejson: string }> };
  };
  const templates: string[] = [];
  for (const layer of Object.values(catalog.realtime.layers)) {
    const tilejson = (await (await fetch(`${origin}${layer.tilejson}`)).json()) as { tiles: string[] };
    templates.push(tilejson.tiles[0] as string);
  }
  return templates;
}

export function mixedRequests(options: {
  secret: string;
  tileTemplates: string[];
  count: number;
}): MixedRequest[] {
  // a fixed pseudo-random sequence
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const place = (n: number) => {
    const i = Math.floor(random() * n);
    return `lat=${(50.838 + (i % 20) * 0.0009).toFixed(5)}&lon=${(4.34 + Math.floor(i / 20) * 0.0012).toFixed(5)}`;
  };
  const keyed = { 'x-api-key': options.secret };
  const centre = tileAt(4.3575, 50.8467, 15);
  const mix: MixedRequest[] = [];
  for (let i = 0; i < options.count; i++) {
    const r = random();
    if (r < 0.25) mix.push({ method: 'GET', path: `/v1/realtime?${place(300)}`, headers: keyed });
    else if (r < 0.35) mix.push({ method: 'GET', path: `/v1/forecast?${place(300)}`, headers: keyed });
    else if (r < 0.4) {
      const radius = random() < 0.5 ? '&radius=50' : '';
      mix.push({ method: 'GET', path: `/v1/historical/stats?${place(60)}${radius}`, headers: keyed });
    } else if (r < 0.45) mix.push({ method: 'GET', path: '/v1/map/brussels', headers: keyed });
    else if (r < 0.55) {
      const template = options.tileTemplates[Math.floor(random() * options.tileTemplates.length)] as string;
      const x = centre.x - 4 + Math.floor(random() * 8);
      const y = centre.y - 4 + Math.floor(random() * 8);
      mix.push({ method: 'GET', path: template.replace('{z}/{x}/{y}', `15/${x}/${y}`) });
    } else if (r < 0.6) mix.push({ method: 'GET', path: '/v1/key', headers: keyed });
    else if (r < 0.75) mix.push({ method: 'GET', path: random() < 0.5 ? '/v1/health' : '/v1/scales' });
    else {
      const fuzz = [
        `/v1/realtime?lat=50,8467&lon=4.3525`,
        `/v1/realtime?lat=4.3525&lon=50.8467`,
        `/v1/historical/stats?lat=${'9'.repeat(400)}&lon=4.35`,
        `/v1/forecast?lat=50.8467&lon=4.3525&radius=-3`,
        `/v1/realtime?address=${'x'.repeat(300)}`,
        `/v1/map/brussels/tiles/air/1.json?key=k&exp=1&sig=${random().toString(36)}`,
        `/v1/nowhere/${random().toString(36)}`,
      ];
      const path = fuzz[Math.floor(random() * fuzz.length)] as string;
      mix.push({
        method: 'GET',
        path,
        headers: random() < 0.3 ? { 'x-api-key': `svc_sk_${random().toString(36).slice(2)}` } : keyed,
      });
    }
  }
  return mix;
}
