// One delivery attempt: the body signed per the Standard Webhooks specification (the
// `standardwebhooks` package signs, as receivers verify with it), POSTed with a timeout, no
// redirect followed, the response read up to a few KiB, and the connection made only to an
// address the rules of address.ts accept.
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { checkUrl, safeLookup, type Resolve } from './address.js'

const RESPONSE_CAP = 4096

/** A new endpoint secret: whsec_ and 32 random bytes in base64, as Standard Webhooks defines it. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/** The webhook-signature header: one v1 signature per secret (two while a rotation overlaps). */
export function signatures(secrets: readonly string[], id: string, at: Date, body: string): string {
  return secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' ')
}

export interface Attempt {
  ok: boolean
  status: number | null
  error: string | null
  durationMs: number
}

export interface SendOptions {
  timeoutMs: number
  allowHosts: readonly string[]
  /** How host names are resolved (dns.lookup by default); every answer is checked before connecting. */
  lookup?: Resolve
}

/** POSTs one event; never throws: a refusal, timeout or non-2xx is a failed attempt with its reason. */
export async function send(
  url: string,
  secrets: readonly string[],
  event: { id: string; body: string },
  opts: SendOptions,
): Promise<Attempt> {
  const started = performance.now()
  const done = (ok: boolean, status: number | null, error: string | null): Attempt => ({
    ok,
    status,
    error,
    durationMs: Math.round(performance.now() - started),
  })
  let target: URL
  try {
    target = checkUrl(url, opts.allowHosts)
  } catch (err) {
    return done(false, null, (err as Error).message)
  }
  const now = new Date()
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'csapi-webhooks/1',
    'webhook-id': event.id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures(secrets, event.id, now, event.body),
  }
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<Attempt>((resolve) => {
    const req = request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(event.body) },
      lookup: safeLookup(opts.allowHosts, opts.lookup) as never,
      timeout: opts.timeoutMs,
      agent: false,
    })
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs)
    req.on('timeout', () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)))
    req.on('error', (err) => {
      clearTimeout(deadline)
      resolve(done(false, null, err.message))
    })
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (c: Buffer) => {
        if (size < RESPONSE_CAP) chunks.push(c.subarray(0, RESPONSE_CAP - size))
        size += c.length
        if (size >= RESPONSE_CAP) res.destroy()
      })
      const finish = () => {
        clearTimeout(deadline)
        const status = res.statusCode ?? 0
        if (status >= 200 && status < 300) return resolve(done(true, status, null))
        const text = Buffer.concat(chunks).toString('utf8').slice(0, 200).replace(/\s+/g, ' ').trim()
        const why =
          status >= 300 && status < 400
            ? `redirect to ${res.headers.location ?? '(no Location)'} not followed`
            : `HTTP ${status}${text ? `: ${text}` : ''}`
        resolve(done(false, status, why))
      }
      res.on('end', finish)
      res.on('close', finish)
      res.on('error', finish)
    })
    req.end(event.body)
  })
}
