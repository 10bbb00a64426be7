/**
 * Lists the spec writes out (scale ids, error codes, key-information fields), copied here
 * from the text once so that tests check the service against the spec, not against itself.
 */
/** The ten scale ids of the spec ("Scales"), as a customer would write them down. */
export const SCALE_IDS = [
  'wind-comfort-standard',
  'wind-comfort-colour-blind',
  'wind-mean-rainbow',
  'wind-gust-rainbow',
  'air-belaqi',
  'air-no2',
  'air-pm25',
  'air-pm10',
  'thermal-utci',
  'thermal-magma',
];

/** The error codes of the spec's catalogue ("Errors"). */
export const ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'url_expired',
  'forbidden',
  'not_found',
  'outside_coverage',
  'product_unavailable',
  'rate_limited',
  'quota_exceeded',
  'upstream_error',
  'upstream_unavailable',
  'upstream_timeout',
];

/** The fields of the spec's key-information resource (GET /key, `keys create`). */
export const KEY_INFO_FIELDS = [
  'cities',
  'created',
  'expires_at',
  'horizons',
  'label',
  'limits',
  'metrics',
  'origins',
  'products',
  'type',
];
