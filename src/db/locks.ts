// Advisory lock keys, each taken with pg_advisory_xact_lock (held until the transaction ends).
// One place, so that two features can never pick the same number by accident.

/** Applying migrations: several instances starting at once apply each migration once. */
export const MIGRATE_LOCK = 'select pg_advisory_xact_lock(7243001)'

/**
 * Writing report rows and their money: ingestion, settlement (approve, pay) and imports of
 * report rows take it, one at a time. Two runs restating the same rows would otherwise race,
 * and a row approved while a run computes its restatement would be neither updated nor
 * recorded as an adjustment.
 */
export const REPORTS_WRITE_LOCK = 'select pg_advisory_xact_lock(7243003)'
