-- 002: Amazon Attribution ingestion and the commission engine.

-- A link is found by its Amazon Attribution ad group id (the report rows' adGroupId).
-- unique: the ingestion's join from report rows to links is one index lookup.
alter table links add column amazon_ad_group_id text unique
  check (amazon_ad_group_id <> '');

-- Ingestion finds a report row's product by (link's brand, ASIN, marketplace).
create index products_brand_asin_idx on products (brand_id, asin, country_code);

-- Commission terms with their history. A row earns the terms in force on its date: the
-- creator-specific ones (creator_id set) when there are any, else the product's general ones
-- (creator_id null). products.commission_* stay the product's base terms, used before the
-- first general entry here and for products without any.
create table commission_terms (
  id             bigint generated always as identity primary key,
  product_id     text not null references products (id) on delete cascade,
  creator_id     text references accounts (id) on delete cascade,
  effective_from date not null,
  type           text not null check (type in ('percentage', 'flat')),
  rate_bps       integer,
  flat_cents     bigint,
  currency_code  text,
  updated_at     timestamptz not null default now(),
  check (
    (type = 'percentage' and rate_bps between 0 and 10000 and flat_cents is null and currency_code is null)
    or (type = 'flat' and rate_bps is null and flat_cents >= 0 and currency_code ~ '^[A-Z]{3}$')
  )
);
-- The upsert keys of `csapi import`, and the "latest entry on or before a date" lookups.
create unique index commission_terms_general_idx on commission_terms (product_id, effective_from)
  where creator_id is null;
create unique index commission_terms_creator_idx on commission_terms (product_id, creator_id, effective_from)
  where creator_id is not null;

-- A restatement that would change an approved or paid row leaves the row alone and is
-- recorded here, for the operator to settle. One entry per distinct restated value set, so
-- ingesting the same files again records nothing new.
create table commission_adjustments (
  id                    bigint generated always as identity primary key,
  report_row_id         bigint not null references report_rows (id) on delete cascade,
  commission_status     text not null check (commission_status in ('approved', 'paid')),
  currency              text not null,
  -- the row as it stands (unchanged) and as Amazon restated it
  sales_cents           bigint not null,
  restated_sales_cents  bigint not null,
  orders                integer not null,
  restated_orders       integer not null,
  units_sold            integer not null,
  restated_units_sold   integer not null,
  clicks                integer not null,
  restated_clicks       integer not null,
  detail_page_views     integer not null,
  restated_detail_page_views integer not null,
  add_to_carts          integer not null,
  restated_add_to_carts integer not null,
  commission_cents      bigint not null,
  restated_commission_cents bigint not null,
  created_at            timestamptz not null default now()
);
-- a row's adjustments in order (the latest decides whether a restatement is new)
create index commission_adjustments_row_idx on commission_adjustments (report_row_id, id);

-- `csapi commissions approve/pay`: pending or approved rows up to a date.
create index report_rows_status_idx on report_rows (commission_status, date)
  where commission_status in ('pending', 'approved');
