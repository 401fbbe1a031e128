-- 016: the seller's access paths (GET /api/seller/v1/reports) and the creator's links list
-- (GET /api/creator/v1/links).

-- A seller's reports page: one brand's rows of every creator, in (date, id) order, as one range
-- scan that reads no other brand's rows and walks no creator's. The creator indexes all lead with
-- creator_id, so without this a brand page would read every creator's rows. The key only, not
-- covering like the creator's page (003): every ingested row writes each index of report_rows,
-- and a copy of the whole row in one more index costs the ingest more than the 1.15× its time
-- without it allowed for this index; a page reads its rows' heap tuples instead, and the product,
-- ASIN and marketplace filters are checked on them within the brand's range (a creator_id filter
-- can use the creator-keyed indexes).
create index report_rows_seller_idx on report_rows (brand_id, date, id);

-- A creator's links in id (byte) order: one range scan per page. Its key starts with the key of
-- links_creator_idx, which it replaces for that index's lookups by creator.
create index links_creator_id_idx on links (creator_id, (id collate "C"));
drop index links_creator_idx;
