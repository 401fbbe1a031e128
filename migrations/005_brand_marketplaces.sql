-- 005: brands keep the Amazon domains of their active products' marketplaces beside the codes,
-- so that a brands page reads them instead of looking each code up (the page's JSON is built
-- by PostgreSQL: docs/performance.md). Kept current by the same trigger as product_count.
alter table brands add column amazon_marketplaces text[] not null default '{}';

create or replace function refresh_brand_aggregates(brand_ids text[]) returns void
language sql as $$
  update brands b set
    product_count = a.product_count,
    amazon_regions = a.regions,
    amazon_marketplaces = a.domains
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

select refresh_brand_aggregates(array(select id from brands));
