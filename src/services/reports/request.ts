import { type Static, Type } from 'typebox';
import { roundCoordinate } from '../../domain/coverage/rounding.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import { REPORT_LANGS, type ReportLang } from '../../domain/reports/i18n/index.ts';
import { literalUnion } from '../../domain/schemas/literal-union.ts';

/**
 * The body of POST /reports, checked by the rules of the spec. The route validates with
 * ReportBodySchema below first; this parser keeps the service correct when called from
 * anywhere else, reads the location rule (address, or lat and lon, not both) that the
 * schema cannot say, and words the refusals.
 */
export interface ReportRequest {
  address: string | null;
  /** rounded to 5 decimals; null when an address is given */
  lat: number | null;
  lon: number | null;
  radius: number;
  /** whether the caller chose the radius (else it is the default of 10 m) */
  radiusGiven: boolean;
  lang: ReportLang;
}

export const ADDRESS_MAX_LENGTH = 200;
export const RADIUS_MIN = 5;
export const RADIUS_MAX = 50;
export const RADIUS_DEFAULT = 10;

/** The body of POST /reports as JSON: the route validates and documents it with this schema. */
export const ReportBodySchema = Type.Object(
  {
    address: Type.Optional(
      Type.String({ maxLength: ADDRESS_MAX_LENGTH, description: 'alternative to lat and lon' }),
    ),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    radius: Type.Optional(Type.Number({ minimum: RADIUS_MIN, maximum: RADIUS_MAX, default: RADIUS_DEFAULT })),
    lang: Type.Optional(literalUnion(REPORT_LANGS, { default: 'en' })),
  },
  { title: 'ReportRequest', description: 'Provide either address or both lat and lon.' },
);

/** The answer to an accepted POST /reports (202). */
export const ReportAcceptedSchema = Type.Object(
  {
    job_id: Type.String({ format: 'uuid' }),
    status: Type.Literal('processing'),
    stage: Type.Literal('queued'),
    links: Type.Object({ status: Type.String() }),
  },
  { title: 'ReportAccepted' },
);
export type SubmitResult = Static<typeof ReportAcceptedSchema>;

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function parseReportRequest(body: unknown): ReportRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw apiError('validation_error', 'The body must be a JSON object.');
  }
  const input = body as Record<string, unknown>;
  const hasAddress = input.address !== undefined && input.address !== null;
  const hasLat = input.lat !== undefined && input.lat !== null;
  const hasLon = input.lon !== undefined && input.lon !== null;
  if (hasAddress && (hasLat || hasLon)) {
    throw apiError('validation_error', 'Provide either address or lat and lon, not both.');
  }
  let address: string | null = null;
  let lat: number | null = null;
  let lon: number | null = null;
  if (hasAddress) {
    if (typeof input.address !== 'string' || input.address.trim() === '') {
      throw apiError('validation_error', 'address must be a non-empty string.');
    }
    if (input.address.length > ADDRESS_MAX_LENGTH) {
      throw apiError('validation_error', `address must be at most ${ADDRESS_MAX_LENGTH} characters.`);
    }
    address = input.address.trim();
  } else if (hasLat || hasLon) {
    if (!hasLat || !hasLon) throw apiError('validation_error', 'Provide both lat and lon.');
    if (!isNumber(input.lat) || input.lat < -90 || input.lat > 90) {
      throw apiError(
        'validation_error',
        'lat must be a JSON number of degrees from -90 to 90, e.g. "lat": 50.8467 (a number, not a string).',
      );
    }
    if (!isNumber(input.lon) || input.lon < -180 || input.lon > 180) {
      throw apiError(
        'validation_error',
        'lon must be a JSON number of degrees from -180 to 180, e.g. "lon": 4.3525 (a number, not a string).',
      );
    }
    lat = roundCoordinate(input.lat);
    lon = roundCoordinate(input.lon);
  } else {
    throw apiError('validation_error', 'Provide either address or both lat and lon.');
  }
  let radius = RADIUS_DEFAULT;
  let radiusGiven = false;
  if (input.radius !== undefined && input.radius !== null) {
    if (!isNumber(input.radius) || input.radius < RADIUS_MIN || input.radius > RADIUS_MAX) {
      throw apiError(
        'validation_error',
        `radius must be a number from ${RADIUS_MIN} to ${RADIUS_MAX} metres.`,
      );
    }
    radius = input.radius;
    radiusGiven = true;
  }
  let lang: ReportLang = 'en';
  if (input.lang !== undefined && input.lang !== null) {
    if (typeof input.lang !== 'string' || !(REPORT_LANGS as readonly string[]).includes(input.lang)) {
      throw apiError('validation_error', `lang must be one of ${REPORT_LANGS.join(', ')}.`);
    }
    lang = input.lang as ReportLang;
  }
  return { address, lat, lon, radius, radiusGiven, lang };
}

/** UUID v4 as the spec writes it: lowercase hex, version digit 4 */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function assertJobId(jobId: string): void {
  if (!JOB_ID.test(jobId))
    throw apiError(
      'validation_error',
      'job_id must be a lowercase UUID v4 as returned by POST /reports, e.g. 3b241101-e2bb-4255-8caf-4136c566a962.',
    );
}
