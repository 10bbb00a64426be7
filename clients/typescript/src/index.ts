export {
  type AlertDeliveries,
  type AlertEvent,
  type AlertSubscription,
  type AlertSubscriptionRequest,
  SIGNATURE_TOLERANCE_S,
  verifySignature,
} from './alerts.js';
export { createSvcClient, resolveLink, type SvcClient, type SvcClientOptions, unwrap } from './client.js';
export { isSvcError, SvcApiError, type SvcErrorCode } from './errors.js';
export { fetchTileJson, type SignedLink, splitSignedLink } from './map-links.js';
export { absoluteTileJson, svcTransformRequest, type TileJSON } from './maplibre.js';
export type { components, operations, paths } from './openapi.js';
export {
  downloadReport,
  FIRST_POLL_MS,
  fetchReport,
  nextPollDelay,
  type ReportFile,
  type ReportJob,
  type ReportRequest,
  type WaitOptions,
  waitForReport,
} from './reports.js';
