import { type TLiteral, type TSchemaOptions, type TUnion, Type } from 'typebox';

type Literals<Values extends readonly string[]> = { -readonly [K in keyof Values]: TLiteral<Values[K]> };

/**
 * A union of the literal values of a vocabulary (`REPORT_LANGS`, `KEY_TYPES`), so a
 * schema reads the list where it is kept and its type stays that list's union: mapping
 * the list by hand gives TypeBox an array, whose static type it cannot narrow. Documented
 * as `anyOf` of `const`s, as a hand-written union would be.
 */
export function literalUnion<const Values extends readonly string[]>(
  values: Values,
  options?: TSchemaOptions,
): TUnion<Literals<Values>> {
  // Array.prototype.map types its result as an array, never the tuple it maps: the one
  // place the tuple's type is restated
  const literals = values.map((value) => Type.Literal(value)) as [...Literals<Values>];
  return Type.Union(literals, options);
}
