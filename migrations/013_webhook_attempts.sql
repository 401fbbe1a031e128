-- 013: a webhook attempt is recorded before its request goes out, and completed after
-- (docs/webhooks.md): a process killed mid-attempt leaves its attempt in the delivery log instead
-- of a gap before the retry.
--
-- state: sending (recorded with the claim, no outcome yet); succeeded (a 2xx answer); failed
-- (another answer, a timeout, a refused address or connection); interrupted (no outcome will come:
-- its sender stopped; set when the delivery is claimed again). Until then a sending attempt whose
-- lease has run out is shown as interrupted. Only an attempt with an outcome has a duration.
alter table webhook_attempts
  add column state text,
  alter column duration_ms drop not null;

-- every attempt recorded so far was recorded after its outcome
update webhook_attempts set state = case when error is null then 'succeeded' else 'failed' end;

alter table webhook_attempts
  alter column state set not null,
  add constraint webhook_attempts_state_check
    check (state in ('sending', 'succeeded', 'failed', 'interrupted')),
  add constraint webhook_attempts_outcome_check
    check ((state in ('succeeded', 'failed')) = (duration_ms is not null));
