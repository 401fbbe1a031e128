-- 017: integrators serve themselves (docs/webhooks.md, docs/api.md): token scopes, webhook endpoints
-- managed through the API, and the idempotency keys of the API's writes.

-- What a token may do besides reading. Every token reads; a write needs its own scope, so that a
-- leaked read token cannot redirect a creator's events. Every token issued so far keeps `read`.
alter table api_tokens add column scopes text[] not null default '{read}';
alter table api_tokens add constraint api_tokens_scopes_check
  check (scopes @> '{read}' and scopes <@ '{read,webhooks:write}');

-- The integrator's own label for an endpoint, and who disabled it: the delivery loop after the
-- retry schedule ('retries'), or the account through the API or the operator ('account').
alter table webhook_endpoints add column description text not null default '';
alter table webhook_endpoints add column disabled_by text check (disabled_by in ('retries', 'account'));
update webhook_endpoints set disabled_by = 'retries' where disabled_at is not null;
alter table webhook_endpoints add constraint webhook_endpoints_disabled_check
  check ((disabled_at is null) = (disabled_by is null));

-- The API lists an account's endpoints in id order, a page at a time: replaces the index on
-- account_id alone, which the writers' fan-out also uses through its leading column.
create index webhook_endpoints_account_id_idx on webhook_endpoints (account_id, id);
drop index webhook_endpoints_account_idx;

-- A write's Idempotency-Key (Stripe's convention), per account, for 24 hours: the request's
-- fingerprint (method, path, body) and the first answer. The key is inserted by the write's own
-- transaction, so a second request with the same key waits for the first and returns its answer.
create table idempotency_keys (
  account_id  text not null references accounts (id) on delete cascade,
  key         text not null,
  fingerprint text not null,
  status      integer,
  response    text,
  created_at  timestamptz not null default now(),
  primary key (account_id, key)
);
-- the sweep of keys past their 24 hours
create index idempotency_keys_created_idx on idempotency_keys (created_at);
