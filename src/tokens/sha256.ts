// SHA-256 and HMAC-SHA256 for the request path: every request hashes its API token, and every
// page with a next page signs its cursor. createHash and createHmac build an object and look the
// digest up in OpenSSL on every call; node:crypto's one-shot hash() (Node 20.12 and later) does
// neither, and HMAC is two such hashes over pads computed once per key (RFC 2104). Measured in
// the server on 1-brand pages, four alternating 4-s rounds (docs/performance.md): 0.142–0.148 ms
// of CPU per request against 0.144–0.162, lower in each round. On an older Node both fall back
// to createHash and createHmac. The bytes are the same either way (test/unit/sha256.test.ts).
import * as crypto from 'node:crypto'

type OneShot = (algorithm: string, data: string | Buffer, outputEncoding: 'buffer') => Buffer

// checked once at load: used only where it gives createHash's digest, as a Buffer
function usable(f: OneShot | undefined): OneShot | undefined {
  try {
    const d = f?.('sha256', 'abc', 'buffer')
    return Buffer.isBuffer(d) && d.equals(crypto.createHash('sha256').update('abc').digest()) ? f : undefined
  } catch {
    return undefined
  }
}
const oneShot = usable((crypto as { hash?: OneShot }).hash)

export function sha256(data: string | Buffer): Buffer {
  return oneShot ? oneShot('sha256', data, 'buffer') : crypto.createHash('sha256').update(data).digest()
}

const BLOCK = 64 // SHA-256's block size

/** HMAC-SHA256 under one key, its pads computed once. */
export class HmacSha256 {
  private readonly inner: Buffer
  private readonly outer: Buffer

  constructor(
    private readonly key: Buffer,
    private readonly fast = oneShot !== undefined,
  ) {
    // a key longer than a block is hashed first; a shorter one is padded with zeros
    const k = Buffer.alloc(BLOCK)
    ;(key.length > BLOCK ? sha256(key) : key).copy(k)
    this.inner = Buffer.from(k.map((b) => b ^ 0x36))
    this.outer = Buffer.from(k.map((b) => b ^ 0x5c))
  }

  /** The MAC of the message's UTF-8 bytes. */
  digest(message: string): Buffer {
    if (!this.fast) return crypto.createHmac('sha256', this.key).update(message, 'utf8').digest()
    const inner = sha256(Buffer.concat([this.inner, Buffer.from(message, 'utf8')]))
    return sha256(Buffer.concat([this.outer, inner]))
  }
}
