-- 007: the changes feed of report rows (GET /api/creator/v1/reports/changes, docs/api.md).
--
-- Every write of a report row gives it the next number of one sequence, change_seq, and the feed
-- reads a creator's rows in change_seq order. Numbers taken by concurrent writers could become
-- visible out of order (a later number committed first, an earlier one after a reader moved past
-- it: the sequence-gap problem of change feeds). Here writers of report_rows hold one advisory
-- lock (db/locks.ts REPORTS_WRITE_LOCK) from their first write to their commit, and the lock is
-- released only once the commit is visible: numbers are taken in commit order, so what a reader
-- sees is always every change up to the highest number it sees — a position the feed passes
-- can never be filled in later. A statement trigger takes the lock for any writer that did not
-- (an ASIN correction cascading from products, an operator's own SQL).
--
-- Existing rows are numbered in (date, id) order: a feed followed from the start reads them all.
create sequence report_rows_change_seq as bigint;
alter table report_rows add column change_seq bigint;
update report_rows r set change_seq = n.seq
  from (select id, nextval('report_rows_change_seq') as seq from (select id from report_rows order by date, id) o) n
 where n.id = r.id;
alter table report_rows alter column change_seq set default nextval('report_rows_change_seq'),
                        alter column change_seq set not null;
alter sequence report_rows_change_seq owned by report_rows.change_seq;

-- The feed's page: one range scan of a creator's changes in order. The only index the feed adds:
-- one entry per changed row.
create index report_rows_changes_idx on report_rows (creator_id, change_seq);

-- Any statement writing report rows takes the writers' lock first (re-entrant for a writer that
-- holds it already), so that its change numbers follow every commit before it.
create function report_rows_writers_lock() returns trigger
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(7243003);
  return null;
end
$$;
create trigger report_rows_writers_lock before insert or update on report_rows
  for each statement execute function report_rows_writers_lock();

-- An update that does not renumber the row itself (a cascade, a link's fields, an operator's
-- SQL) still moves it in the feed. The service's own bulk writes set change_seq in the
-- statement, so the function is not called for them: the WHEN clause is checked first.
create function report_rows_mark_changed() returns trigger
language plpgsql as $$
begin
  new.change_seq := nextval('report_rows_change_seq');
  return new;
end
$$;
create trigger report_rows_changed before update on report_rows
  for each row when (old.change_seq = new.change_seq and old.* is distinct from new.*)
  execute function report_rows_mark_changed();

-- A report row's JSON holds its link's tracking_id, short_url and destination_url: a correction
-- of them changes every row of the link.
create function links_mark_report_rows_changed() returns trigger
language plpgsql as $$
begin
  update report_rows set change_seq = nextval('report_rows_change_seq')
   where creator_id = new.creator_id and link_id = new.id;
  return null;
end
$$;
create trigger links_report_fields_changed after update of tracking_id, short_url, destination_url on links
  for each row
  when ((old.tracking_id, old.short_url, old.destination_url) is distinct from (new.tracking_id, new.short_url, new.destination_url))
  execute function links_mark_report_rows_changed();
