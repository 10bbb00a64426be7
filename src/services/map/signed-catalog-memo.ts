import { BoundedMap } from '../../domain/collections/bounded-map.ts';
import type { CityDefinition } from '../../domain/coverage/cities.ts';
import type { CatalogBody, CatalogKey } from './catalog-body.ts';
import type { CatalogSkeleton } from './catalog-skeleton.ts';

/**
 * a body and its JSON hold ~100 kB for Brussels, so at most ~6 MB per city: the keys
 * that asked last keep theirs, and a key beyond them is signed as before
 */
const KEYS_PER_SKELETON = 64;

interface Signed {
  city: CityDefinition;
  metrics: CatalogKey['metrics'];
  horizons: CatalogKey['horizons'];
  expS: number;
  body: CatalogBody;
}

/**
 * Catalog bodies already signed, per skeleton and key. A body depends only on the city,
 * its skeleton, the key's id and scope, and the links' expiry, which is rounded to the
 * hour: every catalog a key asks for within one skeleton's minute is the same body, so
 * it is signed once (a Brussels catalog is ~150 HMACs and ~100 kB of short-lived objects)
 * and served again as long as all of those are unchanged. A new skeleton (every 60 s)
 * starts an empty memo and the old one goes with it; a key record reloaded with another
 * scope, or the next hour's expiry, signs afresh.
 */
export class SignedCatalogMemo {
  private readonly bySkeleton = new WeakMap<CatalogSkeleton, BoundedMap<string, Signed>>();

  /** the body signed for this key, city and expiry from this skeleton, if it was signed before */
  get(
    skeleton: CatalogSkeleton,
    city: CityDefinition,
    key: CatalogKey,
    expS: number,
  ): CatalogBody | undefined {
    const signed = this.bySkeleton.get(skeleton)?.use(key.id);
    if (
      signed === undefined ||
      signed.expS !== expS ||
      signed.city !== city ||
      signed.metrics !== key.metrics ||
      signed.horizons !== key.horizons
    )
      return undefined;
    return signed.body;
  }

  set(
    skeleton: CatalogSkeleton,
    city: CityDefinition,
    key: CatalogKey,
    expS: number,
    body: CatalogBody,
  ): void {
    let perKey = this.bySkeleton.get(skeleton);
    if (!perKey) {
      perKey = new BoundedMap(KEYS_PER_SKELETON);
      this.bySkeleton.set(skeleton, perKey);
    }
    perKey.set(key.id, { city, metrics: key.metrics, horizons: key.horizons, expS, body });
  }
}
