-- 006: every committed ingest run, written in the run's own transaction (a refused or dry run
-- leaves no row). The service reports them as metrics (csapi_ingest_*), since the runs happen in
-- `csapi ingest` processes that nothing scrapes.
create table ingest_runs (
  id          bigint generated always as identity primary key,
  started_at  timestamptz not null,
  finished_at timestamptz not null default now(),
  files       integer not null,
  rows_read   bigint not null,
  inserted    bigint not null,
  updated     bigint not null,
  unchanged   bigint not null,
  reversed    bigint not null,
  adjustments bigint not null,
  elapsed_ms  bigint not null,
  -- milliseconds per phase: stage, resolve, compute, upsert, adjust
  phases      jsonb not null
);
