-- 008: payouts a creator can reconcile to the cent (docs/payouts.md).
--
-- A payout pays, in one currency, a creator's approved report rows up to a date (commission
-- lines) and every adjustment not yet settled (adjustment lines). Its amount is the sum of its
-- lines, checked when the transaction that creates it commits; payouts and their lines never
-- change afterwards.

-- Adjustments: each says the amount it moves the row's commission from and to, so that a row
-- restated twice is adjusted by the second restatement's own difference, not again by the
-- first's. The row's creator and date go beside its id (the key of a report row for creators and
-- for Citus). payout_id: null while unsettled.
alter table commission_adjustments
  add column creator_id text,
  add column report_date date,
  add column amount_before_cents bigint,
  add column amount_after_cents bigint,
  add column payout_id text;
update commission_adjustments a
   set creator_id = x.creator_id, report_date = x.date, amount_before_cents = x.before, amount_after_cents = x.after
  from (select a2.id, r.creator_id, r.date,
               coalesce(lag(a2.restated_commission_cents) over (partition by a2.report_row_id order by a2.id), a2.commission_cents) as before,
               a2.restated_commission_cents as after
          from commission_adjustments a2 join report_rows r on r.id = a2.report_row_id) x
 where x.id = a.id;
alter table commission_adjustments
  alter column creator_id set not null,
  alter column report_date set not null,
  alter column amount_before_cents set not null,
  alter column amount_after_cents set not null,
  add column difference_cents bigint generated always as (amount_after_cents - amount_before_cents) stored;
-- The adjustments page (a creator's, in the order found) and its unsettled/settled filter: one
-- range scan each.
create index commission_adjustments_creator_idx on commission_adjustments (creator_id, id);
create index commission_adjustments_status_idx on commission_adjustments (creator_id, (payout_id is not null), id);

create table payouts (
  id               text primary key check (id ~ '^po_[0-9a-f]{32}$'),
  -- newest first: the payouts page walks a creator's payouts by seq descending
  seq              bigint generated always as identity unique,
  creator_id       text not null references accounts (id),
  currency         text not null check (currency ~ '^[A-Z]{3}$'),
  commission_cents bigint not null,
  adjustment_cents bigint not null,
  amount_cents     bigint not null,
  line_count       integer not null check (line_count > 0),
  through          date not null,
  created_at       timestamptz not null default now(),
  -- the transaction that wrote it: lines are only ever added in that one
  created_txid     bigint not null default txid_current(),
  -- never a negative (or empty) payout: a balance that is not positive carries forward
  check (amount_cents > 0),
  check (amount_cents = commission_cents + adjustment_cents)
);
create index payouts_creator_idx on payouts (creator_id, seq);

create table payout_lines (
  payout_id     text not null references payouts (id),
  line_no       integer not null,
  type          text not null check (type in ('commission', 'adjustment')),
  -- the report row's key
  creator_id    text not null,
  report_date   date not null,
  report_row_id bigint not null,
  link_id       text not null,
  product_id    text not null,
  asin          text not null,
  marketplace   text not null,
  -- commission: the row's commission; adjustment: its difference
  amount_cents  bigint not null,
  adjustment_id bigint unique references commission_adjustments (id),
  primary key (payout_id, line_no),
  check ((type = 'adjustment') = (adjustment_id is not null))
);
-- a row's commission is paid once
create unique index payout_lines_commission_once on payout_lines (report_row_id) where type = 'commission';
alter table commission_adjustments add constraint commission_adjustments_payout_fkey foreign key (payout_id) references payouts (id);

-- The invariant, at commit of the transaction that creates a payout: its amounts and line count
-- are the sums of its lines (one check per payout, after all of its lines are in).
create function payouts_check_lines() returns trigger
language plpgsql as $$
declare
  s record;
begin
  select coalesce(sum(amount_cents), 0) as amount,
         coalesce(sum(amount_cents) filter (where type = 'commission'), 0) as commission,
         coalesce(sum(amount_cents) filter (where type = 'adjustment'), 0) as adjustment,
         count(*) as lines
    into s from payout_lines where payout_id = new.id;
  if (s.amount, s.commission, s.adjustment, s.lines) is distinct from
     (new.amount_cents, new.commission_cents, new.adjustment_cents, new.line_count::bigint) then
    raise exception 'payout % does not add up: amount %, commission %, adjustment %, % lines; its lines: %, %, %, %',
      new.id, new.amount_cents, new.commission_cents, new.adjustment_cents, new.line_count,
      s.amount, s.commission, s.adjustment, s.lines
      using errcode = '23514';
  end if;
  return null;
end
$$;
create constraint trigger payouts_add_up after insert on payouts
  deferrable initially deferred for each row execute function payouts_check_lines();

-- Lines are written with their payout, in its transaction, and neither ever changes.
create function payout_lines_with_payout() returns trigger
language plpgsql as $$
begin
  if exists (select 1 from new_lines l join payouts p on p.id = l.payout_id where p.created_txid <> txid_current()) then
    raise exception 'payout lines are written with their payout, in the transaction that creates it' using errcode = '23514';
  end if;
  return null;
end
$$;
create trigger payout_lines_with_payout after insert on payout_lines
  referencing new table as new_lines for each statement execute function payout_lines_with_payout();

create function payouts_immutable() returns trigger
language plpgsql as $$
begin
  raise exception '% are never changed once written', tg_table_name using errcode = '23514';
end
$$;
create trigger payouts_immutable before update or delete on payouts
  for each statement execute function payouts_immutable();
create trigger payout_lines_immutable before update or delete on payout_lines
  for each statement execute function payouts_immutable();
