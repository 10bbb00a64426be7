import { Type } from 'typebox';

/**
 * Query strings of the data endpoints. Numbers arrive as strings and are matched against
 * a strict decimal pattern before anything else, so NaN, Infinity, hex, exponents and
 * empty strings are 400s; a repeated parameter arrives as an array and fails the type.
 */
export const DECIMAL_PATTERN = '^[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)$';

const Decimal = (description: string) =>
  Type.String({ pattern: DECIMAL_PATTERN, maxLength: 40, description });

const LocationQuery = {
  address: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'address; alternative to lat and lon' }),
  ),
  lat: Type.Optional(Decimal('WGS 84 latitude, decimal degrees; rounded to 5 decimals')),
  lon: Type.Optional(Decimal('WGS 84 longitude, decimal degrees; rounded to 5 decimals')),
  radius: Type.Optional(Decimal('metres, 5 to 50')),
};

/** The rules of the location query, in the words of the operations' descriptions. */
export const LOCATION_RULES =
  'Give either `address` or both `lat` and `lon` (WGS 84 decimal degrees written with a point, e.g. `lat=50.8467&lon=4.3525`); both at once, or a malformed value, is `400 validation_error`. Coordinates are rounded to 5 decimals.';

export const HistoricalQuerySchema = Type.Object(
  {
    ...LocationQuery,
    metrics: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description: 'comma-separated: air, wind, thermal (1 to 3, any order)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const RecordsQuerySchema = Type.Object(LocationQuery, { additionalProperties: false });
