-- 020: a creator's totals per month without the brand, for summaries that name no brand, product,
-- ASIN or link: a few hundred keys a year whatever the number of brands. Kept by the statement
-- triggers of 015; report_totals_apply is restated whole to add it (forward-only migrations).

create table report_month_creator_totals (
  creator_id        text not null,
  month             date not null check (extract(day from month) = 1),
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
  primary key (creator_id, month, marketplace, commission_status, currency)
);

create or replace function report_totals_apply() returns trigger
language plpgsql as $$
declare
  delta text;
  removed text;
  sums constant text := 'sum(d.s), sum(d.s * d.clicks), sum(d.s * d.detail_page_views), sum(d.s * d.add_to_carts), '
    || 'sum(d.s * d.orders), sum(d.s * d.units_sold), sum(d.s * d.sales_cents), sum(d.s * d.commission_cents)';
  resums constant text := 'sum(rows), sum(clicks), sum(detail_page_views), sum(add_to_carts), sum(orders), '
    || 'sum(units_sold), sum(sales_cents), sum(commission_cents)';
  metrics constant text := 'rows, clicks, detail_page_views, add_to_carts, orders, units_sold, sales_cents, commission_cents';
  adds constant text := 'rows = t.rows + excluded.rows, clicks = t.clicks + excluded.clicks, '
    || 'detail_page_views = t.detail_page_views + excluded.detail_page_views, '
    || 'add_to_carts = t.add_to_carts + excluded.add_to_carts, orders = t.orders + excluded.orders, '
    || 'units_sold = t.units_sold + excluded.units_sold, sales_cents = t.sales_cents + excluded.sales_cents, '
    || 'commission_cents = t.commission_cents + excluded.commission_cents';
  fine constant text := 'creator_id, month, brand_id, marketplace, link_id, product_id, asin, commission_status, currency';
  brand constant text := 'creator_id, month, brand_id, marketplace, commission_status, currency';
  creator constant text := 'creator_id, month, marketplace, commission_status, currency';
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
  -- the brand grain's sums, upserted, and added up again per creator month
  execute format($q$
    with b(%s, %s) as (
      select d.creator_id, date_trunc('month', d.date)::date, d.brand_id, d.marketplace, d.commission_status,
             d.currency, %s
        from (%s) d
       group by 1, 2, 3, 4, 5, 6),
    brand_upsert as (
      insert into report_month_brand_totals as t select * from b
      on conflict (%s) do update set %s)
    insert into report_month_creator_totals as t
    select %s, %s from b group by %s
    on conflict (%s) do update set %s$q$,
    brand, metrics, sums, delta, brand, adds, creator, resums, creator, creator, adds);
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
      delete from report_month_creator_totals t
       using (select distinct creator_id, date_trunc('month', date)::date as month, marketplace, commission_status,
                     currency from %s) k
       where t.rows = 0 and (t.%s) = (k.%s)$q$,
      removed, replace(creator, ', ', ', t.'), replace(creator, ', ', ', k.'));
    execute format($q$
      delete from report_day_totals t
       using (select distinct creator_id, date, brand_id, marketplace, commission_status, currency from %s) k
       where t.rows = 0 and (t.%s) = (k.%s)$q$,
      removed, replace(day, ', ', ', t.'), replace(day, ', ', ', k.'));
  end if;
  return null;
end
$$;

create or replace function report_rows_truncate_totals() returns trigger
language plpgsql as $$
begin
  truncate report_month_totals, report_month_brand_totals, report_month_creator_totals, report_day_totals;
  return null;
end
$$;

create or replace function report_totals_rebuild() returns void
language sql as $$
  delete from report_month_totals;
  delete from report_month_brand_totals;
  delete from report_month_creator_totals;
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
  insert into report_month_creator_totals
  select creator_id, month, marketplace, commission_status, currency, sum(rows), sum(clicks),
         sum(detail_page_views), sum(add_to_carts), sum(orders), sum(units_sold), sum(sales_cents),
         sum(commission_cents)
    from report_month_brand_totals
   group by creator_id, month, marketplace, commission_status, currency;
  insert into report_day_totals
  select creator_id, date, brand_id, marketplace, commission_status, currency, count(*), sum(clicks),
         sum(detail_page_views), sum(add_to_carts), sum(orders), sum(units_sold), sum(sales_cents),
         sum(commission_cents)
    from report_rows
   group by creator_id, date, brand_id, marketplace, commission_status, currency;
$$;

insert into report_month_creator_totals
select creator_id, month, marketplace, commission_status, currency, sum(rows), sum(clicks), sum(detail_page_views),
       sum(add_to_carts), sum(orders), sum(units_sold), sum(sales_cents), sum(commission_cents)
  from report_month_brand_totals
 group by creator_id, month, marketplace, commission_status, currency;
