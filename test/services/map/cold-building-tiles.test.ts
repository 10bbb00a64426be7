import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { tileAt } from '../../../src/domain/map/mercator.ts';
import type { MicroclimateModel } from '../../../src/model/port.ts';
import { createCatalogService } from '../../../src/services/map/catalog-service.ts';
import { createTileService } from '../../../src/services/map/tile-service.ts';
import { createTileSigner } from '../../../src/services/map/tile-signer.ts';
import { longestStall } from '../../helpers/event-loop-stall.ts';
import { sharedEmbeddedModel } from '../../helpers/shared-domains.ts';

const GRAND_PLACE = { lon: 4.3525, lat: 50.8467 };

let model: MicroclimateModel;
before(async () => {
  model = await sharedEmbeddedModel(2);
});
after(() => model.close());

test('cold building tiles over a city centre are cut off the event loop', async () => {
  const signer = createTileSigner([Buffer.from('s'.repeat(32))]);
  const tiles = createTileService({ model, signer, isKeyActive: async () => true });
  const { body } = await createCatalogService({ model, signer }).getCatalog({
    city: 'brussels',
    key: { id: 'key-1', metrics: ['*'], horizons: ['*'] },
  });
  const query = Object.fromEntries(new URL(body.static.buildings!.tilejson, 'http://x').searchParams);
  const params = { city: 'brussels', layer: 'buildings', horizon: 'static' as const };
  // the four z13 tiles around the Grand-Place: ~20,000 footprints each, which took the
  // event loop 60-170 ms apiece to project and encode when it did the work itself
  const centre = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 13);
  const addresses = [0, 1].flatMap((dx) =>
    [0, 1].map((dy) => ({ z: 13, x: centre.x - dx, y: centre.y - dy })),
  );
  const { result, stallMs } = await longestStall(() =>
    Promise.all(addresses.map((address) => tiles.tile({ ...params, ...address }, query))),
  );
  let footprints = 0;
  for (const tile of result) {
    assert.equal(tile.status, 200);
    footprints += new VectorTile(new PbfReader(tile.body!)).layers.buildings!.length;
  }
  assert.ok(footprints > 20_000, `${footprints} footprints`);
  assert.ok(stallMs < 40, `the event loop went ${stallMs.toFixed(0)} ms without a turn`);
});
