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
--
-- The totals of the rows already here are computed at the end (report_totals_rebuild): one pass
-- over report_rows, a few minutes at 10M rows, during which writers wait. Run it in a quiet hour.

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
-- old version and inserts the new), added to each table by one grouped upsert that reads the
-- statement's transition tables directly (`delta`: the rows with their sign). A key its rows all
-- left is deleted.
-- (Transition tables are visible only to their trigger's own function: this is that function.)
create function report_totals_apply() returns trigger
language plpgsql as $$
declare
  delta text;
  removed text;
  sums constant text := 'sum(d.s), sum(d.s * d.clicks), sum(d.s * d.detail_page_views), sum(d.s * d.add_to_carts), '
    || 'sum(d.s * d.orders), sum(d.s * d.units_sold), sum(d.s * d.sales_cents), sum(d.s * d.commission_cents)';
  adds constant text := 'rows = t.rows + excluded.rows, clicks = t.clicks + excluded.clicks, '
    || 'detail_page_views = t.detail_page_views + excluded.detail_page_views, '
    || 'add_to_carts = t.add_to_carts + excluded.add_to_carts, orders = t.orders + excluded.orders, '
    || 'units_sold = t.units_sold + excluded.units_sold, sales_cents = t.sales_cents + excluded.sales_cents, '
    || 'commission_cents = t.commission_cents + excluded.commission_cents';
  fine constant text := 'creator_id, month, brand_id, marketplace, link_id, product_id, asin, commission_status, currency';
  brand constant text := 'creator_id, month, brand_id, marketplace, commission_status, currency';
  day constant text := 'creator_id, date, brand_id, marketplace, commission_status, currency';
begin
  if tg_op = 'INSERT' then
    delta := 'select 1::bigint as s, * from new_rows';
  elsif tg_op = 'DELETE' then
    delta := 'select -1::bigint as s, * from old_rows';
    removed := 'old_rows';
  else
    delta := 'select 1::bigint as s, * from new_rows union all select -1::bigint, * from old_rows';
    removed := 'old_rows';
  end if;
  execute format($q$
    insert into report_month_totals as t
    select d.creator_id, date_trunc('month', d.date)::date, d.brand_id, d.marketplace, d.link_id, d.product_id,
           d.asin, d.commission_status, d.currency, %s
      from (%s) d
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (%s) do update set %s$q$, sums, delta, fine, adds);
  execute format($q$
    insert into report_month_brand_totals as t
    select d.creator_id, date_trunc('month', d.date)::date, d.brand_id, d.marketplace, d.commission_status,
           d.currency, %s
      from (%s) d
     group by 1, 2, 3, 4, 5, 6
    on conflict (%s) do update set %s$q$, sums, delta, brand, adds);
  execute format($q$
    insert into report_day_totals as t
    select d.creator_id, d.date, d.brand_id, d.marketplace, d.commission_status, d.currency, %s
      from (%s) d
     group by 1, 2, 3, 4, 5, 6
    on conflict (%s) do update set %s$q$, sums, delta, day, adds);
  if removed is not null then
    execute format($q$
      delete from report_month_totals t
       using (select distinct creator_id, date_trunc('month', date)::date as month, brand_id, marketplace, link_id,
                     product_id, asin, commission_status, currency from %s) k
       where t.rows = 0 and (t.%s) = (k.%s)$q$,
      removed, replace(fine, ', ', ', t.'), replace(fine, ', ', ', k.'));
    execute format($q$
      delete from report_month_brand_totals t
       using (select distinct creator_id, date_trunc('month', date)::date as month, brand_id, marketplace,
                     commission_status, currency from %s) k
       where t.rows = 0 and (t.%s) = (k.%s)$q$,
      removed, replace(brand, ', ', ', t.'), replace(brand, ', ', ', k.'));
    execute format($q$
      delete from report_day_totals t
       using (select distinct creator_id, date, brand_id, marketplace, commission_status, currency from %s) k
       where t.rows = 0 and (t.%s) = (k.%s)$q$,
      removed, replace(day, ', ', ', t.'), replace(day, ', ', ', k.'));
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
-- Totals are sums over the rows: a truncate of the rows empties them too.
create function report_rows_truncate_totals() returns trigger
language plpgsql as $$
begin
  truncate report_month_totals, report_month_brand_totals, report_day_totals;
  return null;
end
$$;
create trigger report_rows_truncate_totals after truncate on report_rows
  for each statement execute function report_rows_truncate_totals();

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
