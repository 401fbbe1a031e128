// The references between a dataset's items, checked before anything is written: each must
// resolve within the file or the database, to an account of the right role.
import type { Queryable } from '../db/index.js'
import { aRole, ROLES, type Role } from '../domain/roles.js'
import { DatasetError } from './parse.js'
import type { Dataset } from './types.js'

/** Adds to `known` what the database has of the `ids` it lacks: `column` by id. */
async function lookUp<V>(tx: Queryable, table: string, column: string, known: Map<string, V>, ids: (string | null)[]) {
  const missing = [...new Set(ids)].filter((id): id is string => id !== null && !known.has(id))
  if (missing.length === 0) return
  const sql = `select id, ${column} as v from ${table} where id = any($1::text[])`
  for (const r of await tx.query<{ id: string; v: V }>(sql, [missing])) known.set(r.id, r.v)
}

/** Refuses the file whole when a reference resolves neither in the file nor in the database. */
export async function checkReferences(tx: Queryable, ds: Dataset): Promise<void> {
  const roles = new Map<string, Role>(ds.accounts.map((a) => [a.id, a.role]))
  const brands = new Map(ds.brands.map((b) => [b.id, true]))
  const products = new Map(ds.products.map((p) => [p.id, p.brand_id])) // product → its brand
  const links = new Map(ds.links.map((l) => [l.id, l.brand_id])) // link → its brand
  await lookUp(tx, 'accounts', 'role', roles, [
    ...[...ds.api_tokens, ...ds.brand_access].map((x) => x.account_id),
    ...[...ds.partnerships, ...ds.links, ...ds.commission_terms].map((x) => x.creator_id),
  ])
  const brandIds = [...ds.brand_access, ...ds.products, ...ds.partnerships, ...ds.links].map((x) => x.brand_id)
  const productIds = [...ds.links, ...ds.commission_terms, ...ds.report_rows].map((x) => x.product_id)
  await lookUp(tx, 'brands', 'true', brands, brandIds)
  await lookUp(tx, 'products', 'brand_id', products, productIds)
  const linkIds = ds.report_rows.map((r) => r.link_id)
  await lookUp(tx, 'links', 'brand_id', links, linkIds)

  const issues: string[] = []
  const account = (path: string, id: string, allowed: readonly Role[]) => {
    const role = roles.get(id)
    if (!role) issues.push(`${path}: unknown account "${id}"`)
    else if (!allowed.includes(role)) {
      issues.push(`${path}: account "${id}" is ${aRole(role)}; it must be ${aRole(allowed.join(' or '))}`)
    }
  }
  const brand = (path: string, id: string) => {
    if (!brands.has(id)) issues.push(`${path}: unknown brand "${id}"`)
  }
  /** A product that must exist and, when its link's brand is known, belong to it. */
  const product = (path: string, id: string, linkBrand: string | undefined) => {
    const owner = products.get(id)
    if (owner === undefined) issues.push(`${path}: unknown product "${id}"`)
    else if (linkBrand !== undefined && owner !== linkBrand) {
      issues.push(`${path}: product "${id}" belongs to brand "${owner}", not to the link's brand "${linkBrand}"`)
    }
  }
  ds.api_tokens.forEach((t, i) => account(`api_tokens[${i}].account_id`, t.account_id, ROLES))
  ds.brand_access.forEach((a, i) => {
    account(`brand_access[${i}].account_id`, a.account_id, ['seller', 'operator'])
    brand(`brand_access[${i}].brand_id`, a.brand_id)
  })
  ds.products.forEach((p, i) => brand(`products[${i}].brand_id`, p.brand_id))
  ds.partnerships.forEach((p, i) => {
    account(`partnerships[${i}].creator_id`, p.creator_id, ['creator'])
    brand(`partnerships[${i}].brand_id`, p.brand_id)
  })
  ds.links.forEach((l, i) => {
    account(`links[${i}].creator_id`, l.creator_id, ['creator'])
    brand(`links[${i}].brand_id`, l.brand_id)
    if (l.product_id !== null) product(`links[${i}].product_id`, l.product_id, l.brand_id)
  })
  const adGroups = new Map<string, number>()
  ds.links.forEach((l, i) => {
    if (l.amazon_ad_group_id === null) return
    const [id, first] = [l.amazon_ad_group_id, adGroups.get(l.amazon_ad_group_id)]
    if (first === undefined) adGroups.set(id, i)
    else issues.push(`links[${i}].amazon_ad_group_id: "${id}" is already the ad group of links[${first}]`)
  })
  ds.commission_terms.forEach((t, i) => {
    product(`commission_terms[${i}].product_id`, t.product_id, undefined)
    if (t.creator_id !== null) account(`commission_terms[${i}].creator_id`, t.creator_id, ['creator'])
  })
  ds.report_rows.forEach((r, i) => {
    const linkBrand = links.get(r.link_id)
    if (linkBrand === undefined) issues.push(`report_rows[${i}].link_id: unknown link "${r.link_id}"`)
    product(`report_rows[${i}].product_id`, r.product_id, linkBrand)
  })
  if (issues.length > 0) throw new DatasetError(issues)
}
