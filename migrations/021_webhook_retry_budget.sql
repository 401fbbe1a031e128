-- 021: enabling a webhook endpoint starts its pending deliveries' retry schedule over
-- (docs/webhooks.md). The schedule counts a delivery's attempts after retries_from, set to its
-- attempts by the enable; the attempts keep their numbers, so the delivery log loses none.
alter table webhook_deliveries
  add column retries_from integer not null default 0,
  add constraint webhook_deliveries_retries_from_check check (retries_from between 0 and attempts);
