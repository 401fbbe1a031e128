// One scenario's figures, as they appear in latest.json (keys and their order).
import type { Measure } from './load.js'

export interface Result {
  name: string
  depth: number
  rps: number
  p50_ms: number
  p99_ms: number
  errors: number
  /** Server CPU per request (all its processes): robust to a busy machine, unlike req/s. */
  cpu_ms_per_req: number
  db_ceiling?: Measure
  http_ceiling?: Measure
  combined_ceiling_rps?: number
  /** ours ÷ combined ceiling in the round whose ratio is the median (bench/rounds.ts). */
  reports_vs_ceiling?: number
  /** Every round's ratio; the row's ours, db and HTTP figures are the median round's. */
  vs_ceiling_rounds?: number[]
  /**
   * The floor: the same statement through a bare Fastify + pg route (no authentication, cursor,
   * validation, metrics or logging), measured in the same rounds; ours ÷ it, and it ÷ the
   * combined ceiling, in the median round.
   */
  floor?: Measure & { cpu_ms_per_req: number }
  floor_vs_ceiling?: number
  /**
   * The floor ÷ the combined ceiling in every round: how far the machine alone moves a round's
   * ratio (a bare server, none of our code changing between rounds).
   */
  floor_vs_ceiling_rounds?: number[]
  vs_floor?: number
  vs_floor_rounds?: number[]
  postgraphile?: Measure
  vs_postgraphile?: number
  offset?: Measure
  vs_offset?: number
  /** PGlite's page, from the round whose PGlite ÷ PostgreSQL is the median. */
  pglite?: Measure
  /** The PostgreSQL server's page in that round, measured beside PGlite's. */
  pglite_postgres?: Measure
  /** PGlite ÷ PostgreSQL req/s in that round, and in every round. */
  pglite_vs_postgres?: number
  pglite_vs_postgres_rounds?: number[]
}

/** One reports page at 1M rows and at the full size, measured back to back. */
export interface ScaleResult {
  name: string
  rows_small: number
  rows_full: number
  p99_ms_small: number
  p99_ms_full: number
  /** p99 at the full size ÷ p99 at 1M: the target is within 20% (0.8–1.2). */
  p99_full_vs_small: number
  rps_small: number
  rps_full: number
  errors: number
}

export const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
