import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { serviceForFile } from '../helpers/service.ts';

/**
 * A cold area statistic moves the reference year of ~30 cells (MBs of hourly columns)
 * from the model threads through the statistics threads. Once answered (and cached
 * durably), nothing in the process may keep those columns: distinct locations asked one
 * after another must not add up in memory.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const file = serviceForFile();

/** memory outside the JS heap (ArrayBuffers and their backing stores), after a full collection */
function bufferMemoryMb(): number {
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return (usage.external + usage.arrayBuffers) / 1_048_576;
}

test('twelve distinct cold radius-50 statistics leave no hourly columns behind', async () => {
  // a point of this grid may fall in a block with no outdoor cell within 50 m (a 422): such a
  // point is passed over, it computes nothing
  const ask = async (i: number): Promise<number | null> => {
    const lat = (50.838 + (i % 6) * 0.0009).toFixed(5);
    const lon = (4.337 + Math.floor(i / 6) * 0.0013).toFixed(5);
    const response = await file.service.composition.app.inject({
      url: `/v1/historical/stats?lat=${lat}&lon=${lon}&radius=50`,
      headers: { 'x-api-key': file.key },
    });
    if (response.statusCode === 422 && response.json().code === 'outside_coverage') return null;
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['x-cache'], 'miss');
    return response.json().meta.n_cells as number;
  };
  await ask(100); // the first request also builds the references: not part of the count
  const before = bufferMemoryMb();
  let cells = 0;
  let asked = 0;
  for (let i = 0; asked < 12 && i < 36; i++) {
    const n = await ask(i);
    if (n === null) continue;
    cells += n;
    asked++;
  }
  assert.equal(asked, 12, 'twelve points of the grid have outdoor cells within 50 m');
  const grown = bufferMemoryMb() - before;
  // each cell's year is 13 columns × 8,760 hours × 4 bytes ≈ 0.45 MB: kept, twelve
  // locations would hold ~150 MB here
  const keptIfLeaked = (cells * 13 * 8760 * 4) / 1_048_576;
  assert.ok(keptIfLeaked > 100, `the locations hold ${cells} cells`);
  assert.ok(grown < keptIfLeaked / 5, `buffer memory grew by ${grown.toFixed(0)} MB over ${cells} cells`);
});
