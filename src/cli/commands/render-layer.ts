import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { embeddedCitySpecs } from '../../adapters/cities/embedded.ts';
import { loadEmbeddedCities } from '../../adapters/cities/embedded-packages.ts';
import { loadNationalClimate } from '../../adapters/cities/national-climate.ts';
import { MAP_LAYERS } from '../../domain/coverage/vocabulary.ts';
import type { DomainId, TimedLayer } from '../../domain/grid/model-data.ts';
import { ModelEngine } from '../../model/embedded/compute/engine.ts';
import { HOUR_MS } from '../../model/embedded/compute/time-steps.ts';
import { loadDomains } from '../../model/embedded/index.ts';
import { type PictureLayer, renderLayerPicture } from '../../model/embedded/render/layer-image.ts';
import { MODEL_SEED } from '../../model/embedded/version.ts';
import type { CityDomainSpec } from '../../services/city-domains-port.ts';

/**
 * `render-layer --city brussels --layer thermal|wind|air|buildings --hour ISO --out FILE.png`:
 * draws one layer of a city at one hour, with its buildings, so an operator can see
 * whether the numbers look like a city. Runs the model in this process.
 */
const LAYERS: readonly PictureLayer[] = MAP_LAYERS;

export async function runRenderLayer(
  argv: string[],
  ctx: { dataDir: string; cities?: () => Promise<CityDomainSpec[]> },
): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      city: { type: 'string' },
      layer: { type: 'string' },
      hour: { type: 'string' },
      out: { type: 'string' },
      scale: { type: 'string', default: '2' },
    },
    strict: true,
  });
  const city = values.city as DomainId | undefined;
  const layer = values.layer as PictureLayer | undefined;
  const specs = await (ctx.cities ?? (() => embeddedCitySpecs(loadEmbeddedCities())))();
  const ids = specs.map((s) => s.id);
  if (!city || !ids.includes(city)) throw new Error(`--city must be one of ${ids.join(', ')}`);
  if (!layer || !LAYERS.includes(layer)) throw new Error(`--layer must be one of ${LAYERS.join(', ')}`);
  if (!values.out) throw new Error('--out FILE.png is required');
  const hourMs = values.hour ? Date.parse(values.hour) : Number.NaN;
  if (layer !== 'buildings' && !Number.isFinite(hourMs))
    throw new Error('--hour must be an ISO 8601 instant');
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1 || scale > 8) throw new Error('--scale must be 1 to 8');

  // the nationwide grid comes along: a city's background and its zone margin come from it
  const domains = await loadDomains(
    ctx.dataDir,
    specs.filter((s) => s.id === city),
    loadNationalClimate(),
  );
  const morphology = domains.get(city)!;
  let window = null;
  if (layer !== 'buildings') {
    const engine = new ModelEngine(domains, MODEL_SEED);
    const g = morphology.info.grid;
    const whole = {
      west: g.west,
      east: g.west + g.cols * g.dLon,
      north: g.north,
      south: g.north - g.rows * g.dLat,
    };
    window = engine.layerWindow(
      city,
      layer as TimedLayer,
      { hourMs: Math.floor(hourMs / HOUR_MS) * HOUR_MS },
      whole,
    );
  }
  await writeFile(values.out, renderLayerPicture(morphology, layer, window, scale));
}
