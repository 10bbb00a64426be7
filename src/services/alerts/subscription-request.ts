import { type Static, Type } from 'typebox';
import {
  type AlertCondition,
  alertFields,
  CONDITION_OPS,
  type ConditionOp,
} from '../../domain/alerts/conditions.ts';
import { parseWebhookUrl, WEBHOOK_URL_MAX_LENGTH } from '../../domain/alerts/webhook-url.ts';
import { roundCoordinate } from '../../domain/coverage/rounding.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import { DEFAULT_METRICS } from '../../domain/metrics/registry.ts';
import { REPORT_LANGS, type ReportLang } from '../../domain/reports/i18n/index.ts';
import { literalUnion } from '../../domain/schemas/literal-union.ts';
import { ADDRESS_MAX_LENGTH, RADIUS_DEFAULT, RADIUS_MAX, RADIUS_MIN } from '../reports/request.ts';

/** at most this many conditions per subscription */
export const CONDITIONS_MAX = 10;

const FIELDS = alertFields(DEFAULT_METRICS);
const FIELD_NAMES = FIELDS.map((f) => f.field.name);
const METRIC_IDS = [...new Set(FIELDS.map((f) => f.metric))];
const EXAMPLE_CONDITION = {
  metric: FIELDS[0]?.metric,
  field: FIELDS[0]?.field.name,
  op: 'gte',
  value: FIELDS[0]?.field.max,
};

export const ConditionSchema = Type.Object(
  {
    metric: Type.String({ description: `one of the city's metrics the key holds: ${METRIC_IDS.join(', ')}` }),
    field: Type.String({ description: `the metric's field: ${FIELD_NAMES.join(', ')}` }),
    op: literalUnion(CONDITION_OPS, { description: '`gte`: at or above `value`; `lte`: at or below' }),
    value: Type.Number(),
  },
  { additionalProperties: false, title: 'AlertCondition' },
);

/** The body of POST /alerts, as documented; the parser below words each refusal. */
export const SubscriptionBodySchema = Type.Object(
  {
    address: Type.Optional(
      Type.String({ maxLength: ADDRESS_MAX_LENGTH, description: 'alternative to lat and lon' }),
    ),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    radius: Type.Optional(Type.Number({ minimum: RADIUS_MIN, maximum: RADIUS_MAX, default: RADIUS_DEFAULT })),
    url: Type.String({
      maxLength: WEBHOOK_URL_MAX_LENGTH,
      format: 'uri',
      description: 'where the events are POSTed (https; a public address)',
    }),
    conditions: Type.Optional(Type.Array(ConditionSchema, { maxItems: CONDITIONS_MAX })),
    daily_outlook: Type.Optional(
      Type.Object(
        {
          hour_local: Type.Integer({
            minimum: 0,
            maximum: 23,
            description: "the hour, in the city's time zone",
          }),
        },
        { additionalProperties: false },
      ),
    ),
    lang: Type.Optional(literalUnion(REPORT_LANGS, { default: 'en' })),
  },
  {
    additionalProperties: false,
    title: 'AlertSubscriptionRequest',
    description: 'Either address or both lat and lon; at least one condition or a daily_outlook.',
  },
);
export type SubscriptionBody = Static<typeof SubscriptionBodySchema>;

export interface SubscriptionRequest {
  address: string | null;
  lat: number | null;
  lon: number | null;
  radius: number;
  url: URL;
  conditions: AlertCondition[];
  outlookHour: number | null;
  lang: ReportLang;
}

const KNOWN = ['address', 'lat', 'lon', 'radius', 'url', 'conditions', 'daily_outlook', 'lang'];
const CONDITION_KEYS = ['metric', 'field', 'op', 'value'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function refuseUnknown(input: Record<string, unknown>, known: readonly string[], where: string): void {
  const unknown = Object.keys(input).filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw apiError(
      'validation_error',
      `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')} in ${where}; the fields are ${known.join(', ')}.`,
    );
}

function parseCondition(raw: unknown, index: number): AlertCondition {
  const where = `conditions[${index}]`;
  if (!isObject(raw))
    throw apiError(
      'validation_error',
      `${where} must be an object {metric, field, op, value}, e.g. ${JSON.stringify(EXAMPLE_CONDITION)}.`,
    );
  refuseUnknown(raw, CONDITION_KEYS, where);
  const { metric, field, op, value } = raw;
  if (typeof metric !== 'string' || !METRIC_IDS.includes(metric))
    throw apiError('validation_error', `${where}.metric must be one of ${METRIC_IDS.join(', ')}.`);
  const ofMetric = FIELDS.filter((f) => f.metric === metric);
  const found = ofMetric.find((f) => f.field.name === field);
  if (found === undefined) {
    const elsewhere = FIELDS.find((f) => f.field.name === field);
    throw apiError(
      'validation_error',
      elsewhere
        ? `${where}.field '${String(field)}' belongs to the metric '${elsewhere.metric}', not '${metric}'.`
        : `${where}.field must be one of ${ofMetric.map((f) => f.field.name).join(', ')} for the metric '${metric}'.`,
    );
  }
  if (typeof op !== 'string' || !(CONDITION_OPS as readonly string[]).includes(op))
    throw apiError('validation_error', `${where}.op must be 'gte' (at or above) or 'lte' (at or below).`);
  const { min, max, unit } = found.field;
  if (!isNumber(value) || value < min || value > max)
    throw apiError(
      'validation_error',
      `${where}.value must be a number from ${min} to ${max} (${unit}) for ${found.field.name}.`,
    );
  return { metric, field: found.field.name, op: op as ConditionOp, value };
}

function parseLocation(input: Record<string, unknown>): Pick<SubscriptionRequest, 'address' | 'lat' | 'lon'> {
  const has = (name: string) => input[name] !== undefined && input[name] !== null;
  if (has('address') && (has('lat') || has('lon')))
    throw apiError('validation_error', 'Provide either address or lat and lon, not both.');
  if (has('address')) {
    if (typeof input.address !== 'string' || input.address.trim() === '')
      throw apiError('validation_error', 'address must be a non-empty string.');
    if (input.address.length > ADDRESS_MAX_LENGTH)
      throw apiError('validation_error', `address must be at most ${ADDRESS_MAX_LENGTH} characters.`);
    return { address: input.address.trim(), lat: null, lon: null };
  }
  if (!has('lat') || !has('lon'))
    throw apiError('validation_error', 'Provide either address or both lat and lon.');
  if (!isNumber(input.lat) || input.lat < -90 || input.lat > 90)
    throw apiError(
      'validation_error',
      'lat must be a JSON number of degrees from -90 to 90, e.g. "lat": 50.8467.',
    );
  if (!isNumber(input.lon) || input.lon < -180 || input.lon > 180)
    throw apiError(
      'validation_error',
      'lon must be a JSON number of degrees from -180 to 180, e.g. "lon": 4.3525.',
    );
  return { address: null, lat: roundCoordinate(input.lat), lon: roundCoordinate(input.lon) };
}

/** The body of POST /alerts, checked field by field; each refusal says how to fix it. */
export function parseSubscriptionRequest(body: unknown, allowPrivate: boolean): SubscriptionRequest {
  if (!isObject(body)) throw apiError('validation_error', 'The body must be a JSON object.');
  refuseUnknown(body, KNOWN, 'the body');
  const location = parseLocation(body);
  let radius = RADIUS_DEFAULT;
  if (body.radius !== undefined && body.radius !== null) {
    if (!isNumber(body.radius) || body.radius < RADIUS_MIN || body.radius > RADIUS_MAX)
      throw apiError(
        'validation_error',
        `radius must be a number from ${RADIUS_MIN} to ${RADIUS_MAX} metres.`,
      );
    radius = body.radius;
  }
  if (typeof body.url !== 'string')
    throw apiError('validation_error', 'url is required: the https URL the events are POSTed to.');
  const url = parseWebhookUrl(body.url, allowPrivate);
  let conditions: AlertCondition[] = [];
  if (body.conditions !== undefined && body.conditions !== null) {
    if (!Array.isArray(body.conditions))
      throw apiError('validation_error', 'conditions must be a list of {metric, field, op, value}.');
    if (body.conditions.length > CONDITIONS_MAX)
      throw apiError('validation_error', `conditions may hold at most ${CONDITIONS_MAX} conditions.`);
    conditions = body.conditions.map(parseCondition);
  }
  let outlookHour: number | null = null;
  if (body.daily_outlook !== undefined && body.daily_outlook !== null) {
    if (!isObject(body.daily_outlook))
      throw apiError(
        'validation_error',
        'daily_outlook must be an object {hour_local}, e.g. {"hour_local": 7}.',
      );
    refuseUnknown(body.daily_outlook, ['hour_local'], 'daily_outlook');
    const hour = body.daily_outlook.hour_local;
    if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour > 23)
      throw apiError(
        'validation_error',
        "daily_outlook.hour_local must be a whole hour from 0 to 23, in the city's time zone.",
      );
    outlookHour = hour;
  }
  if (conditions.length === 0 && outlookHour === null)
    throw apiError('validation_error', 'Give at least one condition, or a daily_outlook, to be told about.');
  let lang: ReportLang = 'en';
  if (body.lang !== undefined && body.lang !== null) {
    if (typeof body.lang !== 'string' || !(REPORT_LANGS as readonly string[]).includes(body.lang))
      throw apiError('validation_error', `lang must be one of ${REPORT_LANGS.join(', ')}.`);
    lang = body.lang as ReportLang;
  }
  return { ...location, radius, url, conditions, outlookHour, lang };
}
