import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readStarterFile } from '../../../src/adapters/geocoder/starter-file.ts';
import { classifyPoint } from '../../../src/domain/coverage/classify.ts';
import { parseStarterData, StarterDataError } from '../../../src/domain/geocode/starter-data.ts';
import { EMBEDDED_REGISTRY } from '../../helpers/embedded-cities.ts';

const starter = readStarterFile();
const entries = parseStarterData(starter.text);
const places = entries.filter((entry) => entry.variant === 0);
const FOREIGN =
  /, (France|Frankrijk|Nederland|Pays-Bas|Netherlands|Deutschland|Germany|Duitsland|Luxembourg|Luxemburg|United Kingdom)$/;

describe('bundled starter gazetteer', () => {
  test('holds a few hundred places, each label in one language', () => {
    assert.ok(places.length >= 300, `${places.length} places`);
    const grandPlace = entries.filter((entry) => entry.groupKey === 'starter:1000:grand-place');
    assert.deepEqual(
      grandPlace.map((entry) => entry.label),
      ['Grand-Place, 1000 Bruxelles', 'Grote Markt, 1000 Brussel', 'Grand Place, 1000 Brussels'],
    );
  });

  test('knows all 19 municipalities of the Brussels-Capital Region', () => {
    const postcodes = [
      '1000',
      '1030',
      '1040',
      '1050',
      '1060',
      '1070',
      '1080',
      '1081',
      '1082',
      '1083',
      '1090',
    ];
    postcodes.push('1140', '1150', '1160', '1170', '1180', '1190', '1200', '1210');
    for (const postcode of postcodes) {
      assert.ok(
        places.some((place) => place.kind === 'locality' && place.label.startsWith(`${postcode} `)),
        `locality ${postcode}`,
      );
    }
  });

  test('Belgian places lie in Belgium, Brussels ones in the Brussels zones, foreign ones outside', () => {
    for (const place of places) {
      const coverage = classifyPoint(EMBEDDED_REGISTRY, place.lat, place.lon);
      if (FOREIGN.test(place.label)) {
        assert.equal(coverage.covered, false, place.label);
      } else {
        assert.notEqual(coverage.covered, false, place.label);
      }
      const postcode = Number(place.groupKey.split(':')[1]);
      if (postcode >= 1000 && postcode <= 1210 && !FOREIGN.test(place.label)) {
        assert.ok('city' in coverage && coverage.city.id === 'brussels', place.label);
      }
    }
  });

  test('the version changes with the content', () => {
    assert.match(starter.version, /^[0-9a-f]{16}$/);
    assert.equal(readStarterFile().version, starter.version);
  });

  test('malformed lines are refused with their line number', () => {
    const header = 'kind,lat,lon,postcode,importance,country,names,municipality,aliases';
    assert.throws(
      () => parseStarterData(`${header}\nplace,x,4.3,1000,0.5,BE,Foo,Bruxelles,`),
      /line 2: bad coordinates/,
    );
    assert.throws(
      () => parseStarterData(`${header}\nmonument,50,4,1000,0.5,BE,Foo,Bruxelles,`),
      StarterDataError,
    );
    assert.throws(() => parseStarterData(`${header}\nplace,50,4,1000,2,BE,Foo,Bruxelles,`), /importance/);
    assert.throws(
      () =>
        parseStarterData(
          `${header}\nplace,50,4,1000,0.5,BE,Foo,Bruxelles,\nplace,50,4,1000,0.5,BE,Foo,Bruxelles,`,
        ),
      /line 3: duplicate/,
    );
    assert.throws(() => parseStarterData('kind,lat\n'), /header/);
  });

  test('language-tagged aliases find only their own variant', () => {
    const midi = entries.filter((entry) => entry.groupKey === 'starter:1060:gare-de-bruxelles-midi');
    const dutch = midi.find((entry) => entry.label.startsWith('Station Brussel-Zuid'));
    const french = midi.find((entry) => entry.label.startsWith('Gare de Bruxelles-Midi'));
    assert.ok(dutch?.search.includes('zuidstation'));
    assert.ok(!french?.search.includes('zuidstation'));
    assert.ok(french?.search.includes('gare du midi'));
  });
});
