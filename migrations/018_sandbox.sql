-- 018: sandbox worlds (docs/testing-your-integration.md). A world is a sandbox creator and seller
-- with brands, products, partnerships, links and report rows of their own, and a clock that
-- `POST /api/v1/sandbox/advance` moves through the real ingestion and settlement. Live and sandbox
-- data share every table; what keeps them apart is the world an account and a brand belong to
-- (sandbox_id, '' for live) and the rule below that nothing joins two worlds: a creator's rows,
-- payouts and events are its own, and a brand's products, links and rows follow the brand.

create table sandboxes (
  id          text collate "C" primary key check (id ~ '^sbx_[0-9a-f]{12}$'),
  name        text not null default '',
  seed        bigint not null,
  -- the world's today: its reports are in through the day before
  date        date not null,
  -- the first day of its history (a link's traffic trend counts from here)
  origin      date not null,
  creator_id  text not null,
  seller_id   text not null,
  -- an advance in progress (at most one per world) holds the world until it ends; one left by a
  -- process that died is taken over once it is older than the advance's lease
  advancing_since timestamptz,
  created_at  timestamptz not null default now()
);

alter table accounts add column sandbox_id text collate "C" not null default '';
alter table brands add column sandbox_id text collate "C" not null default '';

-- The brands every creator of a world may discover, walked in id order: the discoverable arm of
-- the creator brands page is a range scan of (its world, id).
drop index brands_discoverable_idx;
create index brands_discoverable_idx on brands (sandbox_id, id) where status = 'active' and discoverable;

-- Nothing joins two worlds: an account's brand access, a creator's partnership and link name
-- brands of the account's own world. Products, links' products and report rows already follow
-- their brand and link by foreign keys.
create function same_world_check() returns trigger
language plpgsql as $$
declare
  account text := to_jsonb(new) ->> tg_argv[0];
  brand text := to_jsonb(new) ->> tg_argv[1];
begin
  if (select sandbox_id from accounts where id = account) is distinct from
     (select sandbox_id from brands where id = brand) then
    raise exception '% %: account % and brand % belong to different worlds (live, or a sandbox)',
      tg_table_name, tg_op, account, brand
      using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger brand_access_same_world before insert or update on brand_access
  for each row execute function same_world_check('account_id', 'brand_id');
create trigger partnerships_same_world before insert or update on partnerships
  for each row execute function same_world_check('creator_id', 'brand_id');
create trigger links_same_world before insert or update on links
  for each row execute function same_world_check('creator_id', 'brand_id');

-- Payouts and their lines never change, and are deleted only with the sandbox world they belong
-- to (`csapi sandbox delete`, which names the world in csapi.deleting_sandbox for its transaction).
create or replace function payouts_immutable() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' and coalesce(current_setting('csapi.deleting_sandbox', true), '') <> '' then
    return null; -- each deleted row is checked by the row trigger below
  end if;
  raise exception '% are never changed once written', tg_table_name using errcode = '23514';
end
$$;
create function payouts_deleted_with_world() returns trigger
language plpgsql as $$
begin
  if not exists (select 1 from accounts a
                  where a.id = old.creator_id and a.sandbox_id <> ''
                    and a.sandbox_id = current_setting('csapi.deleting_sandbox', true)) then
    raise exception '% are never changed once written', tg_table_name using errcode = '23514';
  end if;
  return old;
end
$$;
create trigger payouts_deleted_with_world before delete on payouts
  for each row execute function payouts_deleted_with_world();
create trigger payout_lines_deleted_with_world before delete on payout_lines
  for each row execute function payouts_deleted_with_world();
