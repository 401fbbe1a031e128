-- 001: the platform's tables. Reasons for each index sit beside it; every list page is one
-- index range scan in its documented order.

-- Amazon marketplaces (shared/marketplaces.tsv); position is the order regions are listed in.
create table marketplaces (
  code           text primary key check (code ~ '^[A-Z]{2}$'),
  marketplace_id text not null unique,
  domain         text not null unique,
  currency       text not null check (currency ~ '^[A-Z]{3}$'),
  position       integer not null unique
);
insert into marketplaces (code, marketplace_id, domain, currency, position) values
  ('US', 'ATVPDKIKX0DER', 'amazon.com', 'USD', 1),
  ('CA', 'A2EUQ1WTGCTBG2', 'amazon.ca', 'CAD', 2),
  ('MX', 'A1AM78C64UM0Y8', 'amazon.com.mx', 'MXN', 3),
  ('BR', 'A2Q3Y263D00KWC', 'amazon.com.br', 'BRL', 4),
  ('UK', 'A1F83G8C2ARO7P', 'amazon.co.uk', 'GBP', 5),
  ('DE', 'A1PA6795UKMFR9', 'amazon.de', 'EUR', 6),
  ('FR', 'A13V1IB3VIYZZH', 'amazon.fr', 'EUR', 7),
  ('IT', 'APJ6JRA9NG5V4', 'amazon.it', 'EUR', 8),
  ('ES', 'A1RKKUPIHCS9HS', 'amazon.es', 'EUR', 9),
  ('NL', 'A1805IZSGTT6HS', 'amazon.nl', 'EUR', 10),
  ('SE', 'A2NODRKZP88ZB9', 'amazon.se', 'SEK', 11),
  ('PL', 'A1C3SOZRARQ6R3', 'amazon.pl', 'PLN', 12),
  ('BE', 'AMEN7PMS3EDWL', 'amazon.com.be', 'EUR', 13),
  ('IE', 'A28R8C7NBKEWEA', 'amazon.ie', 'EUR', 14),
  ('JP', 'A1VC38T7YXB528', 'amazon.co.jp', 'JPY', 15),
  ('AU', 'A39IBJ37TRP1C6', 'amazon.com.au', 'AUD', 16),
  ('IN', 'A21TJRUUN4KGV', 'amazon.in', 'INR', 17),
  ('AE', 'A2VIGQ35RCS4UG', 'amazon.ae', 'AED', 18),
  ('SA', 'A17E79C6D8DWNP', 'amazon.sa', 'SAR', 19),
  ('SG', 'A19VAU5U5O7RUS', 'amazon.sg', 'SGD', 20),
  ('TR', 'A33AVAJ2PDY3EV', 'amazon.com.tr', 'TRY', 21),
  ('EG', 'ARBP9OOSHTCHU', 'amazon.eg', 'EGP', 22),
  ('ZA', 'AE08WJ6YKNBMC', 'amazon.co.za', 'ZAR', 23);

create table accounts (
  id         text collate "C" primary key,
  role       text not null check (role in ('creator', 'seller', 'operator')),
  name       text not null default '',
  created_at timestamptz not null default now(),
  -- target of the role-checked foreign keys below (a partnership's creator must be a creator)
  unique (id, role)
);

-- Only the SHA-256 of a token is stored; the token is shown once when issued.
create table api_tokens (
  id           text primary key,
  account_id   text not null references accounts (id) on delete cascade,
  name         text not null default '',
  token_hash   bytea not null unique, -- unique index: the lookup of every request
  prefix       text not null,         -- first characters, so an operator can recognise a token
  created_at   timestamptz not null default now(),
  expires_at   timestamptz,
  revoked_at   timestamptz,
  last_used_at timestamptz
);
-- `csapi tokens list --account`
create index api_tokens_account_idx on api_tokens (account_id, created_at);

create table brands (
  id            text collate "C" primary key, -- pkey: brands page in id order
  name          text not null,
  status        text not null check (status in ('active', 'inactive', 'archived')),
  description   text,
  logo_url      text,
  website       text,
  discoverable  boolean not null default true,
  ads_connected boolean not null default true,
  -- Aggregates of the brand's active products, kept current by the triggers on products so
  -- that a brands page never counts products.
  product_count  integer not null default 0,
  amazon_regions text[] not null default '{}',
  updated_at     timestamptz not null default now()
);
-- The brands every creator may discover, walked in id order without reading hidden ones.
create index brands_discoverable_idx on brands (id) where status = 'active' and discoverable;

-- Which brands a seller or operator may read the products of.
create table brand_access (
  account_id text not null references accounts (id) on delete cascade,
  brand_id   text not null references brands (id) on delete cascade,
  primary key (account_id, brand_id)
);

create table products (
  id     text collate "C" primary key,
  brand_id text not null references brands (id),
  asin   text not null check (asin ~ '^[A-Z0-9]{10}$'),
  title  text not null,
  status text not null check (status in ('active', 'inactive', 'archived')),
  -- Current general commission terms; null type means none.
  commission_type       text check (commission_type in ('percentage', 'flat')),
  commission_rate_bps   integer,
  commission_flat_cents bigint,
  commission_currency   text,
  image_url       text,
  detail_page_url text,
  country_code    text references marketplaces (code),
  price_cents     bigint check (price_cents >= 0),
  currency        text check (currency ~ '^[A-Z]{3}$'),
  updated_at      timestamptz not null default now(),
  check (
    (commission_type is null and commission_rate_bps is null and commission_flat_cents is null
      and commission_currency is null)
    or (commission_type = 'percentage' and commission_rate_bps between 0 and 10000
      and commission_flat_cents is null and commission_currency is null)
    or (commission_type = 'flat' and commission_rate_bps is null and commission_flat_cents >= 0
      and commission_currency ~ '^[A-Z]{3}$')
  ),
  -- targets of the foreign keys that keep links' and report rows' copies of brand and asin right
  unique (id, brand_id),
  unique (id, asin)
);
-- Products page: one brand's products in id order; also the brand aggregates' scan.
create index products_brand_idx on products (brand_id, id);

create table partnerships (
  creator_id   text not null,
  creator_role text not null default 'creator' check (creator_role = 'creator'),
  brand_id     text collate "C" not null references brands (id) on delete cascade,
  status       text not null check (status in ('approved', 'pending', 'rejected', 'suspended')),
  updated_at   timestamptz not null default now(),
  -- pkey: a creator's partnered brands in brand id order, merged into the brands page
  primary key (creator_id, brand_id),
  foreign key (creator_id, creator_role) references accounts (id, role) on delete cascade
);

create table links (
  id              text primary key,
  creator_id      text not null,
  creator_role    text not null default 'creator' check (creator_role = 'creator'),
  brand_id        text not null references brands (id),
  product_id      text,
  tracking_id     text not null default '',
  short_url       text not null,
  destination_url text not null,
  created_at      timestamptz not null default now(),
  foreign key (creator_id, creator_role) references accounts (id, role),
  -- a link's product belongs to the link's brand
  foreign key (product_id, brand_id) references products (id, brand_id),
  -- target of report rows' foreign key: their creator and brand copies match the link's
  unique (id, creator_id, brand_id)
);
-- a creator's links (ingestion, exports)
create index links_creator_idx on links (creator_id);

-- One row per (date, link, product, marketplace). creator_id, brand_id and asin are copies
-- kept right by foreign keys, so that every reports page is a range scan of one index.
create table report_rows (
  id                bigint generated always as identity primary key,
  date              date not null,
  link_id           text not null,
  product_id        text not null,
  creator_id        text not null,
  brand_id          text not null,
  asin              text not null,
  marketplace       text not null references marketplaces (code),
  currency          text not null check (currency ~ '^[A-Z]{3}$'),
  sales_cents       bigint not null check (sales_cents >= 0),
  commission_cents  bigint not null check (commission_cents >= 0),
  commission_status text not null check (commission_status in ('pending', 'approved', 'paid', 'reversed')),
  orders            integer not null check (orders >= 0),
  units_sold        integer not null check (units_sold >= 0),
  clicks            integer not null check (clicks >= 0),
  detail_page_views integer not null check (detail_page_views >= 0),
  add_to_carts      integer not null check (add_to_carts >= 0),
  updated_at        timestamptz not null default now(),
  -- natural key: the upsert target of imports
  unique (date, link_id, product_id, marketplace),
  foreign key (link_id, creator_id, brand_id) references links (id, creator_id, brand_id),
  foreign key (product_id, brand_id) references products (id, brand_id),
  foreign key (product_id, asin) references products (id, asin) on update cascade
);
-- Reports pages, ordered by (date, id). One index per filter so that a filtered page is a
-- range scan too, never a walk over the creator's other rows.
create index report_rows_creator_idx     on report_rows (creator_id, date, id);
create index report_rows_brand_idx       on report_rows (creator_id, brand_id, date, id);
create index report_rows_product_idx     on report_rows (creator_id, product_id, date, id);
create index report_rows_asin_idx        on report_rows (creator_id, asin, date, id);
create index report_rows_marketplace_idx on report_rows (creator_id, marketplace, date, id);
-- link filter: a link has one creator, so its rows are all the creator's
create index report_rows_link_idx        on report_rows (link_id, date, id);

-- Server-side settings shared by every instance (the generated cursor secret).
create table settings (
  key   text primary key,
  value text not null
);

-- Brand aggregates: recomputed for the brands a statement on products touched.
create function refresh_brand_aggregates(brand_ids text[]) returns void
language sql as $$
  update brands b set
    product_count = (select count(*) from products p where p.brand_id = b.id and p.status = 'active'),
    amazon_regions = array(
      select m.code from marketplaces m
      where exists (select 1 from products p
                    where p.brand_id = b.id and p.status = 'active' and p.country_code = m.code)
      order by m.position)
  where b.id = any (brand_ids)
$$;

create function products_refresh_brands() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform refresh_brand_aggregates(array(select distinct brand_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform refresh_brand_aggregates(array(select distinct brand_id from old_rows));
  else
    perform refresh_brand_aggregates(array(
      select brand_id from new_rows union select brand_id from old_rows));
  end if;
  return null;
end
$$;

create trigger products_refresh_brands_ins after insert on products
  referencing new table as new_rows for each statement execute function products_refresh_brands();
create trigger products_refresh_brands_upd after update on products
  referencing old table as old_rows new table as new_rows
  for each statement execute function products_refresh_brands();
create trigger products_refresh_brands_del after delete on products
  referencing old table as old_rows for each statement execute function products_refresh_brands();
