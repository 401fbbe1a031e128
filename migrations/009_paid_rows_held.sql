-- 009: a report row a payout has paid keeps what it was paid as.
--
-- Ingestion never rewrites an approved or paid row (a restatement becomes an adjustment), but a
-- dataset import upserts rows as the file says: a file that set a paid row back to `approved`
-- would make `commissions pay` take it a second time, and one that changed its commission would
-- make the payout's line disagree with the row the creator reads. The database refuses both for
-- every writer: while a payout's commission line holds the row, its status stays `paid` and its
-- commission and currency stay those of the line. Rows marked paid without a payout (imported
-- history) are not held.
create function report_rows_paid_held() returns trigger
language plpgsql as $$
declare
  held text;
begin
  select payout_id into held from payout_lines where report_row_id = old.id and type = 'commission';
  if held is not null then
    raise exception 'report row % (%, link %, product %, %) is paid by payout %: its status, commission and currency cannot change (a restatement is recorded as an adjustment by ingestion)',
      old.id, old.date, old.link_id, old.product_id, old.marketplace, held
      using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger report_rows_paid_held before update on report_rows
  for each row
  when (old.commission_status = 'paid'
        and (old.commission_status, old.commission_cents, old.currency) is distinct from (new.commission_status, new.commission_cents, new.currency))
  execute function report_rows_paid_held();
