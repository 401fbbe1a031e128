// Every route of the API, one plugin per resource folder. The 405 handler and the OpenAPI
// document take their paths from here; nothing else lists them.
import type { FastifyPluginAsync } from 'fastify'
import health, { URLS as HEALTH_URLS } from './health/route.js'
import creatorBrands, { URL as CREATOR_BRANDS } from './creator/brands/route.js'
import creatorReports, { URL as CREATOR_REPORTS } from './creator/reports/route.js'
import creatorChanges, { URL as CREATOR_CHANGES } from './creator/changes/route.js'
import creatorPayouts, { URL as CREATOR_PAYOUTS } from './creator/payouts/route.js'
import creatorPayoutLines, { URL as CREATOR_PAYOUT_LINES } from './creator/payout-lines/route.js'
import creatorAdjustments, { URL as CREATOR_ADJUSTMENTS } from './creator/adjustments/route.js'
import sellerBrands, { URL as SELLER_BRANDS } from './seller/brands/route.js'
import sellerProducts, { URL as SELLER_PRODUCTS } from './seller/products/route.js'
import sandbox, { URL as SANDBOX, ADVANCE_URL as SANDBOX_ADVANCE } from './sandbox/route.js'
import type { KnownPath } from './plugins/errors.js'

export interface Route {
  urls: readonly (string | KnownPath)[]
  plugin: FastifyPluginAsync
}

export const ROUTES: readonly Route[] = [
  { urls: HEALTH_URLS, plugin: health },
  { urls: [CREATOR_BRANDS], plugin: creatorBrands },
  { urls: [CREATOR_REPORTS], plugin: creatorReports },
  { urls: [CREATOR_CHANGES], plugin: creatorChanges },
  { urls: [CREATOR_PAYOUTS], plugin: creatorPayouts },
  { urls: [CREATOR_PAYOUT_LINES], plugin: creatorPayoutLines },
  { urls: [CREATOR_ADJUSTMENTS], plugin: creatorAdjustments },
  { urls: [SELLER_BRANDS], plugin: sellerBrands },
  { urls: [SELLER_PRODUCTS], plugin: sellerProducts },
  { urls: [SANDBOX, { url: SANDBOX_ADVANCE, methods: ['POST'] }], plugin: sandbox },
]

/** Every path served, with its methods: the 405 answers and the OpenAPI document take them from here. */
export const KNOWN_PATHS: KnownPath[] = ROUTES.flatMap((r) =>
  r.urls.map((u) => (typeof u === 'string' ? { url: u } : u)),
)
