// SQL for loading a parsed dataset: references checked against the file and the database,
// then one upsert per section in batches, then the file's paid report rows that no payout covers
// yet covered by imported payouts, all in one transaction. Unchanged rows are not written, so
// importing the same file twice changes nothing.
import { beginReportWrite, recordEvents } from '../events/record.js'
import type { Db, Queryable } from '../db/index.js'
import { hashToken, tokenId, tokenPrefix } from '../tokens/tokens.js'
import { withRead } from '../domain/scopes.js'
import { DatasetError } from './parse.js'
import { checkReferences } from './references.js'
import { fieldsOf, Product, ReportRow, SECTIONS, type SectionName } from './schema.js'
import type { Dataset } from './types.js'

export interface SectionCounts {
  inserted: number
  updated: number
  unchanged: number
  /** Approved or paid report rows whose status, commission or currency in the file were not taken (HELD). */
  kept?: number
  /** Report rows the file brings in as paid (settled before this service), covered by imported payouts. */
  covered?: { rows: number; payouts: number }
}
export type ImportCounts = Record<keyof Dataset, SectionCounts>

const BATCH = 5000

/** How a section is written to the table of its name. */
interface Table<Item> {
  /** The columns written; default the section's fields. */
  columns?: string[]
  /** The columns that identify a row, not updated; default the section's key. */
  key?: string[]
  /** The item as a row of those columns; default the item itself. */
  row?: (item: Item) => object
  /** What a column is inserted as, over the input row `u`; default u.<column>. */
  insertAs?: Record<string, string>
  /** What an existing row `t` is updated to; default excluded.<column>. */
  updateAs?: Record<string, string>
  /** Tables joined to the input rows, for insertAs. */
  join?: string
  /** Sets updated_at to now() when a row changes. */
  touch?: boolean
  /** The unique index an item's row conflicts on, where it is not the key's. */
  conflict?: (item: Item) => string
}

// What an existing row `t` keeps of the file's row `u`: a paid row what its payout paid (migration
// 009), an approved one the commission its adjustments are measured against, and its status unless
// the file says it was paid before this service.
const HELD: Record<'commission_status' | 'commission_cents' | 'currency', (u: string) => string> = {
  commission_status: (u) =>
    `case when t.commission_status = 'paid' or (t.commission_status = 'approved' and ${u}.commission_status <> 'paid')
          then t.commission_status else ${u}.commission_status end`,
  commission_cents: (u) =>
    `case when t.commission_status in ('approved', 'paid') then t.commission_cents else ${u}.commission_cents end`,
  currency: (u) => `case when t.commission_status in ('approved', 'paid') then t.currency else ${u}.currency end`,
}

// In the order the sections are written (and counted): every reference points to an earlier one.
const TABLES: { [K in SectionName]: Table<Dataset[K][number]> } = {
  accounts: {},
  brands: { touch: true },
  api_tokens: {
    columns: ['id', 'account_id', 'name', 'token_hash', 'prefix', 'expires_at', 'revoked_at', 'scopes'],
    key: ['token_hash'],
    // Only the token's hash and prefix are stored, and sent.
    row: ({ account_id, name, token, expires_at, revoked, scopes }) => {
      const hash = hashToken(token)
      return {
        id: tokenId(hash),
        account_id,
        name,
        token_hash: `\\x${hash.toString('hex')}`, // bytea's hex input
        prefix: tokenPrefix(token),
        expires_at,
        revoked_at: revoked ? 'now' : null, // PostgreSQL's input for now(): the transaction's start
        scopes: withRead(scopes),
      }
    },
    // An import never un-revokes a token, and keeps the first revocation time.
    updateAs: { revoked_at: 'coalesce(t.revoked_at, excluded.revoked_at)' },
  },
  brand_access: {},
  products: {
    // The marketplace is stored as its code; the commission as four columns.
    columns: [
      ...fieldsOf(Product).filter((f) => f !== 'commission' && f !== 'marketplace_id'),
      'commission_type',
      'commission_rate_bps',
      'commission_flat_cents',
      'commission_currency',
    ],
    row: ({ commission: c, marketplace_id: _, ...p }) => ({
      ...p,
      commission_type: c?.type ?? null,
      commission_rate_bps: c?.type === 'percentage' ? c.rate_bps : null,
      commission_flat_cents: c?.type === 'flat' ? c.flat_cents : null,
      commission_currency: c?.type === 'flat' ? c.currency_code : null,
    }),
    touch: true,
  },
  partnerships: { touch: true },
  links: {},
  commission_terms: {
    row: ({ terms, ...entry }) => ({ ...entry, ...terms }),
    touch: true,
    // Two partial unique indexes key the history (general terms have no creator).
    conflict: (t) =>
      t.creator_id === null
        ? '(product_id, effective_from) where creator_id is null'
        : '(product_id, creator_id, effective_from) where creator_id is not null',
  },
  // Report rows take their creator, brand and asin from their link and product, so the copies
  // the reports index needs can never disagree with the source.
  report_rows: {
    columns: [...fieldsOf(ReportRow), 'creator_id', 'brand_id', 'asin'],
    insertAs: { creator_id: 'l.creator_id', brand_id: 'p.brand_id', asin: 'p.asin' },
    join: 'join links l on l.id = u.link_id join products p on p.id = u.product_id',
    touch: true,
    // The natural key with its creator (migrations/011_creator_keys.sql).
    conflict: () => '(date, link_id, product_id, marketplace, creator_id)',
    // Approved and paid rows keep what this service holds them at (docs/payouts.md): re-importing
    // an older export never sets them back to be paid again or recomputed beside their adjustments.
    updateAs: Object.fromEntries(Object.entries(HELD).map(([c, keep]) => [c, keep('excluded')])),
  },
}

/** How many of these file rows are approved or paid rows whose status, commission or currency are not taken. */
async function heldKept(tx: Queryable, rows: Dataset['report_rows']): Promise<number> {
  const held = Object.keys(HELD) as (keyof typeof HELD)[]
  let kept = 0
  for (let i = 0; i < rows.length; i += BATCH) {
    const [r] = await tx.query<{ n: number }>(
      `select count(*)::int as n
         from json_populate_recordset(null::report_rows, $1::json) u
         join report_rows t
           on (t.date, t.link_id, t.product_id, t.marketplace) = (u.date, u.link_id, u.product_id, u.marketplace)
        where t.commission_status in ('approved', 'paid')
          and (${held.map((c) => `u.${c}`).join(', ')}) is distinct from (${held.map((c) => HELD[c]('u')).join(', ')})`,
      [JSON.stringify(rows.slice(i, i + BATCH))],
    )
    kept += r!.n
  }
  return kept
}

// The file's paid rows that no payout line covers yet: settled before this service. Each creator
// and currency gets one imported payout holding them as commission lines, in the documented line
// order, so that a row is paid only when exactly one line covers it (migrations/014).
const IMPORT_PAID = `create temp table import_paid (id bigint, creator_id text, currency text, date date, link_id text,
    product_id text, asin text, marketplace text, commission_cents bigint) on commit drop`
const IMPORT_PAID_ROWS = `insert into import_paid
  select r.id, r.creator_id, r.currency, r.date, r.link_id, r.product_id, r.asin, r.marketplace, r.commission_cents
    from json_populate_recordset(null::report_rows, $1::json) u
    join report_rows r
      on (r.date, r.link_id, r.product_id, r.marketplace) = (u.date, u.link_id, u.product_id, u.marketplace)
   where r.commission_status = 'paid'
     and not exists (select 1 from payout_lines l
                      where l.report_row_id = r.id and l.creator_id = r.creator_id and l.type = 'commission')`
const IMPORT_PAYOUTS = `insert into payouts (id, creator_id, currency, commission_cents, adjustment_cents, amount_cents,
    line_count, through, source)
  select 'po_' || replace(gen_random_uuid()::text, '-', ''), creator_id, currency, sum(commission_cents), 0,
         sum(commission_cents), count(*), max(date), 'import'
    from import_paid group by creator_id, currency order by creator_id, currency
  returning id`
const IMPORT_LINES = `insert into payout_lines (payout_id, line_no, type, creator_id, report_date, report_row_id,
    link_id, product_id, asin, marketplace, amount_cents)
  select p.id,
         row_number() over (partition by i.creator_id, i.currency
                            order by i.date, i.link_id, i.product_id, i.marketplace),
         'commission', i.creator_id, i.date, i.id, i.link_id, i.product_id, i.asin, i.marketplace,
         i.commission_cents
    from import_paid i
    join payouts p on p.creator_id = i.creator_id and p.currency = i.currency and p.source = 'import'
                  and p.created_txid = txid_current()`

/** Covers the file's paid rows that no payout line covers with imported payouts; how many of each. */
async function coverPaid(tx: Queryable, rows: Dataset['report_rows']): Promise<SectionCounts['covered']> {
  const paid = rows
    .filter((r) => r.commission_status === 'paid')
    .map(({ date, link_id, product_id, marketplace }) => ({ date, link_id, product_id, marketplace }))
  if (paid.length === 0) return undefined
  await tx.query(IMPORT_PAID)
  for (let i = 0; i < paid.length; i += BATCH) {
    await tx.query(IMPORT_PAID_ROWS, [JSON.stringify(paid.slice(i, i + BATCH))])
  }
  const payouts = await tx.query(IMPORT_PAYOUTS)
  if (payouts.length === 0) return undefined
  await tx.query(IMPORT_LINES)
  const [n] = await tx.query<{ n: number }>('select count(*)::int as n from import_paid')
  return { rows: n!.n, payouts: payouts.length }
}

/**
 * Upserts a section's items into its table, batch by batch, each batch one JSON parameter read
 * as rows of the table (so the migrations alone say the columns' types). Only rows whose values
 * differ are updated; returned rows were inserted or changed, the rest are unchanged.
 */
async function upsert<Item>(
  tx: Queryable,
  table: SectionName,
  items: Item[],
  extra: Record<string, unknown> = {},
): Promise<SectionCounts> {
  const base = TABLES[table] as Table<Item>
  const t: Table<Item> = Object.keys(extra).length
    ? { ...base, row: (item) => ({ ...(base.row ? base.row(item) : item), ...extra }) }
    : base
  const columns = [...(t.columns ?? fieldsOf(SECTIONS[table].schema)), ...Object.keys(extra)]
  const key: readonly string[] = t.key ?? SECTIONS[table].key
  const values = columns.filter((c) => !key.includes(c))
  const target = (c: string) => t.updateAs?.[c] ?? `excluded.${c}`
  const sets = [...values.map((c) => `${c} = ${target(c)}`), ...(t.touch ? ['updated_at = now()'] : [])]
  const onConflict =
    values.length === 0
      ? 'do nothing'
      : `do update set ${sets.join(', ')}
       where (${values.map((c) => `t.${c}`).join(', ')}) is distinct from (${values.map(target).join(', ')})`
  const sql = (conflict: string) => `insert into ${table} as t (${columns.join(', ')})
    select ${columns.map((c) => t.insertAs?.[c] ?? `u.${c}`).join(', ')}
      from json_populate_recordset(null::${table}, $1::json) as u ${t.join ?? ''}
    on conflict ${conflict} ${onConflict}
    returning (xmax = 0) as inserted`

  const counts = { inserted: 0, updated: 0, unchanged: 0 }
  const conflictOf = t.conflict ?? (() => `(${key.join(', ')})`)
  for (const conflict of new Set(items.map(conflictOf))) {
    const group = items.filter((item) => conflictOf(item) === conflict)
    for (let i = 0; i < group.length; i += BATCH) {
      const batch = group.slice(i, i + BATCH)
      const json = JSON.stringify(t.row ? batch.map(t.row) : batch)
      const rows = await tx.query<{ inserted: boolean }>(sql(conflict), [json])
      const inserted = rows.filter((r) => r.inserted).length
      counts.inserted += inserted
      counts.updated += rows.length - inserted
      counts.unchanged += batch.length - rows.length
    }
  }
  return counts
}

/**
 * Loads a parsed dataset in one transaction; a refused file changes nothing. A batch job (no
 * statement timeout) holding the report writers' lock from the start: its report rows, and the
 * link and product corrections that change report rows, take their change numbers in commit
 * order (migrations/007_report_changes.sql) and never interleave with an ingest or a settlement.
 */
export async function importDataset(db: Db, ds: Dataset): Promise<ImportCounts> {
  try {
    return await db.batch(
      async (tx) => {
        const mark = await beginReportWrite(tx)
        const counts = await importIn(tx, ds)
        await recordEvents(tx, mark)
        return counts
      },
      { name: 'import' },
    )
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

export interface ImportInOptions {
  /** The sandbox world the dataset's new accounts and brands belong to (src/sandbox/); default live. */
  sandboxId?: string
}

/** Loads a dataset inside a transaction that holds the report writers' lock (beginReportWrite). */
export async function importIn(tx: Queryable, ds: Dataset, opts: ImportInOptions = {}): Promise<ImportCounts> {
  await checkReferences(tx, ds)
  const world = opts.sandboxId ? { sandbox_id: opts.sandboxId } : {}
  const counts = {} as ImportCounts
  for (const name of Object.keys(TABLES) as SectionName[]) {
    const kept = name === 'report_rows' ? await heldKept(tx, ds.report_rows) : 0
    counts[name] = await upsert<object>(tx, name, ds[name], name === 'accounts' || name === 'brands' ? world : {})
    if (kept > 0) counts[name].kept = kept
  }
  const covered = await coverPaid(tx, ds.report_rows)
  if (covered) counts.report_rows.covered = covered
  return counts
}
