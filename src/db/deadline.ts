// The client side of the statement timeout. PostgreSQL cancels a statement at the timeout; one
// still running a second later is on a connection that went silent (a peer gone without a
// reset), and waiting on it would hold the request and the connection for as long as TCP takes
// to notice (hours). Its connection is destroyed instead: the statement fails as a lost
// connection (503) and the pool opens a new one.
//
// The pool's own statements (pool.query: one statement per checkout) are watched from the pool's
// acquire and release events, by one sweep for the pool: nothing per statement but a map entry.
// pg's query_timeout, a timer per query, doubled the CPU of a page through the garbage it keeps
// alive. A transaction keeps its connection across statements, so it is not watched here: its
// statements carry pg's per-query timeout (transactions are rare writes).
import type { Socket } from 'node:net'
import type pg from 'pg'

export class Deadlines {
  private readonly checkedOut = new Map<pg.PoolClient, number>()
  private readonly timer: NodeJS.Timeout

  /** `limitMs`: how long a connection may stay checked out for one statement. */
  constructor(pool: pg.Pool, limitMs: number) {
    pool.on('acquire', (client) => this.checkedOut.set(client, Date.now() + limitMs))
    pool.on('release', (_err, client) => this.checkedOut.delete(client))
    // a sweep a quarter of the limit apart: a connection goes at most that late
    this.timer = setInterval(() => this.sweep(), Math.max(10, Math.min(1000, limitMs / 4))).unref()
  }

  /** A connection checked out for a transaction: its statements time out one by one instead. */
  exempt(client: pg.PoolClient): void {
    this.checkedOut.delete(client)
  }

  private sweep(): void {
    const now = Date.now()
    for (const [client, deadline] of this.checkedOut) {
      if (deadline > now) continue
      this.checkedOut.delete(client)
      // pg's Client keeps its socket on `connection.stream`; destroying it fails the statement
      // with "Connection terminated unexpectedly", and the pool drops the client on release
      ;(client as unknown as { connection: { stream: Socket } }).connection.stream.destroy()
    }
  }

  close(): void {
    clearInterval(this.timer)
  }
}
