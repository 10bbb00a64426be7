import type { CityDefinition } from '../../domain/coverage/cities.ts';
import type { Cities } from '../../domain/coverage/registry.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import { isStaticLayer, isTimedLayer } from '../../domain/map/layers.ts';
import type { SignedQuery, TileHorizon } from '../../domain/map/url-signing.ts';
import type { ModelHours } from '../ports/model-hours-port.ts';
import type { TileSigner } from './tile-signer.ts';

/**
 * Admission of a signed tile or TileJSON request, in the order that reveals least:
 * the signature first (401 unauthorized / url_expired), then the key behind it
 * (403 when revoked), then whether the address names data (404).
 */
export interface TileAddressParams {
  city: string;
  layer: string;
  horizon: TileHorizon;
  /** the `{timestamp}` path segment; absent on static layers */
  timestamp?: string;
}

export interface AdmittedTileRequest {
  city: CityDefinition;
  layer: string;
  horizon: TileHorizon;
  stepMs: number | null;
  issuedMs: number | undefined;
  keyId: string;
}

const HOUR = 3_600_000;
/** how far back an observed hour stays addressable: longer than any URL lives */
const REALTIME_LOOKBACK_MS = 72 * HOUR;

/**
 * whether a key may still use its signed URLs (a revoked key's URLs stop working);
 * synchronous when the answer is at hand, so a hot tile takes no promise turn
 */
export type IsKeyActive = (keyId: string) => boolean | Promise<boolean>;

export async function admitTileRequest(
  deps: { signer: TileSigner; isKeyActive: IsKeyActive; model: ModelHours; cities: Cities },
  params: TileAddressParams,
  query: SignedQuery,
  nowMs: number,
): Promise<AdmittedTileRequest> {
  const stepMs = params.timestamp === undefined ? null : parseStep(params.timestamp);
  const verdict = deps.signer.verify(
    // an unparseable step can carry no genuine signature: NaN never matches a signed one
    {
      city: params.city,
      layer: params.layer,
      horizon: params.horizon,
      stepMs: stepMs ?? (params.timestamp === undefined ? null : Number.NaN),
    },
    query,
    nowMs,
  );
  if (!verdict.ok) {
    if (verdict.reason === 'expired')
      throw apiError('url_expired', 'This signed URL has expired; fetch the map catalog again.');
    throw apiError(
      'unauthorized',
      verdict.reason === 'unsigned' ? 'This URL is not signed.' : 'The signature of this URL is not valid.',
    );
  }
  if (!(await deps.isKeyActive(verdict.keyId)))
    throw apiError('forbidden', 'The API key behind this URL has been deactivated.');

  const city = deps.cities().find(params.city);
  const notFound = () => apiError('not_found', 'No tiles at this address.');
  if (!city?.map?.layers.includes(params.layer as never)) throw notFound();
  if (params.horizon === 'static') {
    if (!isStaticLayer(params.layer)) throw notFound();
    return {
      city,
      layer: params.layer,
      horizon: 'static',
      stepMs: null,
      issuedMs: undefined,
      keyId: verdict.keyId,
    };
  }
  if (!isTimedLayer(params.layer) || stepMs === null || stepMs % HOUR !== 0) throw notFound();
  const latest = deps.model.latestObservedHour(nowMs);
  if (params.horizon === 'realtime') {
    if (!city.products.realtime || stepMs > latest || stepMs < latest - REALTIME_LOOKBACK_MS)
      throw notFound();
    return {
      city,
      layer: params.layer,
      horizon: 'realtime',
      stepMs,
      issuedMs: undefined,
      keyId: verdict.keyId,
    };
  }
  const issuedMs = verdict.issuedMs!;
  if (
    !city.products.forecast ||
    issuedMs % HOUR !== 0 ||
    issuedMs > latest ||
    issuedMs < latest - REALTIME_LOOKBACK_MS
  ) {
    throw notFound();
  }
  if (!deps.model.forecastSteps(issuedMs, city.map.forecast_hours).includes(stepMs)) throw notFound();
  return { city, layer: params.layer, horizon: 'forecast', stepMs, issuedMs, keyId: verdict.keyId };
}

function parseStep(segment: string): number | null {
  if (!/^\d{1,15}$/.test(segment)) return null;
  return Number(segment);
}
