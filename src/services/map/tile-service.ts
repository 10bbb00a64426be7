import type { Cities } from '../../domain/coverage/registry.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import type { DomainId } from '../../domain/grid/model-data.ts';
import { withLiveCredits } from '../../domain/live/provenance.ts';
import { LAYERS, type TimedMapLayer } from '../../domain/map/layers.ts';
import { isValidTile, type TileAddress } from '../../domain/map/mercator.ts';
import { buildTileJson, type TileJson } from '../../domain/map/tilejson.ts';
import { type SignedQuery, scopePath } from '../../domain/map/url-signing.ts';
import type { ModelHours } from '../ports/model-hours-port.ts';
import type { ModelTiles } from '../ports/model-tiles-port.ts';
import type { CacheProbe } from '../ports/telemetry-port.ts';
import { MAX_AGE_MS as ADMISSION_MAX_AGE_MS, AdmissionMemo, splitSignature } from './admission-memo.ts';
import { type CachedTile, cachedTileOf, TileCache } from './tile-cache.ts';
import {
  type AdmittedTileRequest,
  admitTileRequest,
  type IsKeyActive,
  type TileAddressParams,
} from './tile-request.ts';
import type { TileSigner } from './tile-signer.ts';

export const MVT_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';

export interface TileResult {
  status: 200 | 204;
  body: Buffer | null;
  contentType: typeof MVT_CONTENT_TYPE;
  /** set when body is the gzip variant */
  contentEncoding?: 'gzip';
  etag: string;
}

export interface TileService {
  tileJson(params: TileAddressParams, query: SignedQuery, nowMs?: number): Promise<TileJson>;
  /** the service's clock (a TileJSON is cached no longer than its signed URL lives) */
  now(): number;
  /**
   * `requestUrl`: the path and query as requested; once admitted, the same URL is
   * answered by `cachedTile` while its tile stays cached
   */
  tile(
    params: TileAddressParams & TileAddress,
    query: SignedQuery,
    opts?: { acceptGzip?: boolean; nowMs?: number; requestUrl?: string },
  ): Promise<TileResult>;
  /**
   * A URL admitted before whose tile is still cached, answered without a promise (the
   * signature compared in constant time, the expiry, the key's activity and the model
   * version checked again); undefined sends the request through `tile`.
   */
  cachedTile(requestUrl: string, opts?: { acceptGzip?: boolean; nowMs?: number }): TileResult | undefined;
}

/**
 * Signed TileJSON and vector tiles. Tiles are cut from the model on demand, encoded
 * and gzipped once and kept in a byte-bounded LRU keyed by model version and address,
 * so a cached tile costs a lookup and a write.
 */
export function createTileService(deps: {
  model: ModelTiles & ModelHours;
  /** the live city registry: a tile's city must still be listed */
  cities: Cities;
  signer: TileSigner;
  isKeyActive: IsKeyActive;
  cacheBytes?: number;
  onCache?: CacheProbe | undefined;
  deadlineMs?: number;
  now?: () => number;
  publicBaseUrl?: string | undefined;
  /** the configured live feeds' credits: real-time and forecast layers stand on them */
  liveCredits?: (() => readonly string[]) | undefined;
}): TileService {
  const now = deps.now ?? Date.now;
  const cache = new TileCache(deps.cacheBytes ?? 256 * 1024 * 1024);
  const inFlight = new Map<string, Promise<CachedTile>>();
  const memo = new AdmissionMemo();

  async function cut(req: AdmittedTileRequest, tile: TileAddress): Promise<Buffer | null> {
    const domain = req.city.id as DomainId;
    const deadline = deps.deadlineMs === undefined ? undefined : { deadlineMs: deps.deadlineMs };
    // cut and encoded on a compute thread: the event loop only compresses and caches the bytes
    if (req.horizon === 'static') return toBuffer(await deps.model.buildingsTile(domain, tile, deadline));
    const hour =
      req.issuedMs === undefined ? { hourMs: req.stepMs! } : { hourMs: req.stepMs!, issuedMs: req.issuedMs };
    return toBuffer(await deps.model.layerTile(domain, req.layer as TimedMapLayer, hour, tile, deadline));
  }

  function load(key: string, req: AdmittedTileRequest, tile: TileAddress): Promise<CachedTile> {
    const hit = cache.get(key);
    deps.onCache?.(hit ? 'hit' : 'miss');
    if (hit) return Promise.resolve(hit);
    const running = inFlight.get(key);
    if (running) return running;
    const work = cut(req, tile)
      .then(async (raw) => {
        const entry = await cachedTileOf(key, raw);
        cache.set(key, entry);
        return entry;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, work);
    return work;
  }

  /** the whole admission, then the cache or the model; remembers the admission for the next hit */
  async function admitAndLoad(
    params: TileAddressParams & TileAddress,
    query: SignedQuery,
    nowMs: number,
    requestUrl: string | undefined,
  ): Promise<CachedTile> {
    const address = { z: params.z, x: params.x, y: params.y };
    const req = await admitTileRequest(deps, params, query, nowMs);
    const descriptor = LAYERS[req.layer as keyof typeof LAYERS];
    if (!isValidTile(address) || address.z < descriptor.minzoom || address.z > descriptor.maxzoom) {
      throw apiError('not_found', 'No tile at this zoom or position.');
    }
    // the live inputs' version too: a layer's hour follows new feed data (docs/live-data.md)
    const modelVersion = `${deps.model.version}~${deps.model.inputsVersion ?? ''}`;
    const cacheKey = [
      modelVersion,
      scopePath({ city: req.city.id, layer: req.layer, horizon: req.horizon, stepMs: req.stepMs }),
      req.issuedMs ?? '-',
      `${address.z}/${address.x}/${address.y}`,
    ].join('|');
    const entry = await load(cacheKey, req, address);
    const split = requestUrl === undefined ? null : splitSignature(requestUrl);
    // remembered only when the URL's one signature is the one that verified
    if (split !== null && split.signature === query.sig) {
      memo.remember(split.lookup, {
        keyId: req.keyId,
        cacheKey,
        modelVersion,
        validUntilMs: Math.min(Number(query.exp) * 1000, nowMs + ADMISSION_MAX_AGE_MS),
        signature: split.signature,
      });
    }
    return entry;
  }

  return {
    now,
    async tileJson(params, query, nowMs = now()) {
      const req = await admitTileRequest(deps, params, query, nowMs);
      const grid = deps.model.domain(req.city.id as DomainId).grid;
      const path = scopePath({
        city: req.city.id,
        layer: req.layer,
        horizon: req.horizon,
        stepMs: req.stepMs,
      });
      return buildTileJson({
        layer: LAYERS[req.layer as keyof typeof LAYERS],
        cityName: req.city.name,
        attribution: withLiveCredits(
          req.city.attribution,
          req.horizon === 'static' ? [] : (deps.liveCredits?.() ?? []),
        ),
        tilesPath: path,
        // the signature covers the whole prefix, so the tiles reuse this request's own
        signedQuery: signedQueryString(query),
        publicBaseUrl: deps.publicBaseUrl,
        bounds: [
          grid.west,
          grid.north - grid.rows * grid.dLat,
          grid.west + grid.cols * grid.dLon,
          grid.north,
        ],
        stepMs: req.stepMs,
      });
    },

    cachedTile(requestUrl, opts = {}) {
      const split = splitSignature(requestUrl);
      if (split === null) return undefined;
      const admitted = memo.find(split.lookup, split.signature, opts.nowMs ?? now());
      if (
        admitted === undefined ||
        admitted.modelVersion !== `${deps.model.version}~${deps.model.inputsVersion ?? ''}`
      )
        return undefined;
      // a key revoked since, or whose activity is not at hand, goes through the whole
      // admission, which asks again and answers what it finds (a 403, or a 503 while the
      // key store is away); this look-up's own answer is not waited for, so a failure of
      // it must not surface as an unhandled rejection
      const active = deps.isKeyActive(admitted.keyId);
      if (active !== true) {
        if (active !== false) active.catch(() => {});
        return undefined;
      }
      const hit = cache.get(admitted.cacheKey);
      if (hit === undefined) return undefined;
      deps.onCache?.('hit');
      return tileResult(hit, opts.acceptGzip);
    },

    async tile(params, query, opts = {}) {
      const nowMs = opts.nowMs ?? now();
      const entry = await admitAndLoad(params, query, nowMs, opts.requestUrl);
      return tileResult(entry, opts.acceptGzip);
    },
  };
}

function tileResult(entry: CachedTile, acceptGzip: boolean | undefined): TileResult {
  if (entry.raw === null || entry.gzip === null)
    return { status: 204, body: null, contentType: MVT_CONTENT_TYPE, etag: entry.etag };
  if (acceptGzip) {
    return {
      status: 200,
      body: entry.gzip,
      contentType: MVT_CONTENT_TYPE,
      contentEncoding: 'gzip',
      etag: entry.etag,
    };
  }
  return { status: 200, body: entry.raw, contentType: MVT_CONTENT_TYPE, etag: entry.etag };
}

function toBuffer(bytes: Uint8Array | null): Buffer | null {
  return bytes === null ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function signedQueryString(query: SignedQuery): string {
  // called once the query verified, so every value is one string
  const parts = [`key=${encodeURIComponent(String(query.key ?? ''))}`, `exp=${query.exp}`];
  if (query.issued !== undefined) parts.push(`issued=${query.issued}`);
  parts.push(`sig=${query.sig}`);
  return parts.join('&');
}
