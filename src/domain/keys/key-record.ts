import { type Static, Type } from 'typebox';
import type { Product } from '../coverage/cities.ts';
import { literalUnion } from '../schemas/literal-union.ts';

const KEY_TYPES = ['sk', 'pk'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/** A key as the service knows it (never the secret: only its hash is stored). */
export interface KeyRecord {
  id: string;
  displayPrefix: string;
  label: string;
  type: KeyType;
  cities: string[];
  products: string[];
  metrics: string[];
  horizons: string[];
  origins: string[];
  ratePerMin: number;
  reportsPerDay: number;
  createdMs: number;
  expiresMs: number | null;
  revokedMs: number | null;
}

const StringList = Type.Array(Type.String());

/** The key-information resource of the spec (GET /key, `keys create`), written once as a schema. */
export const KeyInformationSchema = Type.Object(
  {
    label: Type.String(),
    type: literalUnion(KEY_TYPES),
    cities: StringList,
    products: StringList,
    metrics: StringList,
    horizons: StringList,
    limits: Type.Object({ rate_per_min: Type.Integer(), reports_per_day: Type.Integer() }),
    origins: StringList,
    created: Type.String({ format: 'date' }),
    expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'KeyInformation' },
);
export type KeyInformation = Static<typeof KeyInformationSchema>;

export function keyInformation(key: KeyRecord): KeyInformation {
  return {
    label: key.label,
    type: key.type,
    cities: key.cities,
    products: key.products,
    metrics: key.metrics,
    horizons: key.horizons,
    limits: { rate_per_min: key.ratePerMin, reports_per_day: key.reportsPerDay },
    origins: key.origins,
    created: new Date(key.createdMs).toISOString().slice(0, 10),
    expires_at: key.expiresMs === null ? null : new Date(key.expiresMs).toISOString(),
  };
}

/** Whether a scope list admits a value: `*` admits every value, current and future. */
export function scopeAllows(scope: readonly string[], value: string): boolean {
  return scope.includes('*') || scope.includes(value);
}

/** The values of `offered` that a scope admits, in `offered` order. */
export function scopeIntersect<T extends string>(scope: readonly string[], offered: readonly T[]): T[] {
  return offered.filter((value) => scopeAllows(scope, value));
}

export function keyHasProduct(key: KeyRecord, product: Product): boolean {
  return scopeAllows(key.products, product);
}
