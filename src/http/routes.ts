// Every route of the API, one plugin per resource folder. The 405 handler and the OpenAPI
// document take their paths from here; nothing else lists them.
import type { FastifyPluginAsync } from 'fastify'
import health, { URLS as HEALTH_URLS } from './health/route.js'
import creatorBrands, { URL as CREATOR_BRANDS } from './creator/brands/route.js'
import creatorReports, { URL as CREATOR_REPORTS } from './creator/reports/route.js'
import creatorSummary, { URL as CREATOR_SUMMARY } from './creator/report-summary/route.js'
import creatorFreshness, { URL as CREATOR_FRESHNESS } from './creator/report-freshness/route.js'
import creatorLinks, { URL as CREATOR_LINKS } from './creator/links/route.js'
import creatorProducts, { URL as CREATOR_PRODUCTS } from './creator/products/route.js'
import creatorChanges, { URL as CREATOR_CHANGES } from './creator/changes/route.js'
import creatorPayouts, { URL as CREATOR_PAYOUTS } from './creator/payouts/route.js'
import creatorPayoutLines, { URL as CREATOR_PAYOUT_LINES } from './creator/payout-lines/route.js'
import creatorAdjustments, { URL as CREATOR_ADJUSTMENTS } from './creator/adjustments/route.js'
import sellerBrands, { URL as SELLER_BRANDS } from './seller/brands/route.js'
import sellerProducts, { URL as SELLER_PRODUCTS } from './seller/products/route.js'
import sellerReports, { URL as SELLER_REPORTS } from './seller/reports/route.js'
import sellerSummary, { URL as SELLER_SUMMARY } from './seller/report-summary/route.js'
import me, { URL as ME } from './me/route.js'
import webhookEndpoints, { PATHS as WEBHOOK_ENDPOINTS } from './creator/webhook-endpoints/route.js'
import sandbox, { URL as SANDBOX, ADVANCE_URL as SANDBOX_ADVANCE } from './sandbox/route.js'
import type { ServedPath } from './plugins/errors.js'

export interface Route {
  /** Its paths, each answering GET only unless it says which methods. */
  urls: readonly (string | ServedPath)[]
  plugin: FastifyPluginAsync
}

/** Every path of the API with the methods it answers. */
export const servedPaths = (): ServedPath[] =>
  ROUTES.flatMap((r) => r.urls.map((u) => (typeof u === 'string' ? { url: u, methods: ['GET'] } : u)))

export const ROUTES: readonly Route[] = [
  { urls: HEALTH_URLS, plugin: health },
  { urls: [CREATOR_BRANDS], plugin: creatorBrands },
  { urls: [CREATOR_REPORTS], plugin: creatorReports },
  { urls: [CREATOR_SUMMARY], plugin: creatorSummary },
  { urls: [CREATOR_FRESHNESS], plugin: creatorFreshness },
  { urls: [CREATOR_CHANGES], plugin: creatorChanges },
  { urls: [CREATOR_LINKS], plugin: creatorLinks },
  { urls: [CREATOR_PRODUCTS], plugin: creatorProducts },
  { urls: [CREATOR_PAYOUTS], plugin: creatorPayouts },
  { urls: [CREATOR_PAYOUT_LINES], plugin: creatorPayoutLines },
  { urls: [CREATOR_ADJUSTMENTS], plugin: creatorAdjustments },
  { urls: [SELLER_BRANDS], plugin: sellerBrands },
  { urls: [SELLER_PRODUCTS], plugin: sellerProducts },
  { urls: [SELLER_REPORTS], plugin: sellerReports },
  { urls: [SELLER_SUMMARY], plugin: sellerSummary },
  { urls: [ME], plugin: me },
  { urls: WEBHOOK_ENDPOINTS, plugin: webhookEndpoints },
  { urls: [SANDBOX, { url: SANDBOX_ADVANCE, methods: ['POST'] }], plugin: sandbox },
]
