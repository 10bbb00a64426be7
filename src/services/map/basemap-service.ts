import { cityBbox } from '../../domain/coverage/cities.ts';
import type { PackageFiles } from '../../domain/coverage/city-package/package.ts';
import type { Cities } from '../../domain/coverage/registry.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import { BASEMAP_FONTS, basemapStyle, basemapTileJson } from '../../domain/map/basemap/style.ts';
import { BASEMAP_MAXZOOM, BASEMAP_MINZOOM } from '../../domain/map/basemap/tile.ts';
import { isValidTile, type TileAddress } from '../../domain/map/mercator.ts';
import type { CacheProbe } from '../ports/telemetry-port.ts';
import { type CachedTile, cachedTileOf, TileCache } from './tile-cache.ts';

/**
 * The public basemap (docs/map.md, "Basemap"): a MapLibre style, TileJSON, vector tiles
 * cut from each city package's own OpenStreetMap-style files, and the glyphs its labels
 * need. Tiles are cut on the basemap thread, gzipped on zlib's pool and kept in a
 * byte-bounded LRU keyed by the package's revision, so a new package shows at once.
 */
export interface BasemapCity {
  id: string;
  /** changes whenever the package's files change */
  revision: string;
  files(): Promise<PackageFiles>;
}

export interface BasemapCutterPort {
  tile(city: BasemapCity, tile: TileAddress): Promise<Uint8Array | null>;
  glyphs(stack: string, start: number): Promise<Uint8Array>;
}

export interface BinaryResult {
  status: 200 | 204;
  body: Buffer | null;
  gzip: Buffer | null;
  etag: string;
}

export interface BasemapService {
  style(cityId: string): object;
  tileJson(cityId: string): object;
  tile(cityId: string, tile: TileAddress): Promise<BinaryResult>;
  glyphs(stack: string, range: string): Promise<BinaryResult>;
}

/** padding around the zone: the package's roads and land reach past its outline */
const BOUNDS_PAD_DEG = 0.01;
const FONT_STACKS: readonly string[] = Object.values(BASEMAP_FONTS);

export function createBasemapService(deps: {
  cutter: BasemapCutterPort;
  /** the live city registry: a basemap's city must still be listed */
  cities: Cities;
  /** the package a city's basemap is read from; undefined when it has none */
  packageOf(cityId: string): BasemapCity | undefined;
  publicBaseUrl?: string | undefined;
  cacheBytes?: number;
  onCache?: CacheProbe | undefined;
}): BasemapService {
  const cache = new TileCache(deps.cacheBytes ?? 64 * 1024 * 1024);
  const inFlight = new Map<string, Promise<CachedTile>>();

  function city(cityId: string) {
    const definition = deps.cities().find(cityId);
    const pkg = definition ? deps.packageOf(cityId) : undefined;
    if (!definition || !pkg)
      throw apiError('not_found', `No basemap for city '${cityId}'; GET /v1/cities lists the cities.`);
    const [w, s, e, n] = cityBbox(definition);
    return {
      definition,
      pkg,
      input: {
        cityId: definition.id,
        cityName: definition.name,
        cityAttribution: definition.attribution,
        bounds: [w - BOUNDS_PAD_DEG, s - BOUNDS_PAD_DEG, e + BOUNDS_PAD_DEG, n + BOUNDS_PAD_DEG] as [
          number,
          number,
          number,
          number,
        ],
        publicBaseUrl: deps.publicBaseUrl,
      },
    };
  }

  function cached(key: string, make: () => Promise<Uint8Array | null>): Promise<CachedTile> {
    const hit = cache.get(key);
    deps.onCache?.(hit ? 'hit' : 'miss');
    if (hit) return Promise.resolve(hit);
    const running = inFlight.get(key);
    if (running) return running;
    const work = make()
      .catch((error: unknown) => {
        throw apiError(
          'upstream_unavailable',
          `The basemap could not be drawn just now (${error instanceof Error ? error.message : 'failure'}); retry shortly.`,
        );
      })
      .then(async (bytes) => {
        const raw =
          bytes === null || bytes.length === 0
            ? null
            : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const entry = await cachedTileOf(key, raw);
        cache.set(key, entry);
        return entry;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, work);
    return work;
  }

  const result = (entry: CachedTile): BinaryResult => ({
    status: entry.raw === null ? 204 : 200,
    body: entry.raw,
    gzip: entry.gzip,
    etag: entry.etag,
  });

  return {
    style: (cityId) => basemapStyle(city(cityId).input),
    tileJson: (cityId) => basemapTileJson(city(cityId).input),
    async tile(cityId, tile) {
      const { pkg } = city(cityId);
      if (!isValidTile(tile) || tile.z < BASEMAP_MINZOOM || tile.z > BASEMAP_MAXZOOM)
        throw apiError(
          'not_found',
          `No basemap tile at ${tile.z}/${tile.x}/${tile.y}: tiles exist from zoom ${BASEMAP_MINZOOM} to ${BASEMAP_MAXZOOM} (renderers overzoom past it).`,
        );
      const key = `basemap|${pkg.id}|${pkg.revision}|${tile.z}/${tile.x}/${tile.y}`;
      return result(await cached(key, () => deps.cutter.tile(pkg, tile)));
    },
    async glyphs(stack, range) {
      const match = /^(\d{1,5})-(\d{1,5})$/.exec(range);
      const start = match ? Number(match[1]) : -1;
      if (
        !FONT_STACKS.includes(stack) ||
        !match ||
        start % 256 !== 0 ||
        Number(match[2]) !== start + 255 ||
        start > 65280
      )
        throw apiError(
          'not_found',
          `No glyphs '${stack}/${range}': font stacks are ${FONT_STACKS.join(', ')}; ranges are N-(N+255) with N a multiple of 256 up to 65280.`,
        );
      return result(await cached(`glyphs|${stack}|${start}`, () => deps.cutter.glyphs(stack, start)));
    },
  };
}
