-- 011: report rows' keys include creator_id (docs/scaling.md, "Citus").
--
-- PostgreSQL sharded by creator (Citus) needs the distribution column in every primary and
-- unique key of a distributed table and in the foreign keys between distributed tables. A link
-- has one creator, so adding creator_id changes no key's meaning. It goes last in each key: every
-- index keeps its leading columns, so each lookup that used one keeps its plan (ingestion's join
-- to existing rows, the upserts' conflict check, the paid-row trigger, settlement by row id).
-- On a large table this rebuilds two indexes (a few minutes at 10M rows): run it in a quiet hour.

-- The primary key: (id) -> (id, creator_id). The adjustments' reference goes first and comes back
-- with creator_id.
alter table commission_adjustments drop constraint commission_adjustments_report_row_id_fkey;
alter table report_rows drop constraint report_rows_pkey;
alter table report_rows add constraint report_rows_pkey primary key (id, creator_id);
alter table commission_adjustments add constraint commission_adjustments_report_row_fkey
  foreign key (report_row_id, creator_id) references report_rows (id, creator_id) on delete cascade;

-- The natural key, the upserts' conflict target: (date, link_id, product_id, marketplace, creator_id).
alter table report_rows add constraint report_rows_natural_key unique (date, link_id, product_id, marketplace, creator_id);
alter table report_rows drop constraint report_rows_date_link_id_product_id_marketplace_key;

-- A payout line names the row it pays or adjusts: now a foreign key as well, so a paid row can
-- never disappear from under its payout. A row's commission is still paid once.
alter table payout_lines add constraint payout_lines_report_row_fkey
  foreign key (report_row_id, creator_id) references report_rows (id, creator_id);
drop index payout_lines_commission_once;
create unique index payout_lines_commission_once on payout_lines (report_row_id, creator_id) where type = 'commission';
