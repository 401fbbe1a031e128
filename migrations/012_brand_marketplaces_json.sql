-- 012: a brand's marketplaces are kept as the JSON the brands page serves.
--
-- amazon_regions and amazon_marketplaces (up to 23 values each) went through to_json on every
-- brands page, for every brand of it: two thirds of the statement's JSON work. They are aggregates
-- that only refresh_brand_aggregates writes, and nothing reads them but the page, so they are
-- stored as json and the page copies them as they are (to_json of a json value is the value).
-- Measured on the 1M-row bench dataset (docs/performance.md): pgbench ran the brands statement
-- 2,490–2,680 times a second against 1,530–2,040, and PGlite added 0.05–0.17 ms for 100 brands'
-- two arrays against 0.39–0.57.
alter table brands
  alter column amazon_regions drop default,
  alter column amazon_regions type json using to_json(amazon_regions),
  alter column amazon_regions set default '[]',
  alter column amazon_marketplaces drop default,
  alter column amazon_marketplaces type json using to_json(amazon_marketplaces),
  alter column amazon_marketplaces set default '[]';

create or replace function refresh_brand_aggregates(brand_ids text[]) returns void
language sql as $$
  update brands b set
    product_count = a.product_count,
    amazon_regions = to_json(a.regions),
    amazon_marketplaces = to_json(a.domains)
  from (
    select x.id,
           (select count(*) from products p where p.brand_id = x.id and p.status = 'active') as product_count,
           array(select m.code from marketplaces m
                  where exists (select 1 from products p
                                where p.brand_id = x.id and p.status = 'active' and p.country_code = m.code)
                  order by m.position) as regions,
           array(select m.domain from marketplaces m
                  where exists (select 1 from products p
                                where p.brand_id = x.id and p.status = 'active' and p.country_code = m.code)
                  order by m.position) as domains
      from unnest(brand_ids) as x(id)
  ) a
  where b.id = a.id
$$;
