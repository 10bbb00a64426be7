export { createSvcClient, resolveLink, type SvcClient, type SvcClientOptions, unwrap } from './client.ts';
export { isSvcError, SvcApiError, type SvcErrorCode } from './errors.ts';
export { fetchTileJson, type SignedLink, splitSignedLink } from './map-links.ts';
export { absoluteTileJson, svcTransformRequest, type TileJSON } from './maplibre.ts';
export type { components, operations, paths } from './openapi.ts';
export {
  downloadReport,
  fetchReport,
  type ReportFile,
  type ReportJob,
  type ReportRequest,
  type WaitOptions,
  waitForReport,
} from './reports.ts';
