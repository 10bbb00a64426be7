import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * Every answer of POST /v1/reports to a body it must refuse, pinned as it was when the
 * route checked nothing itself and left the body to the report service's parser
 * (recorded before the route gained its schema validation, #36 item 2): the status and
 * the whole problem document (type, code, title, detail). The schema now checks the body
 * first; these answers must not move. Also pinned: what passes today (unknown fields are
 * ignored, a JSON null reads as absent) and what is refused later than the body (coverage).
 */
let service: TestService;
let key: string;
before(async () => {
  // no worker: an accepted job waits in the queue, which is all these rows need
  service = await startTestService({}, { start: false });
  key = await service.createKey(['--rate-per-min', '100000', '--reports-per-day', '1000']);
});
after(() => service.close());

type Expected = { status: 202 } | { status: number; code: string; title: string; detail: string };

const ACCEPTED: Expected = { status: 202 };
const invalid = (detail: string): Expected => ({
  status: 400,
  code: 'validation_error',
  title: 'Invalid request',
  detail,
});
const notCovered = (detail: string): Expected => ({
  status: 422,
  code: 'outside_coverage',
  title: 'Location not covered',
  detail,
});

const LAT =
  'lat must be a JSON number of degrees from -90 to 90, e.g. "lat": 50.8467 (a number, not a string).';
const LON =
  'lon must be a JSON number of degrees from -180 to 180, e.g. "lon": 4.3525 (a number, not a string).';
const RADIUS = 'radius must be a number from 5 to 50 metres.';
const LANG = 'lang must be one of en, fr, nl.';
const ADDRESS = 'address must be a non-empty string.';
const NOT_AN_OBJECT = 'The body must be a JSON object.';

const j = (value: unknown) => JSON.stringify(value);
const at = { lat: 50.8467, lon: 4.3525 };

/** [what the body is, the raw body, the answer, other headers] */
const ROWS: Array<[string, string, Expected, Record<string, string>?]> = [
  // not a JSON object
  ['malformed JSON', '{"lat": 50.8,', invalid('The body is not valid JSON.')],
  ['empty body', '', invalid('The JSON body is empty.')],
  ['an array', '[1,2]', invalid(NOT_AN_OBJECT)],
  ['a string', '"Grand-Place 1"', invalid(NOT_AN_OBJECT)],
  ['a number', '42', invalid(NOT_AN_OBJECT)],
  ['null', 'null', invalid(NOT_AN_OBJECT)],
  ['true', 'true', invalid(NOT_AN_OBJECT)],
  [
    'wrong content type',
    'lat=50.8&lon=4.3',
    invalid('Unsupported Content-Type: send the body as application/json.'),
    { 'content-type': 'application/x-www-form-urlencoded' },
  ],
  // strings for numbers: refused, never coerced
  ['lat as a string', j({ lat: '50.8467', lon: 4.3525 }), invalid(LAT)],
  ['lon as a string', j({ lat: 50.8467, lon: '4.3525' }), invalid(LON)],
  ['both coordinates as strings', j({ lat: '50.8467', lon: '4.3525' }), invalid(LAT)],
  ['radius as a string', j({ ...at, radius: '10' }), invalid(RADIUS)],
  ['lat with a decimal comma', j({ lat: '50,8467', lon: 4.3525 }), invalid(LAT)],
  // other wrong types
  ['lat as a boolean', j({ lat: true, lon: 4.3525 }), invalid(LAT)],
  ['lat as an array', j({ lat: [50.8467], lon: 4.3525 }), invalid(LAT)],
  ['lon as an object', j({ lat: 50.8467, lon: { value: 4.3525 } }), invalid(LON)],
  ['address as a number', j({ address: 5 }), invalid(ADDRESS)],
  ['address as a list', j({ address: ['Grand-Place 1'] }), invalid(ADDRESS)],
  ['address as an object', j({ address: { street: 'Grand-Place 1' } }), invalid(ADDRESS)],
  ['radius as a boolean', j({ ...at, radius: true }), invalid(RADIUS)],
  ['lang as a number', j({ ...at, lang: 1 }), invalid(LANG)],
  // out of range
  ['lat above 90', j({ lat: 90.5, lon: 4.3525 }), invalid(LAT)],
  ['lat below -90', j({ lat: -91, lon: 4.3525 }), invalid(LAT)],
  ['lon above 180', j({ lat: 50.8467, lon: 180.01 }), invalid(LON)],
  ['lon below -180', j({ lat: 50.8467, lon: -200 }), invalid(LON)],
  ['lat beyond any double (Infinity once parsed)', '{"lat": 1e400, "lon": 4.3525}', invalid(LAT)],
  ['radius below 5', j({ ...at, radius: 4 }), invalid(RADIUS)],
  ['radius 4.99', j({ ...at, radius: 4.99 }), invalid(RADIUS)],
  ['radius above 50', j({ ...at, radius: 51 }), invalid(RADIUS)],
  ['radius 50.01', j({ ...at, radius: 50.01 }), invalid(RADIUS)],
  ['radius 0', j({ ...at, radius: 0 }), invalid(RADIUS)],
  ['negative radius', j({ ...at, radius: -10 }), invalid(RADIUS)],
  ['unknown language', j({ ...at, lang: 'de' }), invalid(LANG)],
  ['language in capitals', j({ ...at, lang: 'EN' }), invalid(LANG)],
  [
    'address over 200 characters',
    j({ address: 'x'.repeat(201) }),
    invalid('address must be at most 200 characters.'),
  ],
  [
    'address of 101 emoji (202 UTF-16 units)',
    j({ address: '🏠'.repeat(101) }),
    invalid('address must be at most 200 characters.'),
  ],
  ['empty address', j({ address: '' }), invalid(ADDRESS)],
  ['blank address', j({ address: '   ' }), invalid(ADDRESS)],
  // the location rule
  ['no location at all', j({}), invalid('Provide either address or both lat and lon.')],
  [
    'only a radius and a language',
    j({ radius: 10, lang: 'fr' }),
    invalid('Provide either address or both lat and lon.'),
  ],
  [
    'address null and nothing else',
    j({ address: null }),
    invalid('Provide either address or both lat and lon.'),
  ],
  ['lat without lon', j({ lat: 50.8467 }), invalid('Provide both lat and lon.')],
  ['lon without lat', j({ lon: 4.3525 }), invalid('Provide both lat and lon.')],
  ['lat with lon null', j({ lat: 50.8467, lon: null }), invalid('Provide both lat and lon.')],
  [
    'address and coordinates',
    j({ address: 'Grand-Place 1', ...at }),
    invalid('Provide either address or lat and lon, not both.'),
  ],
  [
    'address and lat only',
    j({ address: 'Grand-Place 1', lat: 50.8467 }),
    invalid('Provide either address or lat and lon, not both.'),
  ],
  [
    'address and a bad lat',
    j({ address: 'Grand-Place 1', lat: 'x' }),
    invalid('Provide either address or lat and lon, not both.'),
  ],
  // several faults at once: the first rule that fails names its field
  [
    'a string lat, a radius out of range and an unknown language',
    j({ lat: '50.8', lon: 4.35, radius: 100, lang: 'de' }),
    invalid(LAT),
  ],
  ['an unknown field beside a string lat', j({ lat: '50.8467', lon: 4.3525, colour: 'red' }), invalid(LAT)],
  ['an unknown field beside a radius out of range', j({ ...at, radius: 60, colour: 'red' }), invalid(RADIUS)],
  // accepted as today: unknown fields are ignored, null reads as absent
  ['accepted: an unknown field', j({ ...at, colour: 'red' }), ACCEPTED],
  [
    'accepted: null radius, language and address',
    j({ ...at, radius: null, lang: null, address: null }),
    ACCEPTED,
  ],
  [
    'accepted: null coordinates beside an address outside coverage',
    j({ address: 'Nowhere-at-all 99999', lat: null, lon: null }),
    notCovered(
      "No address matching 'Nowhere-at-all 99999' was found in the service area; understood street 'Nowhere-at-all', number 99999, no municipality. Check the street name and number, or give the location as coordinates instead: lat and lon in place of address.",
    ),
  ],
  ['accepted: radius and language at their bounds', j({ ...at, radius: 5, lang: 'nl' }), ACCEPTED],
  // valid, outside coverage
  [
    'outside coverage',
    j({ lat: 0, lon: 0 }),
    notCovered('This location is outside the area the service covers.'),
  ],
];

for (const [name, payload, expected, headers] of ROWS) {
  test(`${name} → ${expected.status}${'detail' in expected ? ` ${expected.detail}` : ''}`, async () => {
    const response = await service.composition.app.inject({
      method: 'POST',
      url: '/v1/reports',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      payload,
    });
    assert.equal(response.statusCode, expected.status, response.body);
    const { request_id: requestId, ...document } = response.json();
    if (!('code' in expected)) {
      assert.deepEqual(Object.keys(document), ['job_id', 'status', 'stage', 'links']);
      return;
    }
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    assert.equal(requestId, response.headers['x-request-id']);
    assert.deepEqual(document, {
      type: `${service.config.docsUrl}/errors#${expected.code}`,
      code: expected.code,
      title: expected.title,
      status: expected.status,
      detail: expected.detail,
    });
  });
}
