// The SQL of one ingest run, the same on PostgreSQL and PGlite. Rows arrive in the temporary
// table ingest_stage (by COPY or batched unnest inserts); everything after is set-based:
// resolve → aggregate per report row → terms and commission → one upsert → adjustments.

export const STAGE_COLUMNS = [
  'seq',
  'file_no',
  'row_no',
  'kind',
  'date',
  'ad_group_id',
  'asin',
  'marketplace',
  'currency',
  'halo',
  'dpv',
  'atc',
  'orders',
  'units',
  'sales_cents',
  'clicks',
] as const

export const STAGE_TYPES = [
  'bigint',
  'integer',
  'integer',
  'text',
  'date',
  'text',
  'text',
  'text',
  'text',
  'boolean',
  'integer',
  'integer',
  'integer',
  'integer',
  'bigint',
  'integer',
] as const

// The text columns sort and hash in the "C" collation: the run's sorts and groupings compare
// bytes instead of calling the locale's strcoll (several times faster on 1M rows).
const STAGE_COLLATE: Record<string, boolean> = {
  kind: true,
  ad_group_id: true,
  asin: true,
  marketplace: true,
  currency: true,
}
export const CREATE_STAGE = `create temp table ingest_stage (
  ${STAGE_COLUMNS.map((c, i) => `${c} ${STAGE_TYPES[i]}${STAGE_COLLATE[c] ? ' collate "C"' : ''}`).join(', ')}
) on commit drop`

// Which product an ASIN sold in a marketplace is, for the brands of the run's ad groups: the
// brand's product with that ASIN in that marketplace, else (pan-European selling) the one in
// another marketplace of the same currency.
export const CATALOGUE = `create temp table ingest_catalogue on commit drop as
select distinct on (p.brand_id, p.asin, m.code) p.brand_id, p.asin, m.code as marketplace, p.id
  from products p
  join marketplaces pm on pm.code = p.country_code
  join marketplaces m on m.currency = pm.currency
 where p.brand_id in (select brand_id from ingest_links)
 order by p.brand_id, p.asin, m.code, p.country_code = m.code desc, p.id`

// The links of the run's ad groups with what resolving a row needs of their brand and product:
// the rows then join one small table instead of three.
export const LINKS = `create temp table ingest_links on commit drop as
select l.amazon_ad_group_id collate "C" as ad_group_id, l.id, l.brand_id, b.ads_connected,
       lp.id as product_id, lp.country_code as product_country
  from links l
  join brands b on b.id = l.brand_id
  left join products lp on lp.id = l.product_id
 where l.amazon_ad_group_id in (select ad_group_id from ingest_stage)`

// A (day, ad group) report in a later file of the run replaces the earlier ones whole (a
// restatement), and within a file the last copy of a row wins. Both in one sort: per row key
// the last copy (k = 1), kept if its file is the last one of its (day, ad group, kind) — the
// same rows as taking the last copy among the last file's rows. Then each row is resolved:
// link by ad group, product through ingest_catalogue (clicks: the link's own product, in that
// product's marketplace). `reason` says why a row cannot be placed.
export const RESOLVE = `create temp table ingest_placed on commit drop as
select s.seq, s.file_no, s.row_no, s.kind, s.date, s.ad_group_id, s.asin as src_asin,
       l.id as link_id,
       case when s.kind = 'C' then l.product_id else pp.id end as product_id,
       coalesce(s.marketplace, l.product_country) as marketplace,
       s.dpv, s.atc, s.orders, s.units, s.sales_cents, s.clicks,
       case when l.id is null then 'unknown_ad_group'
            when not l.ads_connected then 'brand_not_connected'
            when s.kind = 'P' and pp.id is null then 'asin_not_in_catalogue'
            when s.kind = 'C' and (l.product_id is null or l.product_country is null) then 'link_without_product'
       end as reason
  from (select st.*,
               max(file_no) over (partition by date, ad_group_id, kind) as last_file,
               row_number() over (partition by date, ad_group_id, kind, asin, marketplace, halo order by seq desc) as k
          from ingest_stage st) s
  left join ingest_links l on l.ad_group_id = s.ad_group_id
  left join ingest_catalogue pp
         on s.kind = 'P' and pp.brand_id = l.brand_id and pp.asin = s.asin and pp.marketplace = s.marketplace
 where s.k = 1 and s.file_no = s.last_file`

export const UNPLACED = `select reason, count(*)::int as n from ingest_placed where reason is not null
 group by reason order by reason`

export const UNPLACED_EXAMPLES = `select reason, file_no, row_no, ad_group_id, src_asin as asin, date::text as date
  from (select p.*, row_number() over (partition by reason order by seq) as k
          from ingest_placed p where reason is not null) x
 where k <= 3 order by reason, seq`

// Per report row key (date, link, product, marketplace): the new metrics, in one grouping of
// the placed rows (a PERFORMANCE row is staged with zero conversions and a PRODUCTS row with
// zero clicks, so plain sums do). A PRODUCTS report for (date, link) replaces that link's conversions of the
// date (rows it no longer lists fall to zero); a PERFORMANCE report replaces its clicks. Metrics
// no file of the run speaks of stay. Each step is its own temporary table, analyzed, so that
// the planner sees real row counts.
export const AGGREGATE = [
  `create temp table ingest_new on commit drop as
   select date, link_id, product_id, marketplace,
          sum(dpv)::int as dpv,
          sum(atc)::int as atc,
          sum(orders)::int as orders,
          sum(units)::int as units,
          sum(sales_cents)::bigint as sales_cents,
          sum(clicks)::int as clicks,
          bool_or(kind = 'P') as conv, bool_or(kind = 'C') as clk,
          min(seq) filter (where kind = 'P') as conv_seq
     from ingest_placed where reason is null group by date, link_id, product_id, marketplace`,
  `analyze ingest_new`,
  // In (date, link) order: the lookups of the existing rows then walk report_rows' key in order.
  `create temp table ingest_scope on commit drop as
   select date, link_id, bool_or(conv) as conv, bool_or(clk) as clk
     from ingest_new group by date, link_id order by date, link_id`,
  `analyze ingest_scope`,
  // The history of the products concerned (those of the brands of the run's links: a report
  // row's product is of its link's brand) as date ranges [valid_from, valid_to), so that a row
  // finds the terms in force on its date by a join, not a lookup per row.
  `create temp table ingest_terms on commit drop as
   select product_id, creator_id, effective_from as valid_from,
          coalesce(lead(effective_from) over (partition by product_id, creator_id order by effective_from),
                   'infinity'::date) as valid_to,
          type, rate_bps, flat_cents, currency_code
     from commission_terms
    where product_id in (select p.id from products p join links l on l.brand_id = p.brand_id
                          where l.id in (select link_id from ingest_scope))`,
  `analyze ingest_terms`,
]

const CHANGED = `status not in ('approved', 'paid') and (row_id is null
  or (creator_id, brand_id, asin, sales_cents, orders, units, clicks, dpv, atc, new_commission, status)
     is distinct from (old_creator, old_brand, old_asin, old_sales, old_orders, old_units, old_clicks, old_dpv, old_atc,
                       old_commission, old_status))`

// In one pass: the run's rows beside the existing rows of the (date, link)s it speaks of (a
// full join), the terms in force on the row's date (creator-specific, else the general
// history, else the product's base terms), the commission in integer arithmetic, the new
// status, and whether the row changes.
export const COMPUTE = `create temp table ingest_final on commit drop as
with existing as (
  select r.id, r.date, r.link_id, r.product_id, r.marketplace, r.creator_id, r.brand_id, r.asin, r.currency,
         r.commission_status, r.commission_cents, r.sales_cents, r.orders, r.units_sold, r.clicks,
         r.detail_page_views, r.add_to_carts
    from ingest_scope s join report_rows r on r.date = s.date and r.link_id = s.link_id
),
target as (
  select k.date, k.link_id, k.product_id, k.marketplace, l.creator_id, p.brand_id, p.asin,
         coalesce(k.old_currency, m.currency) as currency,
         k.row_id, k.old_status, k.old_commission, k.old_sales, k.old_orders, k.old_units, k.old_clicks,
         k.old_dpv, k.old_atc, k.old_creator, k.old_brand, k.old_asin,
         case when s.conv then coalesce(k.sales_cents, 0) else coalesce(k.old_sales, 0) end as sales_cents,
         case when s.conv then coalesce(k.orders, 0) else coalesce(k.old_orders, 0) end as orders,
         case when s.conv then coalesce(k.units, 0) else coalesce(k.old_units, 0) end as units,
         case when s.conv then coalesce(k.dpv, 0) else coalesce(k.old_dpv, 0) end as dpv,
         case when s.conv then coalesce(k.atc, 0) else coalesce(k.old_atc, 0) end as atc,
         case when s.clk then coalesce(k.clicks, 0) else coalesce(k.old_clicks, 0) end as clicks,
         k.conv_seq,
         case when cs.type is not null then cs.type when g.type is not null then g.type
              else p.commission_type end as terms_type,
         case when cs.type is not null then cs.rate_bps when g.type is not null then g.rate_bps
              else p.commission_rate_bps end as rate_bps,
         case when cs.type is not null then cs.flat_cents when g.type is not null then g.flat_cents
              else p.commission_flat_cents end as flat_cents,
         case when cs.type is not null then cs.currency_code when g.type is not null then g.currency_code
              else p.commission_currency end as terms_currency
    from (select coalesce(n.date, e.date) as date, coalesce(n.link_id, e.link_id) as link_id,
                 coalesce(n.product_id, e.product_id) as product_id,
                 coalesce(n.marketplace, e.marketplace) as marketplace,
                 n.sales_cents, n.orders, n.units, n.dpv, n.atc, n.clicks, n.conv_seq,
                 e.id as row_id, e.currency as old_currency, e.commission_status as old_status,
                 e.commission_cents as old_commission,
                 e.sales_cents as old_sales, e.orders as old_orders, e.units_sold as old_units, e.clicks as old_clicks,
                 e.detail_page_views as old_dpv, e.add_to_carts as old_atc,
                 e.creator_id as old_creator, e.brand_id as old_brand, e.asin as old_asin
            from ingest_new n
            full join existing e
              on e.date = n.date and e.link_id = n.link_id and e.product_id = n.product_id
             and e.marketplace = n.marketplace) k
    join ingest_scope s on s.date = k.date and s.link_id = k.link_id
    join links l on l.id = k.link_id
    join products p on p.id = k.product_id
    join marketplaces m on m.code = k.marketplace
    left join ingest_terms cs on cs.product_id = k.product_id and cs.creator_id = l.creator_id
                             and k.date >= cs.valid_from and k.date < cs.valid_to
    left join ingest_terms g on g.product_id = k.product_id and g.creator_id is null
                            and k.date >= g.valid_from and k.date < g.valid_to
),
computed as (
  select t.*,
         -- round_half_up(sales * bps / 10000) on non-negative integers; flat: flat * units
         case t.terms_type when 'percentage' then (t.sales_cents * t.rate_bps + 5000) / 10000
                           when 'flat' then t.flat_cents * t.units
                           else 0 end::bigint as commission,
         case when t.old_status is null then 'pending'
              when t.old_status in ('approved', 'paid') then t.old_status
              when t.sales_cents = 0 and t.orders = 0
                   and (t.old_status = 'reversed' or t.old_sales > 0 or t.old_orders > 0) then 'reversed'
              else 'pending' end as status
    from target t
),
settled as (
  select c.*,
         case when c.status = 'reversed' then 0 when c.status in ('approved', 'paid') then c.old_commission
              else c.commission end as new_commission,
         c.status in ('approved', 'paid')
           and (c.sales_cents, c.orders, c.units, c.clicks, c.dpv, c.atc, c.commission)
               is distinct from (c.old_sales, c.old_orders, c.old_units, c.old_clicks, c.old_dpv, c.old_atc,
                                 c.old_commission) as restated
    from computed c
)
select x.*, ${CHANGED} as changed from settled x`

// Flat terms pay a fixed amount per unit in one currency: a row in another currency cannot earn them,
// whether the run reports its conversions or recomputes it with the units it had (its day and link's
// clicks reported). Named by its conversions' file row, else its day and link's first.
export const CURRENCY_MISMATCH = `select b.date::text as date, b.link_id, b.product_id, b.marketplace, b.currency,
       b.terms_currency, s.file_no, s.row_no
  from (select f.date, f.link_id, f.product_id, f.marketplace, f.currency, f.terms_currency, f.conv_seq
          from ingest_final f
         where f.terms_type = 'flat' and f.terms_currency <> f.currency and (f.conv_seq is not null or f.units > 0)
         order by f.conv_seq nulls last, f.date, f.link_id, f.product_id, f.marketplace limit 1) b
  left join lateral (select p.file_no, p.row_no from ingest_placed p
                      where p.seq = b.conv_seq
                         or (b.conv_seq is null and p.date = b.date and p.link_id = b.link_id and p.reason is null)
                      order by p.seq limit 1) s on true`

export const COUNTS = `select
  count(*) filter (where f.row_id is null)::int as inserted,
  count(*) filter (where f.row_id is not null and f.changed)::int as updated,
  count(*) filter (where f.status = 'reversed' and f.old_status is distinct from 'reversed')::int as reversed,
  count(*)::int as rows
  from ingest_final f`

// The one set-based upsert: new rows and changed pending/reversed rows. Approved and paid rows
// are never written here.
export const UPSERT = `insert into report_rows as r (date, link_id, product_id, marketplace, creator_id, brand_id,
    asin, currency, sales_cents, commission_cents, commission_status, orders, units_sold, clicks, detail_page_views,
    add_to_carts)
  select f.date, f.link_id, f.product_id, f.marketplace, f.creator_id, f.brand_id, f.asin, f.currency,
         f.sales_cents, f.new_commission, f.status, f.orders, f.units, f.clicks, f.dpv, f.atc
    from ingest_final f
   where f.changed
   -- in key order: index insertions then land on neighbouring pages
   order by f.date, f.link_id, f.product_id, f.marketplace
  on conflict (date, link_id, product_id, marketplace, creator_id) do update set
    brand_id = excluded.brand_id, asin = excluded.asin, currency = excluded.currency,
    sales_cents = excluded.sales_cents, commission_cents = excluded.commission_cents,
    commission_status = excluded.commission_status, orders = excluded.orders, units_sold = excluded.units_sold,
    clicks = excluded.clicks, detail_page_views = excluded.detail_page_views, add_to_carts = excluded.add_to_carts,
    updated_at = now(), change_seq = nextval('report_rows_change_seq')
  where r.commission_status in ('pending', 'reversed')`

// A restatement of an approved or paid row leaves the row as it was and is recorded as an
// adjustment, once, when it moves the commission: only when Amazon's commission differs from the
// row's effective one — that of its latest adjustment, else the row's own (so restating back to the
// row's commission is recorded too, and ingesting the same files again records nothing). A
// restatement that leaves the commission as it was (clicks, or a product without commission) moves
// no money and is not an adjustment (migrations/014). Each adjustment moves the commission from the
// effective amount to the restated one; a payout settles it (migrations/008_payouts.sql).
export const ADJUST = `insert into commission_adjustments as a (report_row_id, creator_id, report_date,
    commission_status, currency, sales_cents, restated_sales_cents, orders, restated_orders, units_sold,
    restated_units_sold, clicks, restated_clicks, detail_page_views, restated_detail_page_views, add_to_carts,
    restated_add_to_carts,
    commission_cents, restated_commission_cents, amount_before_cents, amount_after_cents)
  select f.row_id, f.creator_id, f.date, f.status, f.currency, f.old_sales, f.sales_cents, f.old_orders, f.orders,
         f.old_units, f.units, f.old_clicks, f.clicks, f.old_dpv, f.dpv, f.old_atc, f.atc, f.old_commission,
         f.commission,
         coalesce(last.restated_commission_cents, f.old_commission), f.commission
    from ingest_final f
    left join lateral (select x.restated_commission_cents from commission_adjustments x where x.report_row_id = f.row_id
                        order by x.id desc limit 1) last on true
   where f.row_id is not null and f.status in ('approved', 'paid')
     and f.commission <> coalesce(last.restated_commission_cents, f.old_commission)
   -- in key order: the adjustments' ids (the order they are listed and paid in) follow the rows'
   order by f.date, f.link_id, f.product_id, f.marketplace
  returning a.id::text as id`

export const ADJUSTMENTS_LISTED = `select a.id, r.date::text as date, r.link_id, r.asin, r.marketplace,
       a.commission_status, a.currency, a.sales_cents, a.restated_sales_cents, a.orders, a.restated_orders,
       a.amount_before_cents as commission_cents, a.amount_after_cents as restated_commission_cents
  from commission_adjustments a join report_rows r on r.id = a.report_row_id
 where a.id = any($1::bigint[])
 order by r.date, r.link_id, r.asin, r.marketplace
 limit $2`

// The run, in its own transaction: the service's metrics count committed runs (csapi_ingest_*).
export const RECORD_RUN = `insert into ingest_runs (started_at, files, rows_read, inserted, updated, unchanged,
    reversed, adjustments, elapsed_ms, phases)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)`
