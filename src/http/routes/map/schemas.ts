import { Type } from 'typebox';

/** The signed query of the map's open routes (TileJSON and tiles): validation and docs. */
/** How a signed URL authorises, in the words of the map operations' descriptions. */
export const SIGNED_URL_RULES =
  'Fetched by map clients from the signed URLs of the map catalog: the query (`key`, `exp`, `sig`) authorises, no key header is needed and no rate window applies. Clients never construct or modify these URLs. An expired `exp` is `401 url_expired`; an unsigned URL or a failed signature is `401 unauthorized`.';

/** a parameter given twice is let through as a list, so the signature check refuses it (401), not validation (400) */
const SignedParam = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));

export const SignedQuerySchema = Type.Object({
  key: SignedParam,
  exp: SignedParam,
  sig: SignedParam,
  issued: SignedParam,
});
