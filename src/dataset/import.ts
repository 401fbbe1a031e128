// SQL for loading a parsed dataset: references checked against the file and the database,
// then one upsert per section in batches, all in one transaction. Unchanged rows are not
// written, so importing the same file twice changes nothing.
import type { Db, Queryable } from '../db/index.js'
import { hashToken, tokenId, tokenPrefix } from '../data/tokens.js'
import { DatasetError } from './parse.js'
import type { Dataset, Role } from './types.js'

export interface SectionCounts {
  inserted: number
  updated: number
  unchanged: number
}
export type ImportCounts = Record<keyof Dataset, SectionCounts>

const BATCH = 5000

interface Column {
  name: string
  type: string // SQL array element type of the parameter
  /** What is inserted, over the unnested input `u`; default u.<name>. */
  insertAs?: string
  /** What an existing row `t` is updated to; default excluded.<name>. */
  updateAs?: string
}

/**
 * Upserts rows (arrays in column order) into a table keyed by `key`. Only rows whose values
 * differ are updated; `touch` columns are set to now() when a row changes.
 */
async function upsert(
  tx: Queryable,
  table: string,
  columns: Column[],
  key: string[],
  rows: unknown[][],
  opts: { touch?: string } = {},
): Promise<SectionCounts> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 }
  const names = columns.map((c) => c.name)
  const values = columns.filter((c) => !key.includes(c.name))
  const target = (c: Column) => c.updateAs ?? `excluded.${c.name}`
  const sets = values.map((c) => `${c.name} = ${target(c)}`)
  if (opts.touch) sets.push(`${opts.touch} = now()`)
  const onConflict = values.length
    ? `do update set ${sets.join(', ')}
       where (${values.map((c) => `t.${c.name}`).join(', ')}) is distinct from (${values.map(target).join(', ')})`
    : 'do nothing'
  const sql = `insert into ${table} as t (${names.join(', ')})
    select ${columns.map((c) => c.insertAs ?? `u.${c.name}`).join(', ')}
      from unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}) as u(${names.join(', ')})
    on conflict (${key.join(', ')}) ${onConflict}
    returning (xmax = 0) as inserted`
  return upsertInBatches(tx, sql, rows, (batch) => columns.map((_, c) => batch.map((r) => r[c])))
}

/**
 * Runs an upsert `… returning (xmax = 0) as inserted` batch by batch, the batch's columns as
 * array parameters, and counts: returned rows were inserted or changed, the rest unchanged.
 */
async function upsertInBatches<R>(tx: Queryable, sql: string, rows: R[], params: (batch: R[]) => unknown[][]): Promise<SectionCounts> {
  const counts = { inserted: 0, updated: 0, unchanged: 0 }
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH)
    const result = await tx.query<{ inserted: boolean }>(sql, params(batch))
    const inserted = result.filter((r) => r.inserted).length
    counts.inserted += inserted
    counts.updated += result.length - inserted
    counts.unchanged += batch.length - result.length
  }
  return counts
}

const col = (name: string, type = 'text'): Column => ({ name, type })

/** Refuses the file whole when a reference resolves neither in the file nor in the database. */
async function checkReferences(tx: Queryable, ds: Dataset): Promise<void> {
  const issues: string[] = []
  const roles = new Map<string, Role>(ds.accounts.map((a) => [a.id, a.role]))
  const brands = new Set(ds.brands.map((b) => b.id))
  const products = new Map(ds.products.map((p) => [p.id, p.brand_id]))
  const links = new Map(ds.links.map((l) => [l.id, l.brand_id]))

  const missing = (known: { has(k: string): boolean }, ids: string[]) => [...new Set(ids.filter((id) => !known.has(id)))]
  for (const r of await tx.query<{ id: string; role: Role }>('select id, role from accounts where id = any($1::text[])', [
    missing(roles, [...ds.api_tokens, ...ds.brand_access].map((x) => x.account_id).concat(ds.partnerships.map((p) => p.creator_id), ds.links.map((l) => l.creator_id))),
  ])) roles.set(r.id, r.role)
  for (const r of await tx.query<{ id: string }>('select id from brands where id = any($1::text[])', [
    missing(brands, [...ds.brand_access, ...ds.products, ...ds.partnerships, ...ds.links].map((x) => x.brand_id)),
  ])) brands.add(r.id)
  for (const r of await tx.query<{ id: string; brand_id: string }>('select id, brand_id from products where id = any($1::text[])', [
    missing(products, [...ds.links.map((l) => l.product_id ?? ''), ...ds.report_rows.map((r) => r.product_id)].filter(Boolean)),
  ])) products.set(r.id, r.brand_id)
  for (const r of await tx.query<{ id: string; brand_id: string }>('select id, brand_id from links where id = any($1::text[])', [
    missing(links, ds.report_rows.map((r) => r.link_id)),
  ])) links.set(r.id, r.brand_id)

  const account = (path: string, id: string, allowed: Role[]) => {
    const role = roles.get(id)
    if (!role) issues.push(`${path}: unknown account "${id}"`)
    else if (!allowed.includes(role)) issues.push(`${path}: account "${id}" is a ${role}; it must be a ${allowed.join(' or ')}`)
  }
  const brand = (path: string, id: string) => {
    if (!brands.has(id)) issues.push(`${path}: unknown brand "${id}"`)
  }
  ds.api_tokens.forEach((t, i) => account(`api_tokens[${i}].account_id`, t.account_id, ['creator', 'seller', 'operator']))
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
    if (l.product_id !== null) {
      const owner = products.get(l.product_id)
      if (owner === undefined) issues.push(`links[${i}].product_id: unknown product "${l.product_id}"`)
      else if (owner !== l.brand_id) issues.push(`links[${i}].product_id: product "${l.product_id}" belongs to brand "${owner}", not to the link's brand "${l.brand_id}"`)
    }
  })
  const adGroups = new Map<string, number>()
  ds.links.forEach((l, i) => {
    if (l.amazon_ad_group_id === null) return
    const first = adGroups.get(l.amazon_ad_group_id)
    if (first !== undefined) issues.push(`links[${i}].amazon_ad_group_id: "${l.amazon_ad_group_id}" is already the ad group of links[${first}]`)
    else adGroups.set(l.amazon_ad_group_id, i)
  })
  for (const r of await tx.query<{ id: string; brand_id: string }>('select id, brand_id from products where id = any($1::text[])', [
    missing(products, ds.commission_terms.map((t) => t.product_id)),
  ])) products.set(r.id, r.brand_id)
  for (const r of await tx.query<{ id: string; role: Role }>('select id, role from accounts where id = any($1::text[])', [
    missing(roles, ds.commission_terms.flatMap((t) => (t.creator_id === null ? [] : [t.creator_id]))),
  ])) roles.set(r.id, r.role)
  ds.commission_terms.forEach((t, i) => {
    if (!products.has(t.product_id)) issues.push(`commission_terms[${i}].product_id: unknown product "${t.product_id}"`)
    if (t.creator_id !== null) account(`commission_terms[${i}].creator_id`, t.creator_id, ['creator'])
  })
  ds.report_rows.forEach((r, i) => {
    const linkBrand = links.get(r.link_id)
    const productBrand = products.get(r.product_id)
    if (linkBrand === undefined) issues.push(`report_rows[${i}].link_id: unknown link "${r.link_id}"`)
    if (productBrand === undefined) issues.push(`report_rows[${i}].product_id: unknown product "${r.product_id}"`)
    else if (linkBrand !== undefined && productBrand !== linkBrand) {
      issues.push(`report_rows[${i}].product_id: product "${r.product_id}" belongs to brand "${productBrand}", not to the link's brand "${linkBrand}"`)
    }
  })
  if (issues.length > 0) throw new DatasetError(issues)
}

/** Loads a parsed dataset in one transaction; a refused file changes nothing. */
export async function importDataset(db: Db, ds: Dataset): Promise<ImportCounts> {
  try {
    return await db.transaction((tx) => importInTransaction(tx, ds))
  } catch (err) {
    const e = err as { code?: string; detail?: string; message?: string }
    // Constraint violations that only the database can see (e.g. a product moved to another
    // brand while report rows point at it): refuse the file with the database's words.
    if (typeof e.code === 'string' && e.code.startsWith('23')) {
      throw new DatasetError([`database refused the change: ${e.message}${e.detail ? ` (${e.detail})` : ''}`])
    }
    throw err
  }
}

async function importInTransaction(tx: Queryable, ds: Dataset): Promise<ImportCounts> {
  await checkReferences(tx, ds)
  const counts = {} as ImportCounts
  counts.accounts = await upsert(tx, 'accounts', [col('id'), col('role'), col('name')], ['id'], ds.accounts.map((a) => [a.id, a.role, a.name]))
  counts.brands = await upsert(
    tx,
    'brands',
    [col('id'), col('name'), col('status'), col('description'), col('logo_url'), col('website'), col('discoverable', 'boolean'), col('ads_connected', 'boolean')],
    ['id'],
    ds.brands.map((b) => [b.id, b.name, b.status, b.description, b.logo_url, b.website, b.discoverable, b.ads_connected]),
    { touch: 'updated_at' },
  )
  counts.api_tokens = await upsert(
    tx,
    'api_tokens',
    [
      col('id'), col('account_id'), col('name'), { name: 'token_hash', type: 'text', insertAs: `decode(u.token_hash, 'hex')` },
      col('prefix'), col('expires_at', 'timestamptz'),
      // An import never un-revokes a token, and keeps the first revocation time.
      { name: 'revoked_at', type: 'boolean', insertAs: 'case when u.revoked_at then now() end', updateAs: 'coalesce(t.revoked_at, excluded.revoked_at)' },
    ],
    ['token_hash'],
    ds.api_tokens.map((t) => {
      const hash = hashToken(t.token)
      return [tokenId(hash), t.account_id, t.name, hash.toString('hex'), tokenPrefix(t.token), t.expires_at?.toISOString() ?? null, t.revoked]
    }),
  )
  counts.brand_access = await upsert(tx, 'brand_access', [col('account_id'), col('brand_id')], ['account_id', 'brand_id'], ds.brand_access.map((a) => [a.account_id, a.brand_id]))
  counts.products = await upsert(
    tx,
    'products',
    [
      col('id'), col('brand_id'), col('asin'), col('title'), col('status'), col('commission_type'), col('commission_rate_bps', 'integer'),
      col('commission_flat_cents', 'bigint'), col('commission_currency'), col('image_url'), col('detail_page_url'), col('country_code'),
      col('price_cents', 'bigint'), col('currency'),
    ],
    ['id'],
    ds.products.map((p) => {
      const c = p.commission
      return [
        p.id, p.brand_id, p.asin, p.title, p.status, c?.type ?? null, c?.type === 'percentage' ? c.rate_bps : null,
        c?.type === 'flat' ? c.flat_cents : null, c?.type === 'flat' ? c.currency_code : null, p.image_url, p.detail_page_url,
        p.country_code, p.price_cents, p.currency,
      ]
    }),
    { touch: 'updated_at' },
  )
  counts.partnerships = await upsert(
    tx,
    'partnerships',
    [col('creator_id'), col('brand_id'), col('status')],
    ['creator_id', 'brand_id'],
    ds.partnerships.map((p) => [p.creator_id, p.brand_id, p.status]),
    { touch: 'updated_at' },
  )
  counts.links = await upsert(
    tx,
    'links',
    [col('id'), col('creator_id'), col('brand_id'), col('product_id'), col('tracking_id'), col('short_url'), col('destination_url'), col('amazon_ad_group_id')],
    ['id'],
    ds.links.map((l) => [l.id, l.creator_id, l.brand_id, l.product_id, l.tracking_id, l.short_url, l.destination_url, l.amazon_ad_group_id]),
  )
  counts.commission_terms = await upsertCommissionTerms(tx, ds)
  counts.report_rows = await upsertReportRows(tx, ds)
  return counts
}

const REPORT_METRICS = [
  'currency', 'sales_cents', 'commission_cents', 'commission_status', 'orders', 'units_sold', 'clicks', 'detail_page_views', 'add_to_carts',
] as const

// Report rows take their creator, brand and asin from their link and product, so the copies
// the reports index needs can never disagree with the source.
async function upsertReportRows(tx: Queryable, ds: Dataset): Promise<SectionCounts> {
  const copied = ['creator_id', 'brand_id', 'asin']
  const changed = [...copied, ...REPORT_METRICS]
  const sql = `insert into report_rows as t (date, link_id, product_id, marketplace, creator_id, brand_id, asin, ${REPORT_METRICS.join(', ')})
    select u.date, u.link_id, u.product_id, u.marketplace, l.creator_id, p.brand_id, p.asin, ${REPORT_METRICS.map((m) => `u.${m}`).join(', ')}
      from unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::text[],
                  $9::integer[], $10::integer[], $11::integer[], $12::integer[], $13::integer[])
           as u(date, link_id, product_id, marketplace, ${REPORT_METRICS.join(', ')})
      join links l on l.id = u.link_id
      join products p on p.id = u.product_id
    on conflict (date, link_id, product_id, marketplace) do update
      set ${changed.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()
      where (${changed.map((c) => `t.${c}`).join(', ')}) is distinct from (${changed.map((c) => `excluded.${c}`).join(', ')})
    returning (xmax = 0) as inserted`
  return upsertInBatches(tx, sql, ds.report_rows, (batch) => [
    batch.map((r) => r.date), batch.map((r) => r.link_id), batch.map((r) => r.product_id), batch.map((r) => r.marketplace),
    ...REPORT_METRICS.map((m) => batch.map((r) => r[m])),
  ])
}

// Two partial unique indexes key the history (general terms have no creator), so each kind
// is upserted on its own index. Unchanged entries are not written.
async function upsertCommissionTerms(tx: Queryable, ds: Dataset): Promise<SectionCounts> {
  const counts = { inserted: 0, updated: 0, unchanged: 0 }
  const values = ['type', 'rate_bps', 'flat_cents', 'currency_code']
  for (const general of [true, false]) {
    const items = ds.commission_terms.filter((t) => (t.creator_id === null) === general)
    if (items.length === 0) continue
    const target = general ? '(product_id, effective_from) where creator_id is null' : '(product_id, creator_id, effective_from) where creator_id is not null'
    const sql = `insert into commission_terms as t (product_id, creator_id, effective_from, ${values.join(', ')})
      select * from unnest($1::text[], $2::text[], $3::date[], $4::text[], $5::integer[], $6::bigint[], $7::text[])
      on conflict ${target} do update
        set ${values.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()
        where (${values.map((c) => `t.${c}`).join(', ')}) is distinct from (${values.map((c) => `excluded.${c}`).join(', ')})
      returning (xmax = 0) as inserted`
    const c = await upsertInBatches(tx, sql, items, (batch) => [
      batch.map((t) => t.product_id), batch.map((t) => t.creator_id), batch.map((t) => t.effective_from),
      batch.map((t) => t.terms.type),
      batch.map((t) => (t.terms.type === 'percentage' ? t.terms.rate_bps : null)),
      batch.map((t) => (t.terms.type === 'flat' ? t.terms.flat_cents : null)),
      batch.map((t) => (t.terms.type === 'flat' ? t.terms.currency_code : null)),
    ])
    counts.inserted += c.inserted
    counts.updated += c.updated
    counts.unchanged += c.unchanged
  }
  return counts
}
