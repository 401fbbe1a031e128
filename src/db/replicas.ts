// Reads spread over PostgreSQL streaming replicas (DATABASE_REPLICA_URLS), writes on the primary.
//
// A checker asks every node for its state a few times a second: a replica answers with its
// replay position and lag, the primary with its write position. A read goes to a healthy
// replica (round robin), else to the primary; a node that fails a read is marked down at once
// and the read is retried on the next one, so reads move within one request and come back
// with the next check that succeeds. A replica lagging more than maxLagMs is left out.
//
// Pagination across nodes: a walk's pages may be read from different replicas. Each page
// reports the WAL position its node had replayed (`lsn`), and the next page is only read from
// a node known to have replayed at least that far (the floor, carried in the cursor). So every
// row the first page's snapshot held is on every node a later page is read from: keyset
// cursors then give each row exactly once, whatever the lag of the replicas.
import { isUnavailable, openDb, type Db, type OpenDbOptions, type Queryable, type QueryOptions } from './index.js'

export interface NodeStatus {
  name: string
  role: 'primary' | 'replica'
  /** The node answered its last check (or its last read). */
  up: boolean
  /** Replicas: how far behind the primary's commits replay is, in ms (0 when caught up). */
  lagMs: number | null
  /** The WAL position the node is known to have replayed (replicas) or written (primary). */
  lsn: string | null
  /** Replicas: up and within maxLagMs, so reads may go to it. */
  serving: boolean
  /** Reads it answered, and reads that failed because it did not answer (for metrics). */
  reads: number
  errors: number
  db: Db
}

export interface ReadRouterOptions {
  maxLagMs: number
  checkEveryMs: number
}

/** A WAL position `X/Y` as a number (both halves are 32-bit hex), comparable. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/')
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`)
}

const STATE = `select pg_is_in_recovery() as recovery,
  coalesce(pg_last_wal_replay_lsn(), pg_current_wal_lsn())::text as lsn,
  case when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
       else extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 end::float8 as lag_ms`

/** The position a statement's snapshot had: add it to a page statement's columns as `lsn`. */
export const SNAPSHOT_LSN = 'coalesce(pg_last_wal_replay_lsn(), pg_current_wal_lsn())::text'

export class ReadRouter {
  readonly nodes: NodeStatus[]
  private next = 0
  private timer: NodeJS.Timeout | null = null
  private checking: Promise<void> | null = null

  constructor(
    readonly primary: Db,
    replicas: Db[],
    private readonly opts: ReadRouterOptions,
  ) {
    const node = (db: Db, role: NodeStatus['role'], name: string): NodeStatus => ({
      name,
      role,
      up: role === 'primary',
      lagMs: null,
      lsn: null,
      serving: false,
      reads: 0,
      errors: 0,
      db,
    })
    this.nodes = [
      node(primary, 'primary', 'primary'),
      ...replicas.map((db, i) => node(db, 'replica', `replica ${i + 1}`)),
    ]
  }

  get replicas(): NodeStatus[] {
    return this.nodes.slice(1)
  }

  get primaryUp(): boolean {
    return this.nodes[0]!.up
  }

  /** Starts the checker; resolves after the first check, so that the first reads are placed well. */
  async start(): Promise<void> {
    if (this.replicas.length === 0) return
    await this.check()
    this.timer = setInterval(() => void this.check(), this.opts.checkEveryMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  /** Asks every node for its state; at most one round at a time. */
  check(): Promise<void> {
    this.checking ??= Promise.all(this.nodes.map((n) => this.checkNode(n))).then(() => {
      this.checking = null
    })
    return this.checking
  }

  private async checkNode(n: NodeStatus): Promise<void> {
    try {
      const [s] = await n.db.query<{ recovery: boolean; lsn: string; lag_ms: number | null }>(STATE)
      n.up = true
      n.lsn = maxLsn(n.lsn, s!.lsn)
      n.lagMs = n.role === 'replica' ? Math.max(0, Math.round(s!.lag_ms ?? 0)) : null
      // a replica promoted to primary is no longer one to read "behind" anything: still serve
      n.serving = n.role === 'replica' && (n.lagMs ?? 0) <= this.opts.maxLagMs
    } catch {
      this.down(n)
    }
  }

  private down(n: NodeStatus): void {
    n.up = false
    n.serving = false
  }

  /**
   * Where a read goes: the replicas that serve and have replayed at least `floor` (round
   * robin), then the primary. Without replicas, the primary alone.
   */
  candidates(floor: string | null): NodeStatus[] {
    const min = floor === null ? null : lsnValue(floor)
    const ok = this.replicas.filter((n) => n.serving && (min === null || (n.lsn !== null && lsnValue(n.lsn) >= min)))
    const start = ok.length > 0 ? this.next++ % ok.length : 0
    return [...ok.slice(start), ...ok.slice(0, start), this.nodes[0]!]
  }

  /**
   * A Queryable for one request's reads, at or after the WAL position `floor`. A read that
   * fails because its node is unreachable is retried on the next candidate; the node is
   * marked down until a check finds it up again.
   */
  reader(floor: string | null = null): Reader {
    return new Reader(this, floor)
  }

  /** A page read from a node at `lsn`: that node has replayed at least that far. */
  observed(node: NodeStatus, lsn: string): void {
    node.lsn = maxLsn(node.lsn, lsn)
  }

  markDown(node: NodeStatus): void {
    this.down(node)
  }

  async close(): Promise<void> {
    this.stop()
    await this.checking?.catch(() => {})
    await Promise.all(this.replicas.map((n) => n.db.close()))
  }
}

export class Reader implements Queryable {
  /** The node that answered the last read. */
  served: NodeStatus | null = null

  constructor(
    private readonly router: ReadRouter,
    readonly floor: string | null,
  ) {}

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], opts?: QueryOptions): Promise<T[]> {
    return this.read((db) => db.query<T>(sql, params, opts))
  }

  private async read<R>(run: (db: Queryable) => Promise<R>): Promise<R> {
    let last: unknown
    for (const node of this.router.candidates(this.floor)) {
      try {
        const result = await run(node.db)
        this.served = node
        node.up = true
        node.reads++
        return result
      } catch (err) {
        // a statement timeout is load, not a dead node: retrying elsewhere would spread it
        if (!isUnavailable(err) || (err as { code?: string }).code === '57014') throw err
        this.router.markDown(node)
        node.errors++
        last = err
      }
    }
    throw last
  }

  async exec(): Promise<void> {
    throw new Error('a reader does not run scripts')
  }

  /** Records the position a page's statement reported (its `lsn` column). */
  observed(lsn: string | null): void {
    if (lsn !== null && this.served) this.router.observed(this.served, lsn)
  }
}

function maxLsn(a: string | null, b: string | null): string | null {
  // every page reports one: between writes it is the same text, and comparing it costs a parse
  if (a === b || b === null) return a
  if (a === null) return b
  return lsnValue(a) >= lsnValue(b) ? a : b
}

/** Opens the replicas of DATABASE_REPLICA_URLS (PostgreSQL pools, like the primary's). */
export async function openReplicas(urls: string[], opts: OpenDbOptions): Promise<Db[]> {
  const dbs: Db[] = []
  for (const url of urls) dbs.push(await openDb(url, { ...opts, applicationName: 'csapi replica reads' }))
  return dbs
}
