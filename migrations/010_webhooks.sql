-- 010: webhooks (docs/webhooks.md): endpoints, the events recorded with the writes that caused
-- them, and their deliveries with every attempt.
--
-- An event is inserted by the writer's own transaction (src/events/record.ts), with one delivery
-- per subscribed endpoint: no event without its change, no change without its event. Deliveries
-- are the queue: any instance claims due ones with FOR UPDATE SKIP LOCKED (the technique of
-- graphile-worker and pg-boss, in one statement that PGlite runs too), so several instances never
-- send the same attempt twice, and a claim not finished (a killed process) is due again when its
-- lease runs out.

create table webhook_endpoints (
  id               text primary key check (id ~ '^we_[0-9a-f]{24}$'),
  account_id       text not null references accounts (id),
  url              text not null,
  -- the event types sent; empty: every type
  events           text[] not null default '{}',
  secret           text not null check (secret ~ '^whsec_'),
  -- after a rotation the previous secret also signs, until previous_secret_until
  previous_secret       text,
  previous_secret_until timestamptz,
  disabled_at      timestamptz,
  disabled_reason  text,
  created_at       timestamptz not null default now()
);
-- the writers' fan-out looks up an account's endpoints (a disabled one's deliveries queue too)
create index webhook_endpoints_account_idx on webhook_endpoints (account_id);

create table webhook_events (
  seq         bigint generated always as identity primary key,
  id          text not null unique check (id ~ '^evt_[0-9a-f]{32}$'),
  account_id  text not null references accounts (id),
  type        text not null check (type in ('reports.changed', 'payout.created', 'adjustment.created', 'webhook.test')),
  -- what the writer knew: reports.changed its counts and dates, webhook.test its endpoint
  data        json not null default '{}',
  -- reports.changed: the changes-feed position before the write (the cursor sent is signed from it)
  feed_after  bigint,
  -- payout.created, adjustment.created: the object's id, rendered as the API returns it
  subject_id  text,
  -- the body as first sent: retries and replays sign the same bytes
  body        text,
  created_at  timestamptz not null default now()
);
-- replay --since
create index webhook_events_created_idx on webhook_events (created_at);

create table webhook_deliveries (
  id              bigint generated always as identity primary key,
  event_seq       bigint not null references webhook_events (seq),
  endpoint_id     text not null references webhook_endpoints (id) on delete cascade,
  status          text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts        integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at    timestamptz,
  created_at      timestamptz not null default now()
);
-- the claim: due pending deliveries in order (a partial index: delivered ones leave it)
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at, id) where status = 'pending';
-- the delivery log of one endpoint, newest first
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id);
create index webhook_deliveries_event_idx on webhook_deliveries (event_seq);

create table webhook_attempts (
  delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
  attempt     integer not null,
  started_at  timestamptz not null,
  duration_ms integer not null,
  http_status integer,
  error       text,
  primary key (delivery_id, attempt)
);
