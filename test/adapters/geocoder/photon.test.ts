import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createPhotonGeocoder, photonLabel, photonMatch } from '../../../src/adapters/geocoder/photon.ts';
import { GeocoderError } from '../../../src/domain/errors/failures.ts';
import { translateFailure } from '../../../src/domain/errors/translate.ts';

/** A local stand-in for a Photon server: GeoJSON answers, or whatever failure a test sets. */
type Handler = (url: URL, response: ServerResponse) => void;

function feature(lon: number, lat: number, properties: Record<string, string>) {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}

const GRAND_PLACE = feature(4.35249, 50.84675, {
  name: 'Grand-Place - Grote Markt',
  postcode: '1000',
  city: 'Bruxelles - Brussel',
  country: 'Belgique / België / Belgien',
  countrycode: 'BE',
  type: 'street',
});
const RUE_DE_LA_LOI = feature(4.37021, 50.84461, {
  housenumber: '16',
  street: 'Rue de la Loi - Wetstraat',
  postcode: '1000',
  city: 'Bruxelles - Brussel',
  countrycode: 'BE',
  type: 'house',
});
const LILLE = feature(3.05726, 50.63718, {
  name: 'Lille',
  postcode: '59000',
  country: 'France',
  countrycode: 'FR',
  type: 'city',
});

let server: Server;
let base: string;
let handler: Handler;
const requests: URL[] = [];

before(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(url);
    handler(url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
});

const json =
  (status: number, body: unknown): Handler =>
  (_url, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

async function upstreamError(promise: Promise<unknown>, detail: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    // the adapter throws its own error; the one translation makes it 502 upstream_error
    assert.ok(error instanceof GeocoderError);
    const answer = translateFailure(error, 'geocode');
    assert.equal(answer?.code, 'upstream_error');
    assert.equal(answer?.status, 502);
    assert.match(answer?.detail ?? '', detail);
    return true;
  });
}

describe('Photon adapter', () => {
  test('searches /api with q and limit, labels results "street number, postcode city"', async () => {
    handler = json(200, { type: 'FeatureCollection', features: [RUE_DE_LA_LOI, GRAND_PLACE, LILLE] });
    const photon = createPhotonGeocoder({ url: `${base}/`, timeoutMs: 2000 });
    const results = await photon.search('Rue de la Loi 16', 3);
    assert.equal(requests[0]?.pathname, '/api');
    assert.equal(requests[0]?.searchParams.get('q'), 'Rue de la Loi 16');
    assert.equal(requests[0]?.searchParams.get('limit'), '3');
    assert.equal(requests[0]?.searchParams.has('lang'), false);
    assert.deepEqual(
      results.map((r) => r.address),
      [
        'Rue de la Loi - Wetstraat 16, 1000 Bruxelles - Brussel',
        'Grand-Place - Grote Markt, 1000 Bruxelles - Brussel',
        '59000 Lille, France',
      ],
    );
    assert.deepEqual([results[0]?.lat, results[0]?.lon], [50.84461, 4.37021]);
    assert.equal(results[0]?.match, 'address', 'a house number: the door');
    assert.ok(results[0]!.relevance > 0.6 && results[0]!.relevance <= 1);
    for (let i = 1; i < results.length; i++) assert.ok(results[i]!.relevance <= results[i - 1]!.relevance);
  });

  test('passes the configured language and skips features without a point', async () => {
    handler = json(200, {
      features: [{ type: 'Feature', geometry: null, properties: { name: 'x' } }, GRAND_PLACE],
    });
    const photon = createPhotonGeocoder({ url: base, timeoutMs: 2000, lang: 'fr' });
    const results = await photon.search('grand place', 5);
    assert.equal(requests[0]?.searchParams.get('lang'), 'fr');
    assert.equal(results.length, 1);
  });

  test('reverse asks /reverse and accepts only a nearby answer', async () => {
    handler = json(200, { features: [RUE_DE_LA_LOI] });
    const photon = createPhotonGeocoder({ url: base, timeoutMs: 2000 });
    assert.equal(
      await photon.reverse(50.8446, 4.3702),
      'Rue de la Loi - Wetstraat 16, 1000 Bruxelles - Brussel',
    );
    assert.equal(requests[0]?.pathname, '/reverse');
    assert.equal(requests[0]?.searchParams.get('lat'), '50.8446');
    assert.equal(await photon.reverse(50.9, 4.5), null, 'more than 250 m away');
    handler = json(200, { features: [] });
    assert.equal(await photon.reverse(50.8446, 4.3702), null);
  });

  test('HTTP 500 is upstream_error', async () => {
    handler = json(500, { message: 'boom' });
    await upstreamError(createPhotonGeocoder({ url: base, timeoutMs: 2000 }).search('x', 1), /HTTP 500/);
  });

  test('a server that does not answer in time is upstream_error', async () => {
    handler = () => {}; // never answers
    const started = Date.now();
    await upstreamError(createPhotonGeocoder({ url: base, timeoutMs: 200 }).search('x', 1), /within 200 ms/);
    // the bound only tells "gave up" from "hung" (a loaded machine delays the timer by seconds)
    assert.ok(Date.now() - started < 30_000);
  });

  test('malformed JSON and non-GeoJSON bodies are upstream_error', async () => {
    handler = json(200, '{"features": [');
    await upstreamError(
      createPhotonGeocoder({ url: base, timeoutMs: 2000 }).search('x', 1),
      /other than JSON/,
    );
    handler = json(200, { hello: 'world' });
    await upstreamError(createPhotonGeocoder({ url: base, timeoutMs: 2000 }).reverse(50.8, 4.3), /GeoJSON/);
  });

  test('an unreachable server is upstream_error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await upstreamError(
      createPhotonGeocoder({ url: `http://127.0.0.1:${port}`, timeoutMs: 2000 }).search('x', 1),
      /reached/,
    );
  });
});

describe('photonLabel', () => {
  test('a city is postcode and name; a foreign place names its country', () => {
    assert.equal(
      photonLabel({ name: 'Namur', postcode: '5000', countrycode: 'BE', type: 'city' })?.label,
      '5000 Namur',
    );
    assert.equal(
      photonLabel({
        name: 'Vrijthof',
        city: 'Maastricht',
        postcode: '6211',
        country: 'Nederland',
        countrycode: 'NL',
      })?.label,
      'Vrijthof, 6211 Maastricht, Nederland',
    );
    assert.equal(photonLabel({}), null);
  });

  test('how a result matched, from its type', () => {
    assert.equal(photonMatch({ street: 'Rue de la Loi', housenumber: '16', type: 'house' }), 'address');
    assert.equal(photonMatch({ name: 'Rue de la Loi', type: 'street' }), 'street');
    assert.equal(photonMatch({ name: 'Namur', type: 'city' }), 'municipality');
    assert.equal(photonMatch({ name: 'Atomium', type: 'house' }), 'place');
  });
});
