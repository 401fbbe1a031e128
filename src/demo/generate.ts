// Deterministic demo data: a believable creator/seller affiliate platform around Amazon, as a
// typed `Dataset` (shared/DATASET-FORMAT.md) ready for the importer.
//
// Everything is drawn from one seeded PRNG (rng.ts), so a given seed + `today` always yields
// the same dataset; the steps below draw in a fixed order, which is part of that promise. The
// curated showcase (showcase.ts) comes first in every size, so that every size shows every state
// the API can express; larger sizes add accounts, brands and links drawn from the catalogue
// (catalogue.ts) around it.
//
// A row's marketplace is either its product's marketplace or another marketplace of the same
// brand that uses the same currency (pan-EU selling), so money never needs converting.

import type { Dataset } from '../dataset/types.js'
import { today as currentDay } from '../domain/dates.js'
import { reportDays } from './calendar.js'
import { SIZES, type DemoSize, type SizeConfig } from './sizes.js'
import { Rng } from './rng.js'
import { makeBrands, type BrandInfo } from './brands.js'
import { makeAccounts, type Accounts } from './accounts.js'
import { makePartnerships, type Partnerships } from './partnerships.js'
import { makeLinks, type LinkPlan } from './links.js'
import { makeReportRows } from './rows.js'

export { DEMO_PENDING_MAX_AGE, DEMO_REPORT_DAYS } from './calendar.js'
export type { DemoSize, SizeConfig } from './sizes.js'
export type { LinkPlan } from './links.js'
export { Rng } from './rng.js'

export interface DemoOptions {
  size: DemoSize
  seed?: number
  /** YYYY-MM-DD; report rows end the day before. Default: today (UTC). */
  today?: string
}

export interface DemoDataset {
  dataset: Dataset
  /** Ids of the showcase accounts (the caller issues API tokens for them). */
  accounts: { creator: string; seller: string; operator: string }
}

/** The platform without report rows: what a sandbox world is made of (src/sandbox/). */
export interface DemoWorld {
  brands: BrandInfo[]
  people: Accounts
  partnerships: Partnerships
  plans: LinkPlan[]
}

/** Brands, accounts, partnerships and links with their traffic plans, drawn from `rng` in the dataset's order. */
export function generateDemoWorld(rng: Rng, size: SizeConfig): DemoWorld {
  const brands = makeBrands(rng, size)
  const people = makeAccounts(rng, size, brands)
  const partnerships = makePartnerships(rng, size, brands, people.creators)
  const plans = makeLinks(rng, size, brands, partnerships, people.creators)
  return { brands, people, partnerships, plans }
}

export function generateDemoDataset(opts: DemoOptions): DemoDataset {
  const size = SIZES[opts.size]
  if (size === undefined) throw new RangeError(`unknown demo size ${String(opts.size)}`)
  const days = reportDays(opts.today ?? currentDay())
  const rng = new Rng(opts.seed ?? 42)

  const { brands, people, partnerships, plans } = generateDemoWorld(rng, size)
  const rows = makeReportRows(rng, days, plans)

  return {
    dataset: {
      accounts: people.accounts,
      api_tokens: [],
      brands: brands.map((b) => b.brand),
      brand_access: people.brandAccess,
      products: brands.flatMap((b) => b.products),
      partnerships: partnerships.partnerships,
      links: plans.map((p) => p.link),
      commission_terms: [],
      report_rows: rows,
    },
    accounts: {
      creator: people.creators[0] as string,
      seller: people.sellers[0] as string,
      operator: people.operators[0] as string,
    },
  }
}
