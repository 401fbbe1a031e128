-- 015: report totals for GET /api/creator/v1/reports/summary and /reports/freshness (docs/api.md,
-- docs/architecture.md "Report summaries").
--
-- A summary must cost the same for a day and for three years, and equal the rows to the cent. So
-- the rows' writers keep totals of them, in the statement that writes the rows (statement
-- triggers over the transition tables: one grouped upsert per statement, not one per row). Being
-- written in the rows' own transaction, the totals commit, roll back and become visible with them:
-- a summary, one statement, reads rows and totals from one snapshot, and they always agree.
--
-- Three tables, each the rows' sums at one grain, keyed by everything a summary can filter or
-- group on at that grain:
--   report_month_totals       creator, month, brand, marketplace, link, product, asin, status, currency
--   report_month_brand_totals creator, month, brand, marketplace, status, currency
--   report_day_totals         creator, date, brand, marketplace, status, currency
-- A summary reads whole months from a month table (the brand one when it filters and groups only
-- on brand, marketplace and status) and only the partial months at the range's edges from the
-- day table or the rows (src/http/summary/engine.ts). A key whose rows all left it is deleted, so
-- the day table's dates are the dates that have rows (freshness).
--
-- Writers of report rows hold the writers' lock (migration 007) from their first write: the
-- totals' upserts never wait on each other in another order. Deletes take it too (below).

create table report_month_totals (
  creator_id        text not null,
  month             date not null check (extract(day from month) = 1),
  brand_id          text not null,
  marketplace       text not null,
  link_id           text not null,
  product_id        text not null,
  asin              text not null,
  commission_status text not null,
  currency          text not null,
  rows              bigint not null,
  clicks            bigint not null,
  detail_page_views bigint not null,
  add_to_carts      bigint not null,
  orders            bigint not null,
  units_sold        bigint not null,
  sales_cents       bigint not null,
  commission_cents  bigint not null,
  -- pkey: a creator's months in order, every dimension after (a range scan per summary part)
  primary key (creator_id, month, brand_id, marketplace, link_id, product_id, asin, commission_status, currency)
);

create table report_month_brand_totals (
  creator_id        text not null,
  month             date not null check (extract(day from month) = 1),
  brand_id          text not null,
  marketplace       text not null,
  commission_status text not null,
  currency          text not null,
  rows              bigint not null,
  clicks            bigint not null,
  detail_page_views bigint not null,
  add_to_carts      bigint not null,
  orders            bigint not null,
  units_sold        bigint not null,
  sales_cents       bigint not null,
  commission_cents  bigint not null,
  primary key (creator_id, month, brand_id, marketplace, commission_status, currency)
);

create table report_day_totals (
  creator_id        text not null,
  date              date not null,
  brand_id          text not null,
  marketplace       text not null,
  commission_status text not null,
  currency          text not null,
  rows              bigint not null,
  clicks            bigint not null,
  detail_page_views bigint not null,
  add_to_carts      bigint not null,
  orders            bigint not null,
  units_sold        bigint not null,
  sales_cents       bigint not null,
  commission_cents  bigint not null,
  primary key (creator_id, date, brand_id, marketplace, commission_status, currency)
);
-- freshness: a brand and marketplace's first and last dates with rows (two probes each) ...
create index report_day_totals_brand_idx on report_day_totals (creator_id, brand_id, marketplace, date);
-- ... and its first date with a pending row (one probe)
create index report_day_totals_pending_idx on report_day_totals (creator_id, brand_id, marketplace, date)
  where commission_status = 'pending';

-- The totals of the rows a statement inserted (sign 1) or removed (sign -1; an update removes the
-- old version and inserts the new), added to the three tables. The statement's delta is grouped
-- once, at the finest grain, into a temporary table that the three upserts read.
create function report_totals_apply() returns trigger
language plpgsql as $$
begin
  -- The delta of this statement, at the finest grain the tables need.
  create temp table if not exists report_totals_delta (
    creator_id text, date date, brand_id text, marketplace text, link_id text, product_id text, asin text,
    commission_status text, currency text, rows bigint, clicks bigint, detail_page_views bigint,
    add_to_carts bigint, orders bigint, units_sold bigint, sales_cents bigint, commission_cents bigint
  ) on commit drop;
  truncate report_totals_delta;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into report_totals_delta
    select creator_id, date, brand_id, marketplace, link_id, product_id, asin, commission_status, currency,
           count(*), sum(clicks), sum(detail_page_views), sum(add_to_carts), sum(orders), sum(units_sold),
           sum(sales_cents), sum(commission_cents)
      from new_rows
     group by creator_id, date, brand_id, marketplace, link_id, product_id, asin, commission_status, currency;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    insert into report_totals_delta
    select creator_id, date, brand_id, marketplace, link_id, product_id, asin, commission_status, currency,
           -count(*), -sum(clicks), -sum(detail_page_views), -sum(add_to_carts), -sum(orders), -sum(units_sold),
           -sum(sales_cents), -sum(commission_cents)
      from old_rows
     group by creator_id, date, brand_id, marketplace, link_id, product_id, asin, commission_status, currency;
  end if;

  insert into report_month_totals as t
  select creator_id, date_trunc('month', date)::date, brand_id, marketplace, link_id, product_id, asin,
         commission_status, currency, sum(rows), sum(clicks), sum(detail_page_views), sum(add_to_carts),
         sum(orders), sum(units_sold), sum(sales_cents), sum(commission_cents)
    from report_totals_delta
   group by creator_id, date_trunc('month', date), brand_id, marketplace, link_id, product_id, asin,
            commission_status, currency
  on conflict (creator_id, month, brand_id, marketplace, link_id, product_id, asin, commission_status, currency)
  do update set rows = t.rows + excluded.rows, clicks = t.clicks + excluded.clicks,
    detail_page_views = t.detail_page_views + excluded.detail_page_views,
    add_to_carts = t.add_to_carts + excluded.add_to_carts, orders = t.orders + excluded.orders,
    units_sold = t.units_sold + excluded.units_sold, sales_cents = t.sales_cents + excluded.sales_cents,
    commission_cents = t.commission_cents + excluded.commission_cents;

  insert into report_month_brand_totals as t
  select creator_id, date_trunc('month', date)::date, brand_id, marketplace, commission_status, currency,
         sum(rows), sum(clicks), sum(detail_page_views), sum(add_to_carts), sum(orders), sum(units_sold),
         sum(sales_cents), sum(commission_cents)
    from report_totals_delta
   group by creator_id, date_trunc('month', date), brand_id, marketplace, commission_status, currency
  on conflict (creator_id, month, brand_id, marketplace, commission_status, currency)
  do update set rows = t.rows + excluded.rows, clicks = t.clicks + excluded.clicks,
    detail_page_views = t.detail_page_views + excluded.detail_page_views,
    add_to_carts = t.add_to_carts + excluded.add_to_carts, orders = t.orders + excluded.orders,
    units_sold = t.units_sold + excluded.units_sold, sales_cents = t.sales_cents + excluded.sales_cents,
    commission_cents = t.commission_cents + excluded.commission_cents;

  insert into report_day_totals as t
  select creator_id, date, brand_id, marketplace, commission_status, currency,
         sum(rows), sum(clicks), sum(detail_page_views), sum(add_to_carts), sum(orders), sum(units_sold),
         sum(sales_cents), sum(commission_cents)
    from report_totals_delta
   group by creator_id, date, brand_id, marketplace, commission_status, currency
  on conflict (creator_id, date, brand_id, marketplace, commission_status, currency)
  do update set rows = t.rows + excluded.rows, clicks = t.clicks + excluded.clicks,
    detail_page_views = t.detail_page_views + excluded.detail_page_views,
    add_to_carts = t.add_to_carts + excluded.add_to_carts, orders = t.orders + excluded.orders,
    units_sold = t.units_sold + excluded.units_sold, sales_cents = t.sales_cents + excluded.sales_cents,
    commission_cents = t.commission_cents + excluded.commission_cents;

  -- Keys that rows left (an update or a delete) may now hold none: they go.
  if tg_op in ('DELETE', 'UPDATE') then
    delete from report_month_totals t using report_totals_delta d
     where d.rows < 0 and t.rows = 0
       and (t.creator_id, t.month, t.brand_id, t.marketplace, t.link_id, t.product_id, t.asin, t.commission_status,
            t.currency)
         = (d.creator_id, date_trunc('month', d.date)::date, d.brand_id, d.marketplace, d.link_id, d.product_id,
            d.asin, d.commission_status, d.currency);
    delete from report_month_brand_totals t using report_totals_delta d
     where d.rows < 0 and t.rows = 0
       and (t.creator_id, t.month, t.brand_id, t.marketplace, t.commission_status, t.currency)
         = (d.creator_id, date_trunc('month', d.date)::date, d.brand_id, d.marketplace, d.commission_status,
            d.currency);
    delete from report_day_totals t using report_totals_delta d
     where d.rows < 0 and t.rows = 0
       and (t.creator_id, t.date, t.brand_id, t.marketplace, t.commission_status, t.currency)
         = (d.creator_id, d.date, d.brand_id, d.marketplace, d.commission_status, d.currency);
  end if;
  return null;
end
$$;

create trigger report_rows_totals_ins after insert on report_rows
  referencing new table as new_rows for each statement execute function report_totals_apply();
create trigger report_rows_totals_upd after update on report_rows
  referencing old table as old_rows new table as new_rows for each statement execute function report_totals_apply();
create trigger report_rows_totals_del after delete on report_rows
  referencing old table as old_rows for each statement execute function report_totals_apply();
-- A delete (an operator's SQL) takes the writers' lock as inserts and updates do (migration 007).
create trigger report_rows_writers_lock_del before delete on report_rows
  for each statement execute function report_rows_writers_lock();
-- Totals are sums over the rows: a truncate would leave them standing.
create function report_rows_no_truncate() returns trigger
language plpgsql as $$
begin
  raise exception 'report_rows cannot be truncated: delete the rows, so that their totals follow'
    using errcode = '55000';
end
$$;
create trigger report_rows_no_truncate before truncate on report_rows
  for each statement execute function report_rows_no_truncate();

-- The totals from the rows, all of them at once: the rows already here, and whatever was loaded
-- without triggers (session_replication_role = replica, as the bench's generator does).
create function report_totals_rebuild() returns void
language sql as $$
  delete from report_month_totals;
  delete from report_month_brand_totals;
  delete from report_day_totals;
  insert into report_month_totals
  select creator_id, date_trunc('month', date)::date, brand_id, marketplace, link_id, product_id, asin,
         commission_status, currency, count(*), sum(clicks), sum(detail_page_views), sum(add_to_carts), sum(orders),
         sum(units_sold), sum(sales_cents), sum(commission_cents)
    from report_rows
   group by creator_id, date_trunc('month', date), brand_id, marketplace, link_id, product_id, asin,
            commission_status, currency;
  insert into report_month_brand_totals
  select creator_id, month, brand_id, marketplace, commission_status, currency, sum(rows), sum(clicks),
         sum(detail_page_views), sum(add_to_carts), sum(orders), sum(units_sold), sum(sales_cents),
         sum(commission_cents)
    from report_month_totals
   group by creator_id, month, brand_id, marketplace, commission_status, currency;
  insert into report_day_totals
  select creator_id, date, brand_id, marketplace, commission_status, currency, count(*), sum(clicks),
         sum(detail_page_views), sum(add_to_carts), sum(orders), sum(units_sold), sum(sales_cents),
         sum(commission_cents)
    from report_rows
   group by creator_id, date, brand_id, marketplace, commission_status, currency;
$$;
select report_totals_rebuild();
