-- 003: covering indexes, so that a reports page reads only index pages (measured with
-- `npm run bench`; see docs/performance.md).

-- A creator's reports page (no filter): an index-only range scan in (date, id) order. It
-- replaces report_rows_creator_idx, whose key it repeats; the INCLUDE columns are the ones the
-- page returns, so no heap page is read while the visibility map is current (vacuum). Before
-- it, a creator whose rows are spread over the year read one heap page per row (the heap is in
-- date order), and the planner turned a 500-row page into a bitmap scan + sort + hash join
-- over every link (87 ms instead of 1.4 ms on 1M rows).
create index report_rows_creator_cover_idx on report_rows (creator_id, date, id)
  include (link_id, brand_id, product_id, asin, marketplace, currency, sales_cents, commission_cents,
           commission_status, orders, units_sold, clicks, detail_page_views, add_to_carts);
drop index report_rows_creator_idx;

-- The link of every reports row (one lookup per row of a page): index-only, without a visit
-- to the links heap. Small (one entry per link).
create unique index links_page_idx on links (id) include (tracking_id, short_url, destination_url);
