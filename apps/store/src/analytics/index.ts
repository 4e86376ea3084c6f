/**
 * @module The analytics wing: first-party counting without cookies (the beacon, the pixel, the
 * server's own conversions), its roll-ups and the owner's dashboard reads (docs/analytics.md).
 * The other wings import this wing through this face only.
 */

export { ANALYTICS_API } from "./analytics-api-types.ts";
export { readBeaconsPerMinute } from "./analytics-config.ts";
export {
  type AnalyticsFeature,
  type ConversionPort,
  createAnalyticsFeature,
} from "./analytics-feature.ts";
export type { BeaconFastPath } from "./beacon-fast-path.ts";
export { BEACON_PATH, BOOKING_LINK_PATH, PIXEL_PATH } from "./count-routes.ts";
