// A webhook receiver on 127.0.0.1 for tests through the API: keeps what arrives, answers each
// request with the next planned status (then 200), and verifies bodies with the standardwebhooks
// package as an integrator would.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { once } from 'node:events'
import { Webhook } from 'standardwebhooks'

export interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export class Receiver {
  readonly got: Received[] = []
  plan: number[] = []
  url = ''
  readonly server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      this.got.push({ path: req.url ?? '', headers: req.headers, body })
      res.writeHead(this.plan.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  async start(): Promise<this> {
    this.server.listen(0, '127.0.0.1')
    await once(this.server, 'listening')
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`
    return this
  }
  take(): Received[] {
    return this.got.splice(0)
  }
  close(): void {
    this.server.close()
  }
}

/** The event of a delivery, verified with `secret` (throws when the signature is not its). */
export function verify(secret: string, r: Received): { id: string; type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
    id: string
    type: string
    data: Record<string, unknown>
  }
}
