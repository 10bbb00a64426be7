import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { type TileAddress, tileAt } from '../../../src/domain/map/mercator.ts';
import type { MicroclimateModel } from '../../../src/model/microclimate-model.ts';
import { createCatalogService } from '../../../src/services/map/catalog-service.ts';
import type { TileAddressParams } from '../../../src/services/map/tile-request.ts';
import { createTileService, type TileService } from '../../../src/services/map/tile-service.ts';
import { createTileSigner } from '../../../src/services/map/tile-signer.ts';
import { embeddedCities } from '../../helpers/embedded-cities.ts';
import { longestStall, mainThreadShare } from '../../helpers/event-loop-stall.ts';
import { sharedEmbeddedModel } from '../../helpers/shared-domains.ts';

const GRAND_PLACE = { lon: 4.3525, lat: 50.8467 };

let model: MicroclimateModel;
let tiles: TileService;
let links: { realtime: Record<string, { tilejson: string }>; buildings: string };
before(async () => {
  model = await sharedEmbeddedModel(2);
  const signer = createTileSigner([Buffer.from('s'.repeat(32))]);
  tiles = createTileService({ cities: embeddedCities, model, signer, isKeyActive: async () => true });
  const { body } = await createCatalogService({ cities: embeddedCities, model, signer }).getCatalog({
    city: 'brussels',
    key: { id: 'key-1', metrics: ['*'], horizons: ['*'] },
  });
  links = { realtime: body.realtime!.layers, buildings: body.static.buildings!.tilejson };
});
after(() => model.close());

/** route params and query of a TileJSON link, as the tile routes would parse them */
function addressOf(link: string): { params: TileAddressParams; query: Record<string, string> } {
  const url = new URL(link, 'http://x');
  const parts = url.pathname
    .replace(/\.json$/, '')
    .split('/')
    .slice(5);
  const query = Object.fromEntries(url.searchParams);
  if (parts.length === 1) return { params: { city: 'brussels', layer: parts[0]!, horizon: 'static' }, query };
  return { params: { city: 'brussels', layer: parts[0]!, horizon: 'realtime', timestamp: parts[1]! }, query };
}

/** the four tiles meeting at the one that holds the Grand-Place's north-west corner */
function aroundCentre(z: number): TileAddress[] {
  const centre = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, z);
  return [0, 1].flatMap((dx) => [0, 1].map((dy) => ({ z, x: centre.x - dx, y: centre.y - dy })));
}

async function cutAll(link: string, addresses: TileAddress[]) {
  const { params, query } = addressOf(link);
  return longestStall(() =>
    Promise.all(addresses.map((address) => tiles.tile({ ...params, ...address }, query))),
  );
}

test('cold building tiles over a city centre are cut off the event loop', async (t) => {
  // ~19,000 footprints of the real centre in these four (the generated city had over
  // 20,000), which took the event loop 60-170 ms a tile to project and encode when it did
  // the work itself (490 ms for the four)
  const { result, blockMs, stallMs } = await cutAll(links.buildings, aroundCentre(13));
  let footprints = 0;
  for (const tile of result) {
    assert.equal(tile.status, 200);
    footprints += new VectorTile(new PbfReader(tile.body!)).layers.buildings!.length;
  }
  assert.ok(footprints > 15_000, `${footprints} footprints`);
  t.diagnostic(`longest block ${blockMs.toFixed(0)} ms, stall ${stallMs.toFixed(0)} ms`);
  // the block is the CPU time the loop spent between two turns (helpers/event-loop-stall.ts):
  // the wall-clock stall also holds waits for threads that wait for a core (168 ms seen
  // beside four busy loops, with the tiles cut off the loop)
  assert.ok(
    blockMs < 40,
    `the event loop worked ${blockMs.toFixed(0)} ms without a turn (stalled ${stallMs.toFixed(0)} ms)`,
  );
});

test('cold low-zoom tiles of a timed layer are averaged and encoded off the event loop', async () => {
  // a z10-z12 tile reads up to the whole city's grid (555 x 474 cells a field, three for
  // air); when the event loop averaged them into blocks and encoded the squares itself, it
  // spent 9-21 % of the CPU these twelve tiles cost, now ~2 % (the rest is the threads')
  const addresses = [10, 11, 12].flatMap(aroundCentre);
  for (const layer of ['air', 'wind'] as const) {
    const { params, query } = addressOf(links.realtime[layer]!.tilejson);
    const { result, share } = await mainThreadShare(() =>
      Promise.all(addresses.map((address) => tiles.tile({ ...params, ...address }, query))),
    );
    const squares = result
      .filter((tile) => tile.status === 200)
      .reduce((sum, tile) => sum + new VectorTile(new PbfReader(tile.body!)).layers[layer]!.length, 0);
    assert.ok(squares > 3_000, `${layer}: ${squares} squares`);
    assert.ok(share < 0.05, `${layer}: the main thread spent ${(share * 100).toFixed(1)} % of the CPU`);
  }
});
