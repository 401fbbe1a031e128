// Buffers for page bodies, lent for one response and taken back when it has closed.
//
// A page body of tens or hundreds of KB sent as a string is copied several times on its way out
// (flattened, measured, joined to the HTTP head, encoded into a fresh native buffer), and a fresh
// Buffer per response feeds the collector; written into a reused Buffer it is copied once.
// A Buffer is lent until its response has closed: after its last write completed, or after the
// socket's handle closed when the client went away. Nothing reads it afterwards.

/** Smallest and largest Buffer lent: bodies above the largest get a Buffer of their own. */
export const MIN_CLASS = 16 * 1024
export const MAX_CLASS = 4 * 1024 * 1024

export interface BodyPoolStats {
  /** Buffers lent and not yet given back. */
  lent: number
  /** Bytes of the Buffers waiting to be lent again. */
  idleBytes: number
  /** Buffers allocated because none of the size was idle. */
  allocated: number
}

export class BodyPool {
  /** Idle Buffers by size (a power of two from MIN_CLASS to MAX_CLASS). */
  private readonly idle = new Map<number, Buffer[]>()
  /** The Buffers lent, so that only ours come back and each only once. */
  private readonly out = new WeakSet<Buffer>()
  private lent = 0
  private idleBytes = 0
  private allocated = 0

  /** `maxIdleBytes`: idle Buffers kept beyond this are dropped for the collector. */
  constructor(private readonly maxIdleBytes = 32 * 1024 * 1024) {}

  /** A Buffer of at least `size` bytes (its content is whatever it held before). */
  take(size: number): Buffer {
    // above MAX_CLASS: a Buffer of the body's own size, lent like the others but never kept
    if (size > MAX_CLASS) return this.lend(this.alloc(size))
    let cls = MIN_CLASS
    while (cls < size) cls *= 2
    const idle = this.idle.get(cls)?.pop()
    if (idle) this.idleBytes -= cls
    return this.lend(idle ?? this.alloc(cls))
  }

  /** Takes back a Buffer from `take` that nothing will read again. */
  give(buf: Buffer): void {
    if (!this.out.delete(buf)) return
    this.lent--
    if (buf.length > MAX_CLASS || this.idleBytes + buf.length > this.maxIdleBytes) return
    let list = this.idle.get(buf.length)
    if (!list) this.idle.set(buf.length, (list = []))
    list.push(buf)
    this.idleBytes += buf.length
  }

  private alloc(size: number): Buffer {
    this.allocated++
    return Buffer.allocUnsafeSlow(size)
  }

  private lend(buf: Buffer): Buffer {
    this.out.add(buf)
    this.lent++
    return buf
  }

  stats(): BodyPoolStats {
    return { lent: this.lent, idleBytes: this.idleBytes, allocated: this.allocated }
  }
}
