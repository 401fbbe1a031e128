// The client side of the statement timeout. PostgreSQL cancels a statement at the timeout; one
// still running a second later is on a connection that went silent (a peer gone without a
// reset), and waiting on it would hold the request and the pool's connection for as long as TCP
// takes to notice (hours). Its connection is destroyed instead: the statement fails as a lost
// connection (503) and the pool opens a new one.
//
// One sweep for the whole pool rather than a timer per statement. pg's own query_timeout sets a
// timer per query whose callback holds the query and its rows; under 16 connections of 62 KB
// pages that made V8 run 6 full collections per 1,000 requests instead of 1–2, and cost the
// server ~0.2 ms of CPU per request (docs/performance.md).
import type { Socket } from 'node:net'
import type pg from 'pg'

interface Running {
  client: pg.ClientBase
  deadline: number
}

export class Deadlines {
  private readonly running = new Set<Running>()
  private timer: NodeJS.Timeout | null = null

  /** `limitMs`: how long a statement may run before its connection is given up. */
  constructor(private readonly limitMs: number) {}

  /** Runs `fn` (one statement on `client`); past the limit, the client's connection is destroyed. */
  async watch<T>(client: pg.ClientBase, fn: () => Promise<T>): Promise<T> {
    const entry = { client, deadline: Date.now() + this.limitMs }
    this.running.add(entry)
    // a sweep a fraction of the limit apart: the connection goes at most a quarter late
    this.timer ??= setInterval(() => this.sweep(), Math.max(10, Math.min(1000, this.limitMs / 4))).unref()
    try {
      return await fn()
    } finally {
      this.running.delete(entry)
    }
  }

  private sweep(): void {
    const now = Date.now()
    for (const r of this.running) {
      if (r.deadline > now) continue
      this.running.delete(r)
      // pg's Client keeps its socket on `connection.stream`; destroying it fails the statement
      // with "Connection terminated unexpectedly" and the client leaves the pool
      ;(r.client as unknown as { connection: { stream: Socket } }).connection.stream.destroy()
    }
    if (this.running.size === 0 && this.timer) {
      clearInterval(this.timer)
      this.timer = null
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }
}
