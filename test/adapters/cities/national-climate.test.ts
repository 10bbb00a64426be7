import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { loadNationalClimate, NATIONAL_CLIMATE_PATH } from '../../../src/adapters/cities/national-climate.ts';
import { parseEpw } from '../../../src/model/embedded/meteo/epw.ts';

/**
 * The national climate is data (data/national/climate.json): the model is handed the
 * time zone of its civil clock, the normals its weather is drawn around and the weather
 * file of the nationwide reference year, and names none of them itself.
 */
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function descriptor(change: (value: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-national-climate-'));
  dirs.push(dir);
  const value = JSON.parse(readFileSync(NATIONAL_CLIMATE_PATH, 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'weather.epw'), 'not read unless valid');
  value.reference_weather = 'weather.epw';
  change(value);
  writeFileSync(join(dir, 'climate.json'), JSON.stringify(value));
  return join(dir, 'climate.json');
}

describe('national climate descriptor', () => {
  test('the shipped one: the Belgian clock, the Uccle normals and wind rose, and the measured Uccle year', () => {
    const climate = loadNationalClimate();
    assert.equal(climate.timeZone, 'Europe/Brussels');
    // the normals the generator was calibrated with (DOMAIN.md §5), unchanged since they left the code
    assert.deepEqual(climate.monthlyNormals, {
      meanTempC: [3.6, 4.5, 7.3, 9.8, 13.9, 16.5, 18.1, 18.8, 15.0, 11.4, 6.7, 4.0],
      dailyRangeC: [4.6, 5.7, 5.9, 7.1, 7.8, 7.9, 7.4, 7.7, 6.9, 5.6, 4.6, 5.0],
      relHumidityPct: [84, 81, 75, 68, 71, 72, 73, 73, 80, 81, 87, 87],
      wind10Ms: [3.8, 3.8, 3.5, 3.5, 3.1, 2.9, 2.7, 2.4, 2.7, 3.4, 3.4, 3.6],
      cloud: [0.8, 0.74, 0.68, 0.58, 0.58, 0.57, 0.58, 0.59, 0.64, 0.72, 0.8, 0.82],
    });
    assert.deepEqual(climate.windRose, {
      all: [5.0, 10.7, 10.4, 3.0, 7.1, 23.4, 33.3, 7.0],
      strong: [2, 1, 1, 1, 6, 36, 42, 11],
    });
    assert.equal(
      climate.referenceWeatherEpw,
      readFileSync(
        new URL('../../../data/sources/brussels/BEL_VLG_Uccle.064470_TMYx.2007-2021.epw', import.meta.url),
        'utf8',
      ),
    );
    assert.equal(parseEpw(climate.referenceWeatherEpw).taC.length, 8760);
  });

  test('a descriptor names its own weather file, relative to itself', () => {
    const path = descriptor((value) => {
      value.time_zone = 'Europe/Amsterdam';
    });
    const climate = loadNationalClimate(path);
    assert.equal(climate.timeZone, 'Europe/Amsterdam');
    assert.equal(climate.referenceWeatherEpw, 'not read unless valid');
  });

  test('a descriptor that does not validate is refused with its reasons', () => {
    assert.throws(
      () =>
        loadNationalClimate(
          descriptor((value) => {
            value.time_zone = 'Europe/Atlantis';
          }),
        ),
      /time_zone 'Europe\/Atlantis' is not an IANA time zone/,
    );
    assert.throws(
      () =>
        loadNationalClimate(
          descriptor((value) => {
            (value.monthly_normals as Record<string, number[]>).mean_temp_c = [1, 2, 3];
          }),
        ),
      /monthly_normals\/mean_temp_c/,
    );
  });
});
