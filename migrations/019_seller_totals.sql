-- 019: a seller's summary reads one brand's totals in date order; the totals' keys lead with
-- creator_id, so without these it read each table whole. Key only, as 016's seller index.
create index report_month_totals_seller_idx on report_month_totals (brand_id, month);
create index report_month_brand_totals_seller_idx on report_month_brand_totals (brand_id, month);
create index report_day_totals_seller_idx on report_day_totals (brand_id, date);
