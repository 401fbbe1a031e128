// One process at a time on a PGlite directory. Each process runs its own PostgreSQL in WASM over
// the files; a second one over the same directory silently loses its writes (or the first's).
// A lock file in the directory names the holder; a holder that died (kill -9) is recognised by its
// pid no longer running, or running as another process (its start time differs), and is replaced.
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { join } from 'node:path'

/** The lock file's name inside the data directory. */
export const LOCK_FILE = 'csapi.lock'

/** Another process has the directory open: the message says which and what to do. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database ${dataDir} is in use by another csapi process (pid ${pid}); ` +
        'only one process may open it at a time. Stop that process (e.g. the running `csapi serve`) ' +
        'and run this again, or use PostgreSQL (DATABASE_URL=postgres://…) to run tools next to the server.',
    )
  }
}

interface Holder {
  pid: number
  /** The holder's start time as the kernel counts it (Linux), to tell a reused pid from it. */
  started: string | null
  host: string
  token: string
}

/** Lock files this process holds, removed at exit if not released before (a failing command exits at once). */
const held = new Map<string, string>()
let exitHookInstalled = false

/** Linux: field 22 of /proc/<pid>/stat (start time since boot), or null; 'zombie' for a dead, unreaped one. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ') // the name may hold spaces
    return fields[0] === 'Z' ? 'zombie' : (fields[19] ?? null)
  } catch {
    return null
  }
}

/** Whether the process that wrote `h` still runs (on another host: cannot tell, so yes). */
function alive(h: Holder): boolean {
  if (h.host !== hostname()) return true
  if (h.pid === process.pid) return [...held.values()].includes(h.token)
  try {
    process.kill(h.pid, 0)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  const now = startTime(h.pid)
  if (now === 'zombie') return false
  return h.started === null || now === null || now === h.started
}

function readHolder(path: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>
    return typeof h.pid === 'number' && typeof h.token === 'string' ? (h as Holder) : null
  } catch {
    return null // gone meanwhile, or not ours
  }
}

/**
 * Takes the lock of `dataDir` (which exists) for this process; throws DatabaseInUseError when a
 * live process holds it. Returns its release, which is safe to call more than once.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE)
  const me: Holder = { pid: process.pid, started: startTime(process.pid), host: hostname(), token: '' }
  me.token = randomBytes(12).toString('hex')
  // written whole beside it, then linked into place: a lock file is never seen half-written
  const draft = `${path}.${process.pid}.${me.token}`
  writeFileSync(draft, JSON.stringify(me) + '\n')
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, path)
        break
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err
      }
      const holder = readHolder(path)
      if (holder && alive(holder)) throw new DatabaseInUseError(dataDir, holder.pid)
      try {
        unlinkSync(path) // left by a process that is gone
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      }
    }
  } finally {
    unlinkSync(draft)
  }
  held.set(path, me.token)
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.on('exit', () => {
      for (const p of [...held.keys()]) release(p)
    })
  }
  return () => release(path)
}

function release(path: string): void {
  const token = held.get(path)
  if (token === undefined) return
  held.delete(path)
  // only our own file: never one another process took after ours was judged stale
  if (readHolder(path)?.token !== token) return
  try {
    unlinkSync(path)
  } catch {
    // already gone
  }
}
