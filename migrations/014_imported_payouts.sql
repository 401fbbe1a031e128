-- 014: a report row is paid only when exactly one payout line covers it (docs/payouts.md).
--
-- Rows a dataset file brings in as `paid` were settled before this service: `csapi import` now
-- covers them with an imported payout per creator and currency (source 'import'), so that what
-- the payouts paid always equals the commissions of the paid rows plus the settled adjustments.
-- Paid rows already here without a payout (imported before this release) get the same now.

-- source: 'pay' (csapi commissions pay) or 'import' (paid before this service, by csapi import).
alter table payouts add column source text not null default 'pay' check (source in ('pay', 'import'));
-- An imported payout states what was paid elsewhere: rows that earned nothing make it 0, never
-- negative. A payout this service makes stays positive.
alter table payouts drop constraint payouts_amount_cents_check;
alter table payouts add constraint payouts_amount_cents_check
  check (amount_cents > 0 or (source = 'import' and amount_cents = 0));

-- The paid rows no line covers, one imported payout per creator and currency, lines in the
-- documented order (date, link, product, marketplace).
create temp table uncovered on commit drop as
  select r.id, r.creator_id, r.currency, r.date, r.link_id, r.product_id, r.asin, r.marketplace, r.commission_cents,
         row_number() over (partition by r.creator_id, r.currency
                            order by r.date, r.link_id, r.product_id, r.marketplace) as line_no
    from report_rows r
   where r.commission_status = 'paid'
     and not exists (select 1 from payout_lines l where l.report_row_id = r.id and l.creator_id = r.creator_id
                                                    and l.type = 'commission');
insert into payouts (id, creator_id, currency, commission_cents, adjustment_cents, amount_cents, line_count, through,
                     source)
select 'po_' || replace(gen_random_uuid()::text, '-', ''), creator_id, currency, sum(commission_cents), 0,
       sum(commission_cents), count(*), max(date), 'import'
  from uncovered group by creator_id, currency order by creator_id, currency;
insert into payout_lines (payout_id, line_no, type, creator_id, report_date, report_row_id, link_id, product_id, asin,
                          marketplace, amount_cents)
select p.id, u.line_no, 'commission', u.creator_id, u.date, u.id, u.link_id, u.product_id, u.asin, u.marketplace,
       u.commission_cents
  from uncovered u
  join payouts p on p.creator_id = u.creator_id and p.currency = u.currency and p.source = 'import'
                and p.created_txid = txid_current();

-- From now on the database refuses a paid row that no commission line covers when the writing
-- transaction commits (the lines come after the rows they name: a foreign key). A row a line
-- covers cannot leave `paid` (migration 009), and a line never goes away (008).
create function report_rows_paid_covered() returns trigger
language plpgsql as $$
begin
  if new.commission_status = 'paid' and not exists (
       select 1 from payout_lines l
        where l.report_row_id = new.id and l.creator_id = new.creator_id and l.type = 'commission') then
    raise exception 'report row % (%, link %, product %, %) is paid but no payout line pays it: rows are paid by csapi commissions pay, or come paid with csapi import (an imported payout)',
      new.id, new.date, new.link_id, new.product_id, new.marketplace
      using errcode = '23514';
  end if;
  return null;
end
$$;
create constraint trigger report_rows_paid_covered_insert after insert on report_rows
  deferrable initially deferred for each row
  when (new.commission_status = 'paid')
  execute function report_rows_paid_covered();
create constraint trigger report_rows_paid_covered_update after update of commission_status on report_rows
  deferrable initially deferred for each row
  when (new.commission_status = 'paid' and old.commission_status <> 'paid')
  execute function report_rows_paid_covered();

-- An adjustment moves a commission; a restatement that leaves it as it was is not one. Adjustments
-- recorded before this release are left as they are (a settled one is a payout's line).
alter table commission_adjustments add constraint commission_adjustments_moves_commission
  check (amount_after_cents <> amount_before_cents) not valid;
