-- 016: the seller's access paths (GET /api/seller/v1/reports) and the creator's links list
-- (GET /api/creator/v1/links).

-- A seller's reports page: one brand's rows of every creator in (date, id) order, one range scan
-- (the creator indexes lead with creator_id). Key only, not covering: every ingested row writes
-- each index, so a page reads its rows' heap tuples instead (issue 36's note has the figures).
create index report_rows_seller_idx on report_rows (brand_id, date, id);

-- A creator's links in id (byte) order: one range scan per page. Its key starts with the key of
-- links_creator_idx, which it replaces for that index's lookups by creator.
create index links_creator_id_idx on links (creator_id, (id collate "C"));
drop index links_creator_idx;
