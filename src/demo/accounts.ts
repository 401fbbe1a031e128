// Creators, sellers and operators, and which brands the sellers and operators may see.

import type { AccountIn, BrandAccessIn } from '../dataset/types.js'
import type { Role } from '../domain/roles.js'
import { BRAND_PREFIXES, FIRST_NAMES, LAST_NAMES, OPERATOR_NAMES, SELLER_SUFFIXES } from './catalogue.js'
import { CURATED_CREATORS, CURATED_OPERATOR, CURATED_SELLERS, type CuratedBrandKey } from './showcase.js'
import { curatedBrand, generatedBrands, type BrandInfo } from './brands.js'
import type { SizeConfig } from './sizes.js'
import type { Rng } from './rng.js'
import { slug, uniqueKey } from './keys.js'

export interface Accounts {
  accounts: AccountIn[]
  brandAccess: BrandAccessIn[]
  /** Ids by role, the showcase account first. */
  creators: string[]
  sellers: string[]
  operators: string[]
}

/** Collects accounts with unique ids and brand access without duplicates. */
class AccountBook {
  readonly accounts: AccountIn[] = []
  readonly brandAccess: BrandAccessIn[] = []
  private readonly usedKeys = new Set<string>()
  private readonly granted = new Set<string>()

  add(role: Role, key: string, name: string): string {
    const prefix = { creator: 'cr', seller: 'sl', operator: 'op' }[role]
    const id = `${prefix}_${uniqueKey(key, this.usedKeys)}`
    this.accounts.push({ id, role, name })
    return id
  }

  grant(accountId: string, brand: BrandInfo | undefined): void {
    if (brand === undefined) return
    const k = `${accountId}\u0000${brand.brand.id}`
    if (this.granted.has(k)) return
    this.granted.add(k)
    this.brandAccess.push({ account_id: accountId, brand_id: brand.brand.id })
  }

  grantCurated(accountId: string, brands: readonly BrandInfo[], keys: readonly CuratedBrandKey[]): void {
    for (const key of keys) this.grant(accountId, curatedBrand(brands, key))
  }
}

export function makeAccounts(rng: Rng, size: SizeConfig, brands: readonly BrandInfo[]): Accounts {
  const book = new AccountBook()
  const creators = makeCreators(rng, size.creators, book)
  const sellers = makeSellers(rng, size.sellers, brands, book)
  const operators = makeOperators(rng, size.operators, brands, book)
  return { accounts: book.accounts, brandAccess: book.brandAccess, creators, sellers, operators }
}

function makeCreators(rng: Rng, count: number, book: AccountBook): string[] {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const name = CURATED_CREATORS[i] ?? `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`
    ids.push(book.add('creator', slug(name, '_'), name))
  }
  return ids
}

/** The curated sellers own their brands; generated sellers own the generated brands round-robin. */
function makeSellers(rng: Rng, count: number, brands: readonly BrandInfo[], book: AccountBook): string[] {
  const generated = generatedBrands(brands)
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const curated = CURATED_SELLERS[i]
    if (curated !== undefined) {
      const id = book.add('seller', curated.key, curated.name)
      book.grantCurated(id, brands, curated.brands)
      ids.push(id)
      continue
    }
    // Named after the first brand it owns: "Alder Holdings".
    const firstBrand = generated[i - CURATED_SELLERS.length]?.brand.name ?? `${rng.pick(BRAND_PREFIXES)} Goods`
    const name = `${firstBrand.split(' ')[0] as string} ${rng.pick(SELLER_SUFFIXES)}`
    ids.push(book.add('seller', slug(name.replace(/ (LLC|Ltd|Co\.)$/, ''), '_'), name))
  }
  const owners = ids.slice(CURATED_SELLERS.length)
  generated.forEach((brand, i) => {
    const owner = owners[i % Math.max(1, owners.length)]
    if (owner !== undefined) book.grant(owner, brand)
  })
  return ids
}

/** The curated operator manages its brands and some generated ones; others a random share of all. */
function makeOperators(rng: Rng, count: number, brands: readonly BrandInfo[], book: AccountBook): string[] {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    if (i === 0) {
      const id = book.add('operator', CURATED_OPERATOR.key, CURATED_OPERATOR.name)
      book.grantCurated(id, brands, CURATED_OPERATOR.brands)
      for (const brand of generatedBrands(brands)) if (rng.chance(0.4)) book.grant(id, brand)
      ids.push(id)
      continue
    }
    const name = OPERATOR_NAMES[(i - 1) % OPERATOR_NAMES.length] as string
    const id = book.add('operator', slug(name, '_'), name)
    const share = rng.range(0.15, 0.3)
    for (const brand of brands) if (rng.chance(share)) book.grant(id, brand)
    ids.push(id)
  }
  return ids
}
