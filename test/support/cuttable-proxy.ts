// A TCP proxy between the app and a server it depends on (PostgreSQL, Redis), for fault tests.
import { createServer, connect, type Server, type Socket } from 'node:net'

/** A TCP proxy that can drop every connection and refuse new ones, then let them through again. */
export class CuttableProxy {
  private readonly sockets = new Set<Socket>()
  private down = false
  readonly server: Server

  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => {
      if (this.down) return client.destroy()
      const upstream = connect(target)
      for (const s of [client, upstream]) {
        this.sockets.add(s)
        s.on('close', () => this.sockets.delete(s))
        s.on('error', () => {})
      }
      client.pipe(upstream).pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
  }

  async listen(): Promise<number> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r))
    return (this.server.address() as { port: number }).port
  }

  /** Stops passing bytes on the open connections, without closing them: a peer gone silent. */
  silence() {
    for (const s of this.sockets) {
      s.unpipe()
      s.pause()
    }
  }

  cut() {
    this.down = true
    for (const s of this.sockets) s.destroy()
  }

  restore() {
    this.down = false
  }

  close() {
    this.cut()
    return new Promise<void>((r) => this.server.close(() => r()))
  }
}
