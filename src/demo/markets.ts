// Marketplaces and prices for the demo: its catalogue lists USD prices, converted per marketplace.

import { marketplaceByCode, type Marketplace } from '../domain/marketplaces.js'

/** Approximate FX from USD list prices; prices are set to whole units minus one cent (x.99). */
const USD_FX: Record<string, number> = { USD: 1, CAD: 1.36, GBP: 0.79, EUR: 0.92 }

/** The marketplace of a code the demo's own data uses; an unknown one is a bug in that data. */
export function market(code: string): Marketplace {
  const m = marketplaceByCode(code)
  if (m === undefined) throw new Error(`unknown marketplace ${code}`)
  return m
}

/** A USD list price in `currency`, in cents, ending in .99. */
export function priceCents(usd: number, currency: string): number {
  const fx = USD_FX[currency]
  if (fx === undefined) throw new Error(`no FX rate for ${currency}`)
  return Math.max(1, Math.round(usd * fx)) * 100 - 1
}
