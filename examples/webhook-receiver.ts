// A webhook receiver for csapi (docs/webhooks.md): verifies each delivery's Standard Webhooks
// signature with nothing but node:crypto, refuses stale timestamps, skips event ids it has seen
// (delivery is at-least-once) and prints the event.
//
//   CSAPI_WEBHOOK_SECRET=whsec_… npx tsx examples/webhook-receiver.ts [port]
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { pathToFileURL } from 'node:url'

/** The event if the signature is one of ours and recent, else null: the ten lines docs/webhooks.md shows. */
export function verifyWebhook(
  secret: string,
  h: IncomingHttpHeaders,
  body: string,
): { id: string; type: string } | null {
  const [id, ts, sigs] = [h['webhook-id'], h['webhook-timestamp'], String(h['webhook-signature'])]
  if (Math.abs(Date.now() / 1000 - Number(ts)) > 300) return null // replayed or clock far off
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest()
  const ok = sigs.split(' ').some((s) => {
    const got = Buffer.from(s.replace(/^v1,/, ''), 'base64')
    return s.startsWith('v1,') && got.length === expected.length && timingSafeEqual(got, expected)
  })
  return ok ? JSON.parse(body) : null
}

function main() {
  const secret = process.env.CSAPI_WEBHOOK_SECRET
  if (!secret) throw new Error('set CSAPI_WEBHOOK_SECRET to the secret `csapi webhooks add` printed')
  const port = Number(process.argv[2] ?? 9000)
  const seen = new Set<string>() // a real receiver keeps these in its database, with what it did
  createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      const event = verifyWebhook(secret, req.headers, body)
      if (!event) return void res.writeHead(400).end('bad signature')
      if (!seen.has(event.id)) console.log(body)
      seen.add(event.id)
      res.writeHead(204).end() // answer quickly; do slow work after answering
    })
  }).listen(port, '127.0.0.1', () => console.error(`listening on http://127.0.0.1:${port}/`))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main()
