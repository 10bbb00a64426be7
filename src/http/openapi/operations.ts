/**
 * What the OpenAPI document says about each operation beyond its schemas: a stable
 * operationId (the generated client's method names) and the rules of the spec, so that a
 * reader of the reference or of a generated client sees what the service enforces.
 * Keyed by "METHOD /path" as documented (without the /v1 prefix).
 */
export interface OperationDoc {
  operationId: string;
  description: string;
  /** public operations accept a key optionally; keyed ones require one */
  access: 'public' | 'key' | 'signed-url';
}

const LOCATION_RULES =
  'Give either `address` or both `lat` and `lon` (WGS 84 decimal degrees written with a point, e.g. `lat=50.8467&lon=4.3525`); both at once, or a malformed value, is `400 validation_error`. Coordinates are rounded to 5 decimals.';
const TILE_AUTH =
  'Fetched by map clients from the signed URLs of the map catalog: the query (`key`, `exp`, `sig`) authorises, no key header is needed and no rate window applies. Clients never construct or modify these URLs. An expired `exp` is `401 url_expired`; an unsigned URL or a failed signature is `401 unauthorized`.';
const TILEJSON =
  'TileJSON 3.0.0 for one layer: a tile URL template (relative to the API unless the operator sets PUBLIC_BASE_URL; resolve it against the TileJSON URL keeping `{z}/{x}/{y}` intact), vector layer names and fields, bounds and zoom range.';
const TILE =
  'One Mapbox Vector Tile (`application/vnd.mapbox-vector-tile`, gzip-encoded when the client accepts it). An empty tile answers `204 No Content`, not an error. Tiles are immutable for their address: cached a day, with an ETag.';

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /health': {
    operationId: 'getHealth',
    access: 'public',
    description: 'Whether the service answers, with its version and clock. No key; not rate limited.',
  },
  'GET /health/ready': {
    operationId: 'getReadiness',
    access: 'public',
    description:
      'Readiness, an operator extension beside the liveness answer of `GET /health`: 200 when this instance can serve keyed requests, 503 with `Retry-After` when a dependency it needs (database, Redis in scale-out, model workers, disk) is unavailable. `checks` gives each dependency its state and latency. No key; not rate limited; `Cache-Control: no-store`.',
  },
  'GET /cities': {
    operationId: 'listCities',
    access: 'public',
    description:
      'The covered cities. `product` (optional) keeps only cities offering that product. Without a key the full list, `Cache-Control: public, max-age=3600`; with a key each entry also carries `authorized`, `Cache-Control: private, max-age=3600` and `Vary: Authorization, X-API-Key`.',
  },
  'GET /cities/{city}': {
    operationId: 'getCity',
    access: 'public',
    description:
      'One city with its boundaries, by its lowercase id. Caching as for `GET /cities`. An unknown id is `404 not_found`.',
  },
  'GET /scales': {
    operationId: 'listScales',
    access: 'public',
    description:
      'Views and scale summaries, optionally for one `metric` (`air`, `wind` or `thermal`; any other value is `400 validation_error`). Served with `Cache-Control: public, max-age=3600` and an ETag; a revalidation answers 304 with no body.',
  },
  'GET /scales/{scale}': {
    operationId: 'getScale',
    access: 'public',
    description:
      'One classification scale in full: classes, colours and bounds. An unknown id is `404 not_found`.',
  },
  'GET /key': {
    operationId: 'getKey',
    access: 'key',
    description:
      'The presented key: its four scopes (cities, products, metrics, horizons) and its limits. Any product. No key or an unknown key is `401 unauthorized`; a deactivated or expired key is `403 forbidden`.',
  },
  'GET /geocode': {
    operationId: 'geocode',
    access: 'key',
    description:
      'Candidates for an address, each with whether it is covered. Key with product `geocode`. `q` is required (at least 1 character), `limit` is 1 to 5 (default 5). `query` echoes `q` as received; `results` may be empty.',
  },
  'GET /historical/stats': {
    operationId: 'getHistoricalStats',
    access: 'key',
    description: `Annual statistics over the reference year. Key with product \`historical\`. ${LOCATION_RULES} \`radius\` (optional, 5 to 50 metres, no default) averages over that area; without it the value is at the location (\`meta.sampling\`, \`meta.distance_m\`). \`metrics\`: one to three of \`air\`, \`wind\`, \`thermal\`, comma-separated; omitted means every metric the key holds; a metric the key does not hold is \`403 forbidden\`. Any location in Belgium is served, elsewhere \`422 outside_coverage\`. Results are cached per (lat, lon, radius), \`X-Cache: hit|miss\`; a first request can take minutes and may end in \`504 upstream_timeout\`: a retry resumes the work done.`,
  },
  'GET /realtime': {
    operationId: 'getRealtime',
    access: 'key',
    description: `Live hourly records up to the most recent observed hour, every field in every record. Key with product \`realtime\`. ${LOCATION_RULES} \`radius\` is 5 to 50 metres, default 10. Outside every covered city \`422 outside_coverage\`; inside a city without real-time \`422 product_unavailable\`. Cached 5 minutes per (lat, lon, radius).`,
  },
  'GET /forecast': {
    operationId: 'getForecast',
    access: 'key',
    description: `Hourly forecast records out to about 48 hours; spacing may be irregular, so read each record's timestamp. Key with product \`forecast\`. ${LOCATION_RULES} \`radius\` is 5 to 50 metres, default 10. Gating and errors as for \`GET /realtime\` with the \`forecast\` product.`,
  },
  'POST /reports': {
    operationId: 'createReport',
    access: 'key',
    description:
      'Orders an Environmental Intelligence Report, generated asynchronously; poll `links.status` until `status` is `completed`, then download the files. Key with product `reports`. Body: either `address` or both `lat` and `lon` (JSON numbers), `radius` 5 to 50 metres (default 10), `lang` `en`, `fr` or `nl` (default `en`). Any location in Belgium is accepted; elsewhere `422 outside_coverage` and no work starts. Each accepted request counts against the daily report quota (`429 quota_exceeded` when used up). Files are kept 30 days.',
  },
  'GET /reports/{job_id}': {
    operationId: 'getReport',
    access: 'key',
    description:
      'A report job: `processing` (stage `queued`, `running` or `delivering`), `completed` (with `files`, `address`, `lang`, `expires_in_days`; `pdf_pending: true` while the PDF is still rendered on later polls) or `failed` (with `detail`). Key with product `reports`. `job_id` is a lowercase UUID v4; a malformed id is `400 validation_error`.',
  },
  'GET /reports/{job_id}/download': {
    operationId: 'downloadReport',
    access: 'key',
    description:
      'The generated file as an attachment named `SVC_Report_{slug}.{html|pdf}`: `format=html` is a self-contained `text/html` page, `format=pdf` an A4 `application/pdf`. Key with product `reports`. `404 not_found` when the job is unknown, the file is not generated yet, or it expired after 30 days.',
  },
  'GET /map/{city}': {
    operationId: 'getMapCatalog',
    access: 'key',
    description:
      'The map catalog: signed TileJSON links for the static layers, the most recent observed hour (`realtime`) and the forecast steps; the only map URL a client hardcodes. Key with product `map`. Cached 60 seconds; when the model is unavailable the last good catalog is served with `X-Cache: stale` and freshly signed URLs, and with none cached `503 upstream_unavailable`. A key without `realtime` gets no `realtime` block; one without `forecast` an empty `forecast` array. Every URL stops working at `meta.url_expires_utc`.',
  },
  'GET /map/{city}/tiles/{file}': {
    operationId: 'getStaticTileJson',
    access: 'signed-url',
    description: `${TILEJSON} \`{file}\` is \`{static}.json\` (currently \`buildings.json\`). ${TILE_AUTH}`,
  },
  'GET /map/{city}/tiles/{layer}/{file}': {
    operationId: 'getRealtimeTileJson',
    access: 'signed-url',
    description: `${TILEJSON} \`{layer}\` is \`thermal\`, \`wind\` or \`air\`; \`{file}\` is \`{timestamp}.json\` with the catalog's \`timestamp_ms\`. ${TILE_AUTH}`,
  },
  'GET /map/{city}/tiles/forecast/{layer}/{file}': {
    operationId: 'getForecastTileJson',
    access: 'signed-url',
    description: `${TILEJSON} For one forecast step: \`{file}\` is \`{timestamp}.json\`. ${TILE_AUTH}`,
  },
  'GET /map/{city}/tiles/{layer}/{z}/{x}/{y}': {
    operationId: 'getStaticTile',
    access: 'signed-url',
    description: `${TILE} \`{y}\` is written \`{y}.mvt\`. ${TILE_AUTH}`,
  },
  'GET /map/{city}/tiles/{layer}/{timestamp}/{z}/{x}/{y}': {
    operationId: 'getRealtimeTile',
    access: 'signed-url',
    description: `${TILE} Of a realtime layer at the catalog's \`timestamp_ms\`; \`{y}\` is written \`{y}.mvt\`. ${TILE_AUTH}`,
  },
  'GET /map/{city}/tiles/forecast/{layer}/{timestamp}/{z}/{x}/{y}': {
    operationId: 'getForecastTile',
    access: 'signed-url',
    description: `${TILE} Of a forecast layer step; \`{y}\` is written \`{y}.mvt\`. ${TILE_AUTH}`,
  },
};

export const TAGS = [
  { name: 'public', description: 'No key needed: health, covered cities, classification scales.' },
  { name: 'keys', description: 'The presented API key.' },
  { name: 'geocode', description: 'Address search with coverage.' },
  { name: 'data', description: 'Annual statistics, live and forecast hourly records for a location.' },
  { name: 'reports', description: 'Environmental Intelligence Reports (asynchronous, HTML and PDF).' },
  { name: 'map', description: 'Map catalog, TileJSON and signed vector tiles.' },
];
