// Partnerships between creators and brands: the showcase creator's in every state, and for
// everyone else at least one approved partnership with an active brand (so they have links).

import type { PartnershipIn } from '../dataset/types.js'
import type { PartnershipStatus } from '../domain/statuses.js'
import { CURATED_BRANDS, SHOWCASE_PARTNERSHIPS } from './showcase.js'
import { curatedBrand, type BrandInfo } from './brands.js'
import type { SizeConfig } from './sizes.js'
import type { Rng } from './rng.js'

export interface Partnerships {
  partnerships: PartnershipIn[]
  /** Each creator's partnerships by brand, in the order they were made. */
  byCreator: Map<string, Map<BrandInfo, PartnershipStatus>>
}

export function makePartnerships(
  rng: Rng,
  size: SizeConfig,
  brands: readonly BrandInfo[],
  creators: readonly string[],
): Partnerships {
  const made: Partnerships = { partnerships: [], byCreator: new Map() }
  const partner = (creatorId: string, brand: BrandInfo | undefined, status: PartnershipStatus): void => {
    if (brand === undefined) return
    let mine = made.byCreator.get(creatorId)
    if (mine === undefined) made.byCreator.set(creatorId, (mine = new Map()))
    if (mine.has(brand)) return // the first partnership with a brand stands
    mine.set(brand, status)
    made.partnerships.push({ creator_id: creatorId, brand_id: brand.brand.id, status })
  }
  const randomStatus = (): PartnershipStatus =>
    rng.weighted<PartnershipStatus>(['approved', 'pending', 'rejected', 'suspended'], [62, 20, 10, 8])

  const [showcase, ...others] = creators
  if (showcase !== undefined) {
    for (const [key, status] of SHOWCASE_PARTNERSHIPS) partner(showcase, curatedBrand(brands, key), status)
    for (let i = 0; i < size.showcaseExtraPartnerships; i++) {
      partner(showcase, brands[rng.int(CURATED_BRANDS.length, brands.length - 1)], randomStatus())
    }
  }
  const live = brands.filter((b) => b.spec.status === 'active')
  for (const creatorId of others) {
    partner(creatorId, rng.pick(live), 'approved')
    const extra = rng.int(1, 5)
    for (let i = 0; i < extra; i++) partner(creatorId, brands[rng.int(0, brands.length - 1)], randomStatus())
  }
  return made
}
