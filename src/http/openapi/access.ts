/**
 * Who may call an operation, as its route declares it in `schema.security` (the OpenAPI
 * document's words). The key hook enforces the rule at run time from how the route is
 * registered (keyed or open); this says the same to a reader of the reference.
 */
type Security = readonly { readonly [scheme: string]: readonly string[] }[];

/** a key is required, as a bearer token or an X-API-Key header */
export const KEY_REQUIRED: Security = [{ bearer: [] }, { apiKey: [] }];
/** no key needed, one accepted (`authorized` on the city index) */
export const KEY_OPTIONAL: Security = [{}, { bearer: [] }, { apiKey: [] }];
/** the signed URL's query authorises: no key header */
export const SIGNED_URL: Security = [];
