import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { awayFromUtcMidnight } from '../helpers/clock-edges.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * Every refusal of bad input says how to fix it. One row per message: the request, the
 * status and code, and the exact detail a newcomer reads.
 */
let service: TestService;
let key: string;
let onePerDay: string;
before(async () => {
  service = await startTestService();
  key = await service.createKey(['--rate-per-min', '10000']);
  onePerDay = await service.createKey(['--reports-per-day', '1']);
});
after(() => service.close());

const JOB = '3b241101-e2bb-4255-8caf-4136c566a962';
const rows: Array<[string, InjectOptions, number, string, string]> = [
  [
    'comma instead of a decimal point',
    { url: '/v1/historical/stats?lat=50,8467&lon=4.3525' },
    400,
    'validation_error',
    "Query parameter 'lat' must be a decimal number written with a point, e.g. lat=50.8467 (not 50,8467).",
  ],
  [
    'radius written with a comma',
    { url: '/v1/realtime?lat=50.8467&lon=4.3525&radius=7,5' },
    400,
    'validation_error',
    "Query parameter 'radius' must be a decimal number written with a point, e.g. radius=50.8467 (not 50,8467).",
  ],
  [
    'an unknown download format lists the allowed ones',
    { url: `/v1/reports/${JOB}/download?format=docx` },
    400,
    'validation_error',
    "Query parameter 'format' must be one of: html, pdf.",
  ],
  [
    'an unknown metric on /scales lists the allowed ones',
    { url: '/v1/scales?metric=noise' },
    400,
    'validation_error',
    "Query parameter 'metric' must be one of: air, wind, thermal.",
  ],
  [
    'an empty q',
    { url: '/v1/geocode?q=' },
    400,
    'validation_error',
    "Query parameter 'q' must not be empty.",
  ],
  [
    'a limit above the maximum',
    { url: '/v1/geocode?q=Namur&limit=9' },
    400,
    'validation_error',
    "Query parameter 'limit' must be at most 5.",
  ],
  [
    'a limit that is not a whole number',
    { url: '/v1/geocode?q=Namur&limit=two' },
    400,
    'validation_error',
    "Query parameter 'limit' must be given once and be a whole number, e.g. 3.",
  ],
  [
    'a latitude out of range, with its unit',
    { url: '/v1/historical/stats?lat=91&lon=4.35' },
    400,
    'validation_error',
    "'lat' must be a number of degrees from -90 to 90, e.g. lat=50.8467.",
  ],
  [
    'a radius out of range, with its unit',
    { url: '/v1/realtime?lat=50.8467&lon=4.3525&radius=100' },
    400,
    'validation_error',
    "'radius' must be a number of metres from 5 to 50.",
  ],
  [
    'swapped lat and lon on the statistics',
    { url: '/v1/historical/stats?lat=4.3525&lon=50.8467' },
    422,
    'outside_coverage',
    'This location is outside Belgium, the area the service covers. lat and lon look swapped: did you mean lat=50.8467&lon=4.3525?',
  ],
  [
    'swapped lat and lon on the records',
    { url: '/v1/realtime?lat=4.3525&lon=50.8467' },
    422,
    'outside_coverage',
    'This location is outside every city covered by the realtime product. lat and lon look swapped: did you mean lat=50.8467&lon=4.3525?',
  ],
  [
    'swapped lat and lon in a report order',
    { method: 'POST', url: '/v1/reports', payload: { lat: 4.3525, lon: 50.8467 } },
    422,
    'outside_coverage',
    'This location is outside the area the service covers. lat and lon look swapped: did you mean lat=50.8467&lon=4.3525?',
  ],
  [
    'a latitude given as a string in a report order',
    { method: 'POST', url: '/v1/reports', payload: { lat: '50.8467', lon: 4.3525 } },
    400,
    'validation_error',
    'lat must be a JSON number of degrees from -90 to 90, e.g. "lat": 50.8467 (a number, not a string).',
  ],
  [
    // just past 50: a rule that rounds the radius before comparing would accept it
    'a report radius of 50.4, with the range',
    { method: 'POST', url: '/v1/reports', payload: { lat: 50.8467, lon: 4.3525, radius: 50.4 } },
    400,
    'validation_error',
    'radius must be a number from 5 to 50 metres.',
  ],
  [
    'a malformed job id',
    { url: '/v1/reports/42' },
    400,
    'validation_error',
    'job_id must be a lowercase UUID v4 as returned by POST /reports, e.g. 3b241101-e2bb-4255-8caf-4136c566a962.',
  ],
];

for (const [name, request, status, code, detail] of rows) {
  test(`${name}: ${detail}`, async () => {
    const response = await service.composition.app.inject({
      ...request,
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(response.statusCode, status, response.body);
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    assert.equal(response.json().code, code);
    assert.equal(response.json().detail, detail);
  });
}

test('a quota of one report is written in the singular', async () => {
  const order = () =>
    service.composition.app.inject({
      method: 'POST',
      url: '/v1/reports',
      headers: { authorization: `Bearer ${onePerDay}` },
      payload: { lat: 50.4687, lon: 4.8625 },
    });
  // both on one UTC day: the quota resets at midnight
  await awayFromUtcMidnight(60_000);
  assert.equal((await order()).statusCode, 202);
  const refused = await order();
  assert.equal(refused.statusCode, 429);
  assert.equal(refused.json().detail, 'The daily quota of 1 report is used up; it resets at midnight UTC.');
});
