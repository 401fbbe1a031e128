-- 004: report rows' two foreign keys to products become one, (product_id, brand_id, asin) →
-- products (id, brand_id, asin). Every inserted report row ran one referential check per
-- foreign key (a trigger and an index lookup, ~4 µs a row); one fewer makes a 1M-row ingest
-- seconds faster. The same guarantees:
--   - a report row's product exists, and its brand_id and asin copies are the product's: the
--     one key checks all three at once;
--   - an ASIN corrected on a product still follows into its report rows (on update cascade);
--   - a product's brand still cannot change under its report rows: the cascade would carry the
--     new brand into them, and their foreign key to links (link_id, creator_id, brand_id) then
--     refuses it, as the link keeps its brand (before: refused by the no-action key directly).
-- The target constraint is a unique (id, brand_id, asin) on products; (id, asin), whose only
-- referrer was the dropped key, goes; (id, brand_id) stays for links.
alter table products add constraint products_id_brand_id_asin_key unique (id, brand_id, asin);
alter table report_rows add constraint report_rows_product_fkey
  foreign key (product_id, brand_id, asin) references products (id, brand_id, asin) on update cascade;
alter table report_rows drop constraint report_rows_product_id_brand_id_fkey;
alter table report_rows drop constraint report_rows_product_id_asin_fkey;
alter table products drop constraint products_id_asin_key;
