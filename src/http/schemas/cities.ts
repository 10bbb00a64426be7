import { Type } from 'typebox';
import { CityEntrySchema } from '../../domain/coverage/city-resources.ts';
import { PRODUCTS } from '../../domain/coverage/vocabulary.ts';

/** GET /cities: its query and the index around the domain's city entries. */
export const CityIndexSchema = Type.Object(
  { generated_utc: Type.String({ format: 'date-time' }), cities: Type.Array(CityEntrySchema) },
  { title: 'CityIndex' },
);

export const CitiesQuerySchema = Type.Object(
  { product: Type.Optional(Type.Enum(PRODUCTS)) },
  { additionalProperties: false },
);
